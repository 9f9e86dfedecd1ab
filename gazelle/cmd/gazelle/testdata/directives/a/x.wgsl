@group(0) @binding(0) var<storage, read_write> x_out: array<u32>;
@compute @workgroup_size(1) fn x() { x_out[0] = 1u; }
