@group(0) @binding(0) var<storage, read_write> draft_out: array<u32>;
@compute @workgroup_size(1) fn draft() { draft_out[0] = 1u; }
