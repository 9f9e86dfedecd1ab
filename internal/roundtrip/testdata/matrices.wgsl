// Matrices in a uniform buffer: padded mat3x3 and matCx3 columns, and mat2x2 and matCx2
// (8-byte columns, which Vulkan's std140 rules cannot express: the compiler must split them),
// mixed with scalars that pack after them. The storage pair reads the same structure from a
// read-only storage buffer.

struct Mats {
  m33: mat3x3<f32>,              // offset 0, columns 16 bytes apart
  s: f32,                        // 48
  m22: mat2x2<f32>,              // 56, columns 8 bytes apart
  m32: mat3x2<f32>,              // 72
  t: f32,                        // 96
  m42: mat4x2<f32>,              // 104
  m23: mat2x3<f32>,              // 144
  m24: mat2x4<f32>,              // 176
  m43: mat4x3<f32>,              // 208
  m44: mat4x4<f32>,              // 272
  pairs: array<mat2x2<f32>, 2>,  // 336, stride 16
  v: vec3<f32>,                  // 368
  u: u32,                        // 380; size 384
}

@group(0) @binding(0) var<uniform> u_in: Mats;
@group(0) @binding(1) var<storage, read_write> u_out: Mats;
@group(0) @binding(2) var<storage, read> s_in: Mats;
@group(0) @binding(3) var<storage, read_write> s_out: Mats;

fn d22(m: mat2x2<f32>) -> mat2x2<f32> { return m * 2.0 + mat2x2<f32>(1.0, 1.0, 1.0, 1.0); }

fn d32(m: mat3x2<f32>) -> mat3x2<f32> {
  return mat3x2<f32>(m[0] * 2.0 + 1.0, m[1] * 2.0 + 1.0, m[2] * 2.0 + 1.0);
}

fn derive(m: Mats) -> Mats {
  var o: Mats;
  o.m33 = m.m33 * 2.0 + mat3x3<f32>(vec3(1.0), vec3(1.0), vec3(1.0));
  o.s = m.s * 2.0 + 1.0;
  o.m22 = d22(m.m22);
  o.m32 = d32(m.m32);
  o.t = m.t * 2.0 + 1.0;
  for (var c = 0; c < 4; c++) {
    o.m42[c] = m.m42[c] * 2.0 + 1.0;
    o.m43[c] = m.m43[c] * 2.0 + 1.0;
    o.m44[c] = m.m44[c] * 2.0 + 1.0;
  }
  o.m23 = mat2x3<f32>(m.m23[0] * 2.0 + 1.0, m.m23[1] * 2.0 + 1.0);
  o.m24 = m.m24 * 2.0 + mat2x4<f32>(vec4(1.0), vec4(1.0));
  o.pairs[0] = d22(m.pairs[0]);
  o.pairs[1] = d22(m.pairs[1]);
  o.v = m.v * 2.0 + 1.0;
  o.u = m.u * 2u + 1u;
  return o;
}

@compute @workgroup_size(1)
fn main() {
  u_out = derive(u_in);
  let m = s_in;
  s_out = derive(m);
}
