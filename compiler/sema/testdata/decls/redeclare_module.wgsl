// Two declarations must not have the same name and the same end of scope
// (spec "Declaration and Scope").

const x = 1;
const x = 2; // ERROR "redeclaration of 'x'"
var<private> y: i32;
fn y() {} // ERROR "redeclaration of 'y'"
struct S { a: i32 }
alias S = i32; // ERROR "redeclaration of 'S'"
override o: i32;
struct o { b: i32 } // ERROR "redeclaration of 'o'"
fn f() {}
fn f(a: i32) {} // ERROR "redeclaration of 'f'"
