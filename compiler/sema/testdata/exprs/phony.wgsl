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
	_ = buf; // ERRORx "runtime|construct|atomic|load"
	_ = buf.counter; // ERRORx "atomic|construct|load"
	_ = buf.data; // ERRORx "runtime|construct|array"
	_ = nothing(); // ERRORx "void|no value|does not return|return"
	_ = i32; // ERRORx "type|value"
	return vec4f();
}
