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

	let of_let = &p; // ERRORx "address|reference|let|pointer"
	let of_param = &param; // ERRORx "address|reference|param|value"
	let of_value = &(local + 1); // ERRORx "address|reference|value"
	let of_literal = &1; // ERRORx "address|reference|value"
	let of_texture = &tex; // ERRORx "address|handle|texture"
	let of_sampler = &smp; // ERRORx "address|handle|sampler"
	let of_component = &pv.v.x; // ERRORx "address|vector|component|swizzle"
	let of_component_index = &pv.v[1]; // ERRORx "address|vector|component"
	let deref_value = *local; // ERRORx "deref|indirection|pointer|\\*"
	let deref_ref = *pv; // ERRORx "deref|indirection|pointer|\\*"
	let double_addr = &(&local); // ERRORx "address|reference|pointer|value"
	let ptr_arith = p + 1; // ERRORx "no matching|overload|operator|pointer|ptr"
}
