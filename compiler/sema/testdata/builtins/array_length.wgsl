// arrayLength(p): p is a pointer to a runtime-sized array in storage memory
// (spec "arrayLength").

struct S { count: u32, data: array<vec4f> }
@group(0) @binding(0) var<storage> s: S;
@group(0) @binding(1) var<storage, read_write> direct: array<i32>;
var<private> fixed: array<i32, 4>;

fn f(p: ptr<storage, array<i32>, read_write>) -> u32 {
	return arrayLength(p);
}

@compute @workgroup_size(1)
fn main() {
	let a: u32 = arrayLength(&s.data) + arrayLength(&direct) + f(&direct);
	let b = arrayLength(s.data); // ERROR "no matching|overload|arrayLength|pointer|runtime"
	let c = arrayLength(&fixed); // ERROR "no matching|overload|arrayLength|runtime"
	let d = arrayLength(&s); // ERROR "no matching|overload|arrayLength|runtime"
	let e = arrayLength(direct); // ERROR "no matching|overload|arrayLength|pointer|runtime"
	_ = a;
}
