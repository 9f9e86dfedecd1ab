// The classic trap in its smallest form: dt packs into the tail of the vec3 (offset 12), where
// a host that pads every vec3 to 16 bytes would put it at 16. The negative control of the
// tests is such a host structure.

struct Params {
  gravity: vec3<f32>,  // offset 0
  dt: f32,             // 12
  count: u32,          // 16; size 32
}

@group(0) @binding(0) var<uniform> p_in: Params;
@group(0) @binding(1) var<storage, read_write> p_out: Params;

@compute @workgroup_size(1)
fn main() {
  p_out = Params(p_in.gravity * 2.0 + 1.0, p_in.dt * 2.0 + 1.0, p_in.count * 2u + 1u);
}
