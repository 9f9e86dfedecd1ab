// wgslc accepted, Tint rejected: @interpolate on a member of a uniform structure, without
// @location (spec "interpolate": only on a declaration with a location attribute).
struct U { @align(16) @interpolate(flat) a: u32 }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() { o[0] = u.a; }
