@group(0) @binding(0) var<storage, read_write> compute_out: array<u32>;
@compute @workgroup_size(1) fn compute() { compute_out[0] = 1u; }
