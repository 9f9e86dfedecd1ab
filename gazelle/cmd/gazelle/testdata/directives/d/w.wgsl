@group(0) @binding(0) var<storage, read_write> w_out: array<u32>;
@compute @workgroup_size(1) fn w() { w_out[0] = 1u; }
