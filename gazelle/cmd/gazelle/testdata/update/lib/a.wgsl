@group(0) @binding(0) var<storage, read_write> a_out: array<u32>;
@compute @workgroup_size(1) fn a() { a_out[0] = 1u; }
