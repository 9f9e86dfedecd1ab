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

	let of_let = &p; // ERROR "address|reference|let|pointer"
	let of_param = &param; // ERROR "address|reference|param|value"
	let of_value = &(local + 1); // ERROR "address|reference|value"
	let of_literal = &1; // ERROR "address|reference|value"
	let of_texture = &tex; // ERROR "address|handle|texture"
	let of_sampler = &smp; // ERROR "address|handle|sampler"
	let of_component = &pv.v.x; // ERROR "address|vector|component|swizzle"
	let of_component_index = &pv.v[1]; // ERROR "address|vector|component"
	let deref_value = *local; // ERROR "deref|indirection|pointer|\\*"
	let deref_ref = *pv; // ERROR "deref|indirection|pointer|\\*"
	let double_addr = &(&local); // ERROR "address|reference|pointer|value"
	let ptr_arith = p + 1; // ERROR "no matching|overload|operator|pointer|ptr"
}
