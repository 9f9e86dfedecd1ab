// A let array indexed by a value only the dispatch knows: an older naga refuses a dynamic
// index into a let array (a var is what it reads).

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let weights = array<u32, 4>(1u, 2u, 4u, 8u);
  out[i] = weights[i] * 3u;
}
