// Types, type-generators and enumerants are not values; values are not types
// (spec "Type Expressions", "Enumeration Expressions").

const c = 1;
struct S { a: i32 }

fn f() {
	let t = i32; // ERRORx "type|value"
	let g = vec3; // ERRORx "type|value|generator"
	let e = rgba8unorm; // ERRORx "enumerant|value|texel|format"
	let a = read_write; // ERRORx "enumerant|value|access"
	let s = S; // ERRORx "type|value"
	var v: c; // ERRORx "type|const"
	let x = c(1); // ERRORx "not a function|cannot call|callable|const"
	let w = workgroup; // ERRORx "enumerant|value|address space"
	let u = undeclared_name; // ERRORx "unresolved|undeclared|unknown|not declared"
	let call_undeclared = undeclared_fn(1); // ERRORx "unresolved|undeclared|unknown|not declared"
	let templated_value = c<i32>; // ERRORx "template|type"
}
