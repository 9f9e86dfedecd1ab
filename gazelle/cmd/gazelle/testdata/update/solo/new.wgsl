@group(0) @binding(0) var<storage, read_write> new_out: array<u32>;
@compute @workgroup_size(1) fn new() { new_out[0] = 1u; }
