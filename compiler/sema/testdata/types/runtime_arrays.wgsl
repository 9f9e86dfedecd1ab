// Runtime-sized arrays: only as a storage buffer's store type or the last member of
// one's structure; expressions never have runtime-sized array type (spec "Array Types",
// "Structure Types").

alias RTArr = array<vec4<f32>>;
struct S { a: f32, b: f32, data: RTArr }
@group(0) @binding(0) var<storage> buffer: S;
@group(0) @binding(1) var<storage, read_write> direct: array<u32>;
@group(0) @binding(2) var<storage> nested_fixed: array<array<u32, 4>>;
struct Inner { x: f32 }
@group(0) @binding(3) var<storage> of_struct: array<Inner>;

struct NotLast { data: array<f32>, after: f32 } // ERRORx "runtime|last"
struct Outer { s: S } // ERRORx "runtime|footprint|last|member"
struct InArray { arr: array<S, 2> } // ERRORx "runtime|footprint|element"
@group(0) @binding(4) var<uniform> uniform_rt: array<vec4f>; // ERRORx "runtime|uniform|constructible|fixed"
var<workgroup> workgroup_rt: array<i32>; // ERRORx "runtime|workgroup|fixed|footprint|storage"

fn f() {
	let n = arrayLength(&direct);
	let x = buffer.data[n - 1];
	let whole = buffer.data; // ERRORx "runtime|construct|array"
	var copy = direct; // ERRORx "runtime|construct|array|storable"
	_ = x;
}
fn param(p: array<u32>) {} // ERRORx "runtime|constructible|parameter"
fn ret() -> array<u32> {} // ERRORx "runtime|constructible|return"
