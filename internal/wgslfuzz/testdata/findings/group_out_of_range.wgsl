// Class 2: @group(4294967295) was accepted, where the argument is an i32 (Tint rejects it).
@group(4294967295) @binding(0) var<uniform> u: vec4f;
@compute @workgroup_size(1) fn main() { _ = u; }
