@group(0) @binding(0) var<storage, read_write> particles_out: array<u32>;
@compute @workgroup_size(1) fn particles() { particles_out[0] = 1u; }
