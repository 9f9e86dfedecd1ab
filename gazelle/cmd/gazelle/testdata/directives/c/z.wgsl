@group(0) @binding(0) var<storage, read_write> z_out: array<u32>;
@compute @workgroup_size(1) fn z() { z_out[0] = 1u; }
