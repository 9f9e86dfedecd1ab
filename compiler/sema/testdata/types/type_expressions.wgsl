// Types, type-generators and enumerants are not values; values are not types
// (spec "Type Expressions", "Enumeration Expressions").

const c = 1;
struct S { a: i32 }

fn f() {
	let t = i32; // ERROR "type|value"
	let g = vec3; // ERROR "type|value|generator"
	let e = rgba8unorm; // ERROR "enumerant|value|texel|format"
	let a = read_write; // ERROR "enumerant|value|access"
	let s = S; // ERROR "type|value"
	var v: c; // ERROR "type|const"
	let x = c(1); // ERROR "not a function|cannot call|callable|const"
	let w = workgroup; // ERROR "enumerant|value|address space"
	let u = undeclared_name; // ERROR "unresolved|undeclared|unknown|not declared"
	let call_undeclared = undeclared_fn(1); // ERROR "unresolved|undeclared|unknown|not declared"
	let templated_value = c<i32>; // ERROR "template|type"
}
