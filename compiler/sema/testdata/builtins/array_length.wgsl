// arrayLength(p): p is a pointer to a runtime-sized array (spec "arrayLength": ptr<AS,
// array<E>, AM>, AS storage, uniform or workgroup). Only storage variables hold runtime-sized
// arrays; a uniform or workgroup pointer to one comes from bufferArrayView (see
// extensions/buffer_view.wgsl), so pointers to the fixed-size arrays of those spaces are
// errors. Tint words it "no matching call to 'arrayLength(ptr<workgroup, array<i32, 4>,
// read_write>)'".

struct S { count: u32, data: array<vec4f> }
@group(0) @binding(0) var<storage> s: S;
@group(0) @binding(1) var<storage, read_write> direct: array<i32>;
var<private> fixed: array<i32, 4>;
var<workgroup> wg_fixed: array<i32, 4>;
@group(0) @binding(2) var<uniform> uni_fixed: array<vec4i, 4>;

fn f(p: ptr<storage, array<i32>, read_write>) -> u32 {
	return arrayLength(p);
}

@compute @workgroup_size(1)
fn main() {
	let a: u32 = arrayLength(&s.data) + arrayLength(&direct) + f(&direct);
	let b = arrayLength(s.data); // ERROR "no matching overload for arrayLength(array<vec4<f32>>)"
	let c = arrayLength(&fixed); // ERROR "no matching overload for arrayLength(ptr<private, array<i32, 4>>)"
	let d = arrayLength(&s); // ERROR "no matching overload for arrayLength(ptr<storage, S>)"
	let e = arrayLength(direct); // ERROR "no matching overload for arrayLength(array<i32>)"
	let g = arrayLength(&wg_fixed); // ERROR "no matching overload for arrayLength(ptr<workgroup, array<i32, 4>>)"
	let h = arrayLength(&uni_fixed); // ERROR "no matching overload for arrayLength(ptr<uniform, array<vec4<i32>, 4>>)"
	_ = a;
}
