// Increments, decrements and compound assignments through pointers, array elements,
// members and vector components (spec "Increment and Decrement Statements",
// "Compound Assignment").

struct S { n: i32, v: vec3u, arr: array<i32, 4> }
var<private> g: S;

fn bump(p: ptr<function, i32>) { (*p)++; *p += 2; }
fn f(i: i32) {
	var s: S;
	var x = 0;
	bump(&x);
	s.n++;
	s.v.y--;
	s.v[2] += 1u;
	s.arr[i] *= 3;
	g.arr[1] <<= 2u;
	let p = &g;
	(*p).n--;
	let q = &s.arr[0];
	*q ^= 5;
	var m = mat2x2f();
	m[1] *= 2.0;
	m[0][1] += 1.0;
	var b = vec2(true, false);
	b.x |= true;
	let not_ref = s.n + 1;
	(*&x)++;
	not_ref++; // ERROR "cannot assign to let 'not_ref'; only variables (and parts of them) can be assigned"
	s.v++; // ERROR "'++' needs an i32 or u32 variable, not vec3<u32>"
	b.y++; // ERROR "'++' needs an i32 or u32 variable, not bool"
}
