// Matrix columns are padded to 16 bytes when they have 3 rows; matCx2 columns are 8 bytes.
struct Mats {
  m22: mat2x2<f32>,
  m23: mat2x3<f32>,
  m24: mat2x4<f32>,
  m32: mat3x2<f32>,
  m33: mat3x3<f32>,
  m34: mat3x4<f32>,
  m42: mat4x2<f32>,
  m43: mat4x3<f32>,
  m44: mat4x4<f32>,
  tail: f32,
}
@group(0) @binding(0) var<storage, read> mats: Mats;
@group(0) @binding(1) var<uniform> u: Mats;
@group(0) @binding(2) var<storage, read_write> out: f32;
@compute @workgroup_size(1)
fn main() { out = mats.m33[1].y + u.m32[2].x + mats.tail; }
