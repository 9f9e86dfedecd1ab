@group(0) @binding(0) var<storage, read_write> grown_out: array<u32>;
@compute @workgroup_size(1) fn grown() { grown_out[0] = 1u; }
