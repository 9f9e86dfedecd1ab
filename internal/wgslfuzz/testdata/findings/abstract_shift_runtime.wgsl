// Class 1: an abstract integer shifted by a runtime amount reached the IR as AbstractInt
// ("internal error ... abstract type AbstractInt in the IR").
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) s: u32) {
	if ((1 >> s) > 0) { o[s] = 1u; }
	o[8u + s] = u32(1 << s);
}
