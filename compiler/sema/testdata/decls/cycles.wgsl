// No cycles may exist among module-scope declarations (spec "Declaration and Scope").

const a = a; // ERROR "cyclic declaration: 'a' refers to itself through a -> a"
const b1 = b2; const b2 = b3; const b3 = b1 + 1; // ERROR "cyclic declaration: 'b1' refers to itself through b1 -> b2 -> b3 -> b1"
alias A = A; // ERROR "cyclic declaration: 'A' refers to itself through A -> A"
alias B1 = array<B2, 2>; alias B2 = B1; // ERROR "cyclic declaration: 'B1' refers to itself through B1 -> B2 -> B1"
struct S1 { s: S1 } // ERROR "cyclic declaration: 'S1' refers to itself through S1 -> S1"
struct S2 { t: array<S3, 2> } struct S3 { u: S2 } // ERROR "cyclic declaration: 'S2' refers to itself through S2 -> S3 -> S2"
override o = o + 1; // ERROR "cyclic declaration: 'o' refers to itself through o -> o"
var<private> v: i32 = v; // ERROR "cyclic declaration: 'v' refers to itself through v -> v"
const n = arrayLen(); fn arrayLen() -> i32 { return n; } // ERROR "function 'arrayLen' cannot be called in a const- or override-expression"
