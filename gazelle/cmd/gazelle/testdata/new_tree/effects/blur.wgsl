@group(0) @binding(0) var<storage, read_write> blur_out: array<u32>;
@compute @workgroup_size(1) fn blur() { blur_out[0] = 1u; }
