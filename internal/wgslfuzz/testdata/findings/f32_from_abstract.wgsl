// Class 2: f32(0xffffffff), as the WebGPU samples write it, was "value 4294967295 does not fit
// in i32" (gpuweb PR #4449 gives f32 an abstract overload).
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() {
	o[0] = f32(0xffffffff);
	o[1] = vec2<f32>(vec2(0xffffffff, 1)).x;
}
