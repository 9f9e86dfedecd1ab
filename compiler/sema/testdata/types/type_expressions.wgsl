// Types, type-generators and enumerants are not values; values are not types
// (spec "Type Expressions", "Enumeration Expressions").

const c = 1;
struct S { a: i32 }

fn f() {
	let t = i32; // ERROR "type 'i32' cannot be used as a value"
	let g = vec3; // ERROR "type generator 'vec3' needs template arguments, e.g. vec3<f32>"
	let e = rgba8unorm; // ERROR "enumerant 'rgba8unorm' cannot be used as a value"
	let a = read_write; // ERROR "enumerant 'read_write' cannot be used as a value"
	let s = S; // ERROR "type 'S' cannot be used as a value"
	var v: c; // ERROR "'c' is not a type"
	let x = c(1); // ERROR "'c' is not a function"
	let w = workgroup; // ERROR "enumerant 'workgroup' cannot be used as a value"
	let u = undeclared_name; // ERROR "unresolved identifier 'undeclared_name'"
	let call_undeclared = undeclared_fn(1); // ERROR "unresolved function 'undeclared_fn'"
	let templated_value = c<i32>; // ERROR "'c' does not take template arguments"
}
