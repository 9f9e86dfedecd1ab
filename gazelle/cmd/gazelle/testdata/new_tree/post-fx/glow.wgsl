@group(0) @binding(0) var<storage, read_write> glow_out: array<u32>;
@compute @workgroup_size(1) fn glow() { glow_out[0] = 1u; }
