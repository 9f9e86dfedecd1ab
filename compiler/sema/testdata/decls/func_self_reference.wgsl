// A function's name is not a type or a value inside its own signature: the declaration
// would refer to itself (spec "Declaration and Scope": no cycles).

fn A(x: A) {} // ERROR "cycl|itself"
fn B() -> B { } // ERROR "cycl|itself"
@compute @workgroup_size(C) fn C() {} // ERROR "cycl|itself"
