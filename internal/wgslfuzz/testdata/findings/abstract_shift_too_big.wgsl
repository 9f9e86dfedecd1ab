// Class 1: "panic: lower: constant 2147483648 does not convert to i32" instead of an error.
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) s: u32) {
	o[0] = u32(2147483648 >> s);
}
