@group(0) @binding(0) var<storage, read_write> extra_out: array<u32>;
@compute @workgroup_size(1) fn extra() { extra_out[0] = 1u; }
