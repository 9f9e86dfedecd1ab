enable f16;
// f16 halves everything: vec3<f16> is 6 bytes, 8-aligned; mat3x3<f16> columns are 8 bytes.
struct Halves {
  a: f16,
  b: vec3<f16>,
  c: f16,
  d: mat3x3<f16>,
  e: array<f16, 3>,
  f: vec2<f16>,
  g: mat2x4<f16>,
  h: f32,
}
@group(0) @binding(0) var<storage, read_write> h: Halves;
@compute @workgroup_size(1)
fn main() { h.a = h.c + h.b.z; }
