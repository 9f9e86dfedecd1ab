@group(0) @binding(0) var<storage, read_write> shade_out: array<u32>;
@compute @workgroup_size(1) fn shade() { shade_out[0] = 1u; }
