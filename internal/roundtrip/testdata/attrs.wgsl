// @align and @size: members moved to larger alignments, members given more room than their
// type needs, a structure aligned to 64 by one member; the same structure in a uniform
// buffer and in storage.

struct Attrs {
  a: f32,                              // offset 0
  @align(32) b: vec2<f32>,             // 32
  @size(20) c: u32,                    // 40, 20 bytes
  d: f32,                              // 60
  @align(16) @size(48) e: vec3<f32>,   // 64, 48 bytes
  f: i32,                              // 112
  @size(12) g: f32,                    // 116, 12 bytes
  @align(64) h: u32,                   // 128
  @size(40) i: vec4<f32>,              // 144, 40 bytes; size 192
}

@group(0) @binding(0) var<uniform> u_in: Attrs;
@group(0) @binding(1) var<storage, read_write> u_out: Attrs;
@group(0) @binding(2) var<storage, read> s_in: Attrs;
@group(0) @binding(3) var<storage, read_write> s_out: Attrs;

fn derive(x: Attrs) -> Attrs {
  return Attrs(x.a * 2.0 + 1.0, x.b * 2.0 + 1.0, x.c * 2u + 1u, x.d * 2.0 + 1.0, x.e * 2.0 + 1.0,
               x.f * 2 + 1, x.g * 2.0 + 1.0, x.h * 2u + 1u, x.i * 2.0 + 1.0);
}

@compute @workgroup_size(1)
fn main() {
  u_out = derive(u_in);
  s_out = derive(s_in);
}
