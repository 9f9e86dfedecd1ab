// Phony assignment: the right-hand side must be constructible, a pointer, a texture
// or a sampler (spec "Phony Assignment").

struct BufferContents { counter: atomic<u32>, data: array<vec4<f32>> }
@group(0) @binding(0) var<storage, read_write> buf: BufferContents;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
var<private> counter: i32;

fn increment_and_yield_previous() -> i32 {
	let previous = counter;
	counter = counter + 1;
	return previous;
}
fn nothing() {}

@fragment
fn shade_it() -> @location(0) vec4<f32> {
	_ = &buf;
	_ = t;
	_ = s;
	_ = increment_and_yield_previous();
	_ = 1;
	_ = vec3(1.0);
	_ = &counter;
	_ = buf.data[0];
	_ = buf; // ERROR "cannot load a value of type BufferContents (it is not constructible)"
	_ = buf.counter; // ERROR "cannot load a value of type atomic<u32> (it is not constructible)"
	_ = buf.data; // ERROR "cannot load a value of type array<vec4<f32>> (it is not constructible)"
	_ = nothing(); // ERROR "function call does not return a value"
	_ = i32; // ERROR "type 'i32' cannot be used as a value"
	return vec4f();
}
