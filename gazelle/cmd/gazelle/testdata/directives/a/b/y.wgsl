@group(0) @binding(0) var<storage, read_write> y_out: array<u32>;
@compute @workgroup_size(1) fn y() { y_out[0] = 1u; }
