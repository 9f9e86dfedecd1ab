// Arrays and matrices indexed at run time as values: lets, parameters, members of lets,
// consts and constructors. naga 0.19 indexes them only in memory.
struct Rows {
  m: mat3x3<f32>,
  a: array<u32, 4>,
}

@group(0) @binding(0) var<storage, read_write> out: array<u32, 32>;
@group(0) @binding(1) var<storage, read> input: array<u32, 8>;

fn weight(w: array<f32, 5>, k: u32) -> f32 {
  var total = 0.0;
  for (var j = 0u; j < 5u; j++) {
    total += w[(j + k) % 5u];
  }
  return total * w[k % 5u];
}

fn column(r: Rows, c: u32) -> vec3<f32> {
  return r.m[c % 3u] + vec3f(f32(r.a[c % 4u]));
}

@compute @workgroup_size(1)
fn main() {
  let i = input[0];
  let a = array(10u, 20u, 30u, 40u);
  let m = mat2x2(1.0, 2.0, 3.0, 4.0);
  let r = Rows(mat3x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0), array(5u, 6u, 7u, 8u));
  out[0] = a[i % 4u];
  out[1] = bitcast<u32>(m[i % 2u][1]);
  out[2] = r.a[(i + 1u) % 4u];
  out[3] = bitcast<u32>(weight(array(1.0, 2.0, 3.0, 4.0, 5.0), i));
  out[4] = bitcast<u32>(column(r, i).z);
  out[5] = array(7u, 8u, 9u)[i % 3u];
  out[6] = bitcast<u32>(r.m[i % 3u][(i + 2u) % 3u]);
}
