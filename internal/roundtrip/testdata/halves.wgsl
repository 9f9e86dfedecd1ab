// f16: align 2, vec3<f16> of 6 bytes aligned to 8 with an f16 in its tail, f16 arrays with a
// 2-byte stride, f16 matrices with padded columns; in storage, and in a uniform buffer.
enable f16;

struct Halves {
  a: f16,               // offset 0
  b: vec3<f16>,         // 8
  c: f16,               // 14, in the tail of b
  d: vec2<f16>,         // 16
  e: f32,               // 20
  f: vec4<f16>,         // 24
  g: array<f16, 3>,     // 32, stride 2
  h: mat2x3<f16>,       // 40, columns 8 bytes apart
  i: vec3<f16>,         // 56
  j: u32,               // 64
  k: mat3x2<f16>,       // 68
  l: array<vec3<f16>, 2>,  // 80, stride 8
  m: f16,               // 96; size 104
}

struct UHalves {
  a: f16,               // offset 0
  b: vec3<f16>,         // 8
  c: f16,               // 14
  m: mat2x2<f16>,       // 16
  n: mat4x3<f16>,       // 24
  d: vec4<f16>,         // 56; size 64
}

@group(0) @binding(0) var<storage, read> s_in: Halves;
@group(0) @binding(1) var<storage, read_write> s_out: Halves;
@group(0) @binding(2) var<uniform> u_in: UHalves;
@group(0) @binding(3) var<storage, read_write> u_out: UHalves;

@compute @workgroup_size(1)
fn main() {
  let x = s_in;
  var o: Halves;
  o.a = x.a * 2.0h + 1.0h;
  o.b = x.b * 2.0h + 1.0h;
  o.c = x.c * 2.0h + 1.0h;
  o.d = x.d * 2.0h + 1.0h;
  o.e = x.e * 2.0 + 1.0;
  o.f = x.f * 2.0h + 1.0h;
  for (var i = 0; i < 3; i++) {
    o.g[i] = x.g[i] * 2.0h + 1.0h;
    o.k[i] = x.k[i] * 2.0h + 1.0h;
  }
  o.h = mat2x3<f16>(x.h[0] * 2.0h + 1.0h, x.h[1] * 2.0h + 1.0h);
  o.i = x.i * 2.0h + 1.0h;
  o.j = x.j * 2u + 1u;
  o.l[0] = x.l[0] * 2.0h + 1.0h;
  o.l[1] = x.l[1] * 2.0h + 1.0h;
  o.m = x.m * 2.0h + 1.0h;
  s_out = o;

  u_out.a = u_in.a * 2.0h + 1.0h;
  u_out.b = u_in.b * 2.0h + 1.0h;
  u_out.c = u_in.c * 2.0h + 1.0h;
  u_out.m = u_in.m * 2.0h + mat2x2<f16>(1.0h, 1.0h, 1.0h, 1.0h);
  for (var i = 0; i < 4; i++) {
    u_out.n[i] = u_in.n[i] * 2.0h + 1.0h;
  }
  u_out.d = u_in.d * 2.0h + 1.0h;
}
