@group(0) @binding(0) var<storage, read_write> draw_out: array<u32>;
@compute @workgroup_size(1) fn draw() { draw_out[0] = 1u; }
