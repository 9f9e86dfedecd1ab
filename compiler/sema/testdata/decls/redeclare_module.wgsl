// Two declarations must not have the same name and the same end of scope
// (spec "Declaration and Scope").

const x = 1;
const x = 2; // ERRORx "redecl|already declared|redefin"
var<private> y: i32;
fn y() {} // ERRORx "redecl|already declared|redefin"
struct S { a: i32 }
alias S = i32; // ERRORx "redecl|already declared|redefin"
override o: i32;
struct o { b: i32 } // ERRORx "redecl|already declared|redefin"
fn f() {}
fn f(a: i32) {} // ERRORx "redecl|already declared|redefin"
