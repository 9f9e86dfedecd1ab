fn f( { let = ; if { } else else } struct { a: ; b }
@ @ [[ ]] var< > x: = ;
const c = (((1 + ) * ;
