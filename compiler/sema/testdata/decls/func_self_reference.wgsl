// A function's name is not a type or a value inside its own signature: the declaration
// would refer to itself (spec "Declaration and Scope": no cycles).

fn A(x: A) {} // ERROR "cyclic declaration: 'A' refers to itself through A -> A"
fn B() -> B { } // ERROR "cyclic declaration: 'B' refers to itself through B -> B"
@compute @workgroup_size(C) fn C() {} // ERROR "cyclic declaration: 'C' refers to itself through C -> C"
