// Array strides: roundUp(align, size); arrays of vec3 have stride 16.
struct Arrays {
  a: array<f32, 3>,
  b: array<vec3<f32>, 2>,
  c: array<vec2<u32>, 3>,
  d: array<array<i32, 2>, 2>,
  e: array<mat3x3<f32>, 2>,
  f: u32,
}
struct Uni { a: array<vec4<f32>, 3>, b: array<vec3<f32>, 2>, c: f32 }
@group(0) @binding(0) var<storage, read_write> arrays: Arrays;
@group(1) @binding(0) var<uniform> uni: Uni;
@compute @workgroup_size(4, 2, 1)
fn main() { arrays.f = u32(uni.c + arrays.a[1] + arrays.b[1].z); }
