// pointer_composite_access: member and index expressions directly on pointers yield
// references (spec "Language Extensions").
requires pointer_composite_access;

struct S { a: i32, v: vec3f, arr: array<f32, 4> }
var<private> pv: S;

fn f(p: ptr<private, S>, pa: ptr<function, array<i32, 2>>, pvec: ptr<function, vec2f>) {
	p.a = 1;
	p.arr[2] = p.v.x;
	let x: f32 = p.v.y;
	let y: vec2f = p.v.xz;
	pa[1] = pa[0];
	pvec.x = 2.0;
	pvec[1] = 3.0;
	let r = &p.arr[1];
	*r = 4.0;
	_ = x; _ = y;
	let missing = p.nope; // ERROR "structure S has no member 'nope'; its members are a, v and arr"
	let no_swizzle_assign = &pvec.x; // ERROR "cannot take the address of a vector component"
}
