// A switch whose case selectors are const-expressions and the extremes of u32.

const first = 1u;
const second = first + 1u;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  switch (out[id.x]) {
    case 0u, first: { out[id.x] = 10u; }
    case second: { out[id.x] = 20u; }
    case 4294967295u: { out[id.x] = 30u; }
    default: { out[id.x] = 40u; }
  }
}
