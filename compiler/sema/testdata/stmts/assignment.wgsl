// Simple assignment: the left-hand side is a writable reference to a concrete
// constructible type; the right-hand side has its store type (spec "Simple
// Assignment").

struct S { age: i32, weight: f32 }
struct WithAtomic { a: atomic<u32> }
struct U { v: vec4f }
var<private> person: S;
const c = 1;
@group(0) @binding(0) var<storage> ro: S;
@group(0) @binding(1) var<uniform> uni: U;
@group(0) @binding(2) var<storage, read_write> rw: array<i32>;
@group(0) @binding(3) var<storage, read_write> atom: WithAtomic;
@group(0) @binding(4) var tex: texture_2d<f32>;

fn f(param: i32) {
	var a: i32 = 20;
	a = 30;
	person.age = 31;
	var uv: vec2<f32>;
	uv.y = 1.25;
	var sibling: S;
	sibling = person;
	let p = &sibling;
	(*p).weight = 2.0;
	*p = S(1, 2.0);
	rw[0] = a;
	let l = 1;
	l = 2; // ERROR "cannot assign to let 'l'; only variables (and parts of them) can be assigned"
	c = 2; // ERROR "cannot assign to const 'c'; only variables (and parts of them) can be assigned"
	param = 2; // ERROR "cannot assign to parameter 'param'; only variables (and parts of them) can be assigned"
	a = 1u; // ERROR "cannot use a value of type u32 as i32 in assignment"
	a = 1.0; // ERROR "cannot use a value of type AbstractFloat as i32 in assignment"
	person = 1; // ERROR "cannot use a value of type AbstractInt as S in assignment"
	ro.age = 1; // ERROR "cannot assign to 'ro.age': its access mode is read"
	uni.v = vec4f(); // ERROR "cannot assign to 'uni.v': its access mode is read"
	rw = rw; // ERROR "cannot assign a value of type array<i32> (it is not constructible)" ERROR "cannot load a value of type array<i32> (it is not constructible)"
	atom = atom; // ERROR "cannot assign a value of type WithAtomic (it is not constructible)" ERROR "cannot load a value of type WithAtomic (it is not constructible)"
	tex = tex; // ERROR "cannot assign to 'tex': its access mode is read"
	g() = 2; // ERROR "cannot assign to a value; only variables (and parts of them) can be assigned"
	p = &a; // ERROR "cannot assign to a value; only variables (and parts of them) can be assigned"
}
fn g() -> i32 { return 1; }
