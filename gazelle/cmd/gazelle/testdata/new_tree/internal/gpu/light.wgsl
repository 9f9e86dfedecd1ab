@group(0) @binding(0) var<storage, read_write> light_out: array<u32>;
@compute @workgroup_size(1) fn light() { light_out[0] = 1u; }
