// Address-of and indirection (spec "Address-Of Expression", "Indirection Expression",
// "Forming Reference and Pointer Values").

struct S { a: i32, v: vec4f, arr: array<u32, 4> }
var<private> pv: S;
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var smp: sampler;

fn f(param: i32) {
	var local = 1;
	let p = &local;
	*p = 2;
	let q: ptr<private, S> = &pv;
	(*q).a = 3;
	let r = &(*q).arr[2];
	*r += 1u;
	let s = &((*q).v);
	let t = *&local;
	_ = t;
	_ = s;

	let of_let = &p; // ERROR "cannot take the address of a value; '&' needs a variable or a part of one"
	let of_param = &param; // ERROR "cannot take the address of a value; '&' needs a variable or a part of one"
	let of_value = &(local + 1); // ERROR "cannot take the address of a value; '&' needs a variable or a part of one"
	let of_literal = &1; // ERROR "cannot take the address of a value; '&' needs a variable or a part of one"
	let of_texture = &tex; // ERROR "cannot take the address of a texture or sampler (handle address space)"
	let of_sampler = &smp; // ERROR "cannot take the address of a texture or sampler (handle address space)"
	let of_component = &pv.v.x; // ERROR "cannot take the address of a vector component"
	let of_component_index = &pv.v[1]; // ERROR "cannot take the address of a vector component"
	let deref_value = *local; // ERROR "cannot dereference a value of type i32; '*' needs a pointer"
	let deref_ref = *pv; // ERROR "cannot dereference a value of type S; '*' needs a pointer"
	let double_addr = &(&local); // ERROR "cannot take the address of a value; '&' needs a variable or a part of one"
	let ptr_arith = p + 1; // ERROR "no matching overload for operator '+' with operands ptr<function, i32> and AbstractInt"
}
