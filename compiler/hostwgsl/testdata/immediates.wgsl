// Immediate data: var<push_constant> for naga 0.19, var<immediate> without its requires for
// naga 29.
requires immediate_address_space;

struct Params {
  scale: f32,
  offset: u32,
}

var<immediate> params: Params;

@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;

@compute @workgroup_size(1)
fn main() {
  out[params.offset % 4u] = params.scale * 2.0;
}
