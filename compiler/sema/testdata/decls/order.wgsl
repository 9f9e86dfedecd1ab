// Module-scope declarations are in scope across the whole module, before and after
// their text (spec "Declaration and Scope").

const c1 = c2 + 1;
const c2: i32 = c3 * 2;
const c3 = 5;
const_assert c1 == 11;

alias A1 = A2;
alias A2 = S;
struct S { a: T, b: array<A3, c3> }
struct T { x: f32 }
alias A3 = vec2<i32>;

override o1: f32 = o2 * 2.0;
override o2: f32 = 1.5;

var<private> p1: A1 = S(T(f32(c2)), array<A3, 5>());
var<private> p2 = c1;

fn make() -> A1 {
	return S(T(f()), array<A3, 5>());
}

fn f() -> f32 {
	return g() + o1;
}

fn g() -> f32 { return 1.0; }

@compute @workgroup_size(1)
fn main() {
	p1.a.x = f();
	p2 += c2;
}
