@group(0) @binding(0) var<storage, read_write> fresh_out: array<u32>;
@compute @workgroup_size(1) fn fresh() { fresh_out[0] = 1u; }
