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

struct NotLast { data: array<f32>, after: f32 } // ERROR "runtime-sized member 'data' must be the last member of 'NotLast'"
struct Outer { s: S } // ERROR "member 's' has type S, which contains a runtime-sized array; only an array itself may be runtime-sized"
struct InArray { arr: array<S, 2> } // ERROR "array element type S contains a runtime-sized array"
@group(0) @binding(4) var<uniform> uniform_rt: array<vec4f>; // ERROR "a uniform buffer cannot hold a runtime-sized array like array<vec4<f32>>: declare var<storage, read> uniform_rt: array<vec4<f32>> (a read-only storage buffer), or give the array an element count (array<vec4<f32>, N>)"
@group(0) @binding(5) var<uniform> uniform_struct_rt: S; // ERROR "a uniform buffer cannot hold a runtime-sized array (member data of S is array<vec4<f32>>): declare var<storage, read> uniform_struct_rt: S (a read-only storage buffer), or give the array an element count (array<vec4<f32>, N>)"
var<workgroup> workgroup_rt: array<i32>; // ERROR "a workgroup variable's type must be a plain type of fixed size, not array<i32>"

fn f() {
	let n = arrayLength(&direct);
	let x = buffer.data[n - 1];
	let whole = buffer.data; // ERROR "cannot load a value of type array<vec4<f32>> (it is not constructible)"
	var copy = direct; // ERROR "cannot load a value of type array<u32> (it is not constructible)"
	_ = x;
}
fn param(p: array<u32>) {} // ERROR "parameter type array<u32> is not constructible"
fn ret() -> array<u32> {} // ERROR "function return type array<u32> is not constructible" ERROR "function 'ret' must return a value of type array<u32> on every path"
