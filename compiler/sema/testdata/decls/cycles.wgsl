// No cycles may exist among module-scope declarations (spec "Declaration and Scope").

const a = a; // ERRORx "cycl|recurs|itself"
const b1 = b2; const b2 = b3; const b3 = b1 + 1; // ERRORx "cycl|recurs"
alias A = A; // ERRORx "cycl|recurs|itself"
alias B1 = array<B2, 2>; alias B2 = B1; // ERRORx "cycl|recurs"
struct S1 { s: S1 } // ERRORx "cycl|recurs|itself"
struct S2 { t: array<S3, 2> } struct S3 { u: S2 } // ERRORx "cycl|recurs"
override o = o + 1; // ERRORx "cycl|recurs|itself"
var<private> v: i32 = v; // ERRORx "cycl|recurs|itself|cannot"
const n = arrayLen(); fn arrayLen() -> i32 { return n; } // ERRORx "cycl|recurs|const"
