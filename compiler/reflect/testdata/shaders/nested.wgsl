// Nested structs: in uniform buffers a member after a struct starts at a multiple of 16.
struct Inner { x: f32, y: vec2<f32> }
struct Middle { inner: Inner, @align(16) z: f32, @align(16) w: array<Inner, 2> }
struct Outer { a: f32, @align(16) m: Middle, @align(16) b: u32, c: vec3<u32> }
@group(0) @binding(0) var<uniform> u: Outer;
@group(0) @binding(1) var<storage, read_write> s: Outer;
@compute @workgroup_size(1)
fn main() { s.b = u.b + u32(u.m.inner.y.x); }
