@group(0) @binding(0) var<storage, read_write> c_out: array<u32>;
@compute @workgroup_size(1) fn c() { c_out[0] = 1u; }
