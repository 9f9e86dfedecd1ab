@group(0) @binding(0) var<storage, read_write> hand_out: array<u32>;
@compute @workgroup_size(1) fn hand() { hand_out[0] = 1u; }
