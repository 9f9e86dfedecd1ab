@group(0) @binding(0) var<storage, read_write> sky_out: array<u32>;
@compute @workgroup_size(1) fn sky() { sky_out[0] = 1u; }
