@group(0) @binding(0) var<storage, read_write> tone_out: array<u32>;
@compute @workgroup_size(1) fn tone() { tone_out[0] = 1u; }
