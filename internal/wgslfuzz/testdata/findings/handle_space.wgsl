// Class 7: "wgslc: variable x: type T is not a resource type", exit 2 and no position.
struct T { a: f32 }
@group(0) @binding(0) var<handle> x: T;
@compute @workgroup_size(1) fn main() { _ = x; }
