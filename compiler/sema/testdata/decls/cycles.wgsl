// No cycles may exist among module-scope declarations (spec "Declaration and Scope").

const a = a; // ERROR "cycl|recurs|itself"
const b1 = b2; const b2 = b3; const b3 = b1 + 1; // ERROR "cycl|recurs"
alias A = A; // ERROR "cycl|recurs|itself"
alias B1 = array<B2, 2>; alias B2 = B1; // ERROR "cycl|recurs"
struct S1 { s: S1 } // ERROR "cycl|recurs|itself"
struct S2 { t: array<S3, 2> } struct S3 { u: S2 } // ERROR "cycl|recurs"
override o = o + 1; // ERROR "cycl|recurs|itself"
var<private> v: i32 = v; // ERROR "cycl|recurs|itself|cannot"
const n = arrayLen(); fn arrayLen() -> i32 { return n; } // ERROR "cycl|recurs|const"
