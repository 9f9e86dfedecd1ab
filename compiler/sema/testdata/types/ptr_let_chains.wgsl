// Pointers held in lets, formed from references through member, index and
// indirection expressions (spec "Forming Reference and Pointer Values").

struct S { a: array<vec4f, 3>, b: f32 }
var<private> g: S;
var<workgroup> w: array<S, 2>;

fn f(i: i32) {
	var local: S;
	let p0 = &local;
	let p1 = &(*p0).a;
	let p2 = &(*p1)[i];
	let p3: ptr<function, vec4f> = p2;
	(*p3).x = 1.0;
	(*p3)[2] = 2.0;
	let q = &g.a[2];
	*q = vec4f(1.0);
	let r: ptr<workgroup, f32> = &w[1].b;
	*r += 1.0;
	let deref_value: vec4f = *p3 + p1[0];
	_ = deref_value;
	let wrong: ptr<function, f32> = &g.b; // ERROR "cannot use a value of type ptr<private, f32> as ptr<function, f32> to initialize 'wrong'"
	let p4 = &(*p2).y; // ERROR "cannot take the address of a vector component"
}
