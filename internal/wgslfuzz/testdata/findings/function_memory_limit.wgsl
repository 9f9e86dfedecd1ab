// Class 3: 131068 bytes of function variables were an error; Tint and Naga accept them, and
// Vulkan devices too: now a warning.
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) {
	var a: array<f32, 32767>;
	a[i] = 2.0;
	o[0] = a[i];
}
