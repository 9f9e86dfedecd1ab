// A function's name is not a type or a value inside its own signature: the declaration
// would refer to itself (spec "Declaration and Scope": no cycles).

fn A(x: A) {} // ERRORx "cycl|itself"
fn B() -> B { } // ERRORx "cycl|itself"
@compute @workgroup_size(C) fn C() {} // ERRORx "cycl|itself"
