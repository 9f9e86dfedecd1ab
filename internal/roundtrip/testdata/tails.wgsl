// vec3 followed by scalars: each scalar packs into the 4-byte tail of the vec3
// before it; the vec3 after a vec2 + f32 starts at the next multiple of 16.
// The uniform pair is stored as a whole struct, the storage pair member by member.

struct Tails {
  a: vec3<f32>,  // offset 0
  b: f32,        // 12, in the tail of a
  c: vec3<i32>,  // 16
  d: u32,        // 28
  e: vec3<u32>,  // 32
  f: i32,        // 44
  g: vec2<f32>,  // 48
  h: f32,        // 56; 4 bytes of padding follow
  i: vec3<f32>,  // 64; 4 bytes of padding follow
  j: vec4<i32>,  // 80
  k: u32,        // 96; 12 bytes of padding end the struct (size 112)
}

@group(0) @binding(0) var<uniform> u_in: Tails;
@group(0) @binding(1) var<storage, read_write> u_out: Tails;
@group(0) @binding(2) var<storage, read> s_in: Tails;
@group(0) @binding(3) var<storage, read_write> s_out: Tails;

fn derive(t: Tails) -> Tails {
  return Tails(t.a * 2.0 + 1.0, t.b * 2.0 + 1.0, t.c * 2 + 1, t.d * 2u + 1u, t.e * 2u + 1u,
               t.f * 2 + 1, t.g * 2.0 + 1.0, t.h * 2.0 + 1.0, t.i * 2.0 + 1.0, t.j * 2 + 1,
               t.k * 2u + 1u);
}

@compute @workgroup_size(1)
fn main() {
  u_out = derive(u_in);
  s_out.a = s_in.a * 2.0 + 1.0;
  s_out.b = s_in.b * 2.0 + 1.0;
  s_out.c = s_in.c * 2 + 1;
  s_out.d = s_in.d * 2u + 1u;
  s_out.e = s_in.e * 2u + 1u;
  s_out.f = s_in.f * 2 + 1;
  s_out.g = s_in.g * 2.0 + 1.0;
  s_out.h = s_in.h * 2.0 + 1.0;
  s_out.i = s_in.i * 2.0 + 1.0;
  s_out.j = s_in.j * 2 + 1;
  s_out.k = s_in.k * 2u + 1u;
}
