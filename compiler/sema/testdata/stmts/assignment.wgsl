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
	l = 2; // ERRORx "let|cannot assign|not a reference|immutable"
	c = 2; // ERRORx "const|cannot assign|not a reference|immutable"
	param = 2; // ERRORx "param|cannot assign|not a reference|immutable"
	a = 1u; // ERRORx "cannot|convert|mismatch"
	a = 1.0; // ERRORx "cannot|convert|mismatch"
	person = 1; // ERRORx "cannot|convert|mismatch"
	ro.age = 1; // ERRORx "read|access|cannot assign|writ"
	uni.v = vec4f(); // ERRORx "read|access|cannot assign|writ|uniform"
	rw = rw; // ERRORx "runtime|construct|array|assign"
	atom = atom; // ERRORx "atomic|construct|assign"
	tex = tex; // ERRORx "texture|construct|assign|handle"
	g() = 2; // ERRORx "cannot assign|not a reference|value|void"
	p = &a; // ERRORx "let|cannot assign|not a reference|immutable"
}
fn g() -> i32 { return 1; }
