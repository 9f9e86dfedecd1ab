// @align and @size leave gaps the Go side must reproduce.
struct Padded {
  @size(16) a: f32,
  @align(32) b: vec2<f32>,
  @size(24) c: vec3<i32>,
  d: u32,
  @align(64) @size(128) e: vec4<f32>,
}
@group(0) @binding(0) var<storage, read_write> p: Padded;
@compute @workgroup_size(1)
fn main() { p.d = u32(p.a + p.b.x); }
