// Pointer arguments agree with the parameter on address space, store type and access
// mode; any memory view may be passed (spec "Restrictions on Functions", example
// "Valid and invalid pointer arguments", language extension
// unrestricted_pointer_parameters).

fn bar(p: ptr<function, f32>) {}
fn baz(p: ptr<private, i32>) {}
fn bar2(p: ptr<function, f32>) {
	let a = &*&*(p);
	bar(p);
	bar(a);
}
fn baz2(p: ptr<storage, f32>) {}
fn baz3(p: ptr<storage, f32, read_write>) {}
fn wg(p: ptr<workgroup, array<i32, 4>>) {}
fn uni(p: ptr<uniform, vec4f>) {}

struct S { x: array<f32, 4> }
@group(0) @binding(0) var<storage> ro_storage: f32;
@group(0) @binding(1) var<storage, read_write> rw_storage: f32;
@group(0) @binding(2) var<uniform> u: vec4f;
var<private> usable_priv: i32;
var<private> unusable_priv: array<i32, 4>;
var<workgroup> w: array<i32, 4>;

fn foo() {
	var usable_func: f32;
	var unusable_func: S;
	var i32_func: i32;
	let a_priv = &usable_priv;
	let b_priv = a_priv;
	let c_priv = &*&usable_priv;
	let d_priv = &(unusable_priv[1]);
	let e_priv = d_priv;
	let a_func = &usable_func;
	let b_func = &unusable_func;
	let c_func = &(*b_func).x[0];
	let d_func = c_func;
	let e_func = &*a_func;
	baz(&usable_priv);
	baz(a_priv);
	baz(b_priv);
	baz(c_priv);
	baz(d_priv);
	baz(e_priv);
	bar(&usable_func);
	bar(c_func);
	bar(d_func);
	bar(e_func);
	baz2(&ro_storage);
	baz3(&rw_storage);
	wg(&w);
	uni(&u);
	baz(&i32_func); // ERROR "cannot pass ptr<function, i32> as parameter 'p' of type ptr<private, i32>"
	baz2(&rw_storage); // ERROR "cannot pass ptr<storage, f32, read_write> as parameter 'p' of type ptr<storage, f32>"
	baz3(&ro_storage); // ERROR "cannot pass ptr<storage, f32> as parameter 'p' of type ptr<storage, f32, read_write>"
	bar(&usable_priv); // ERROR "cannot pass ptr<private, i32> as parameter 'p' of type ptr<function, f32>"
	bar(usable_func); // ERROR "cannot pass f32 as parameter 'p' of type ptr<function, f32>"
}
