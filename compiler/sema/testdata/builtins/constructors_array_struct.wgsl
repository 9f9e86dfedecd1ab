// Array and structure value constructors (spec "array", "Structures").

struct S { a: i32, b: vec2f, c: array<u32, 2> }
struct Single { x: f32 }

fn f(i: i32, u: u32) {
	let a: array<i32, 3> = array<i32, 3>(1, 2, i);
	let b: array<f32, 4> = array(1, 2.0, 3, 4);
	let c: array<u32, 2> = array(1, u);
	let d: array<vec2f, 2> = array(vec2(1.0), vec2f());
	let e = array<array<i32, 2>, 2>(array(1, 2), array(3, 4));
	let g: S = S(1, vec2(2.0), array(3u, 4u));
	let h: S = S();
	let k = Single(1);
	let l: array<S, 1> = array(S());
	_ = a; _ = b; _ = c; _ = d; _ = e; _ = g; _ = h; _ = k; _ = l;

	let count_mismatch = array<i32, 3>(1, 2); // ERROR "no matching overload for array<i32, 3>(AbstractInt, AbstractInt)"
	let too_many = array<i32, 1>(1, 2); // ERROR "no matching overload for array<i32, 1>(AbstractInt, AbstractInt)"
	let mixed = array(i, u); // ERROR "no matching overload for array(i32, u32)"
	let wrong_element = array<i32, 2>(1, 2.5); // ERROR "no matching overload for array<i32, 2>(AbstractInt, AbstractFloat)"
	let runtime_sized = array<i32>(1, 2); // ERROR "cannot construct a value of type array<i32>: runtime-sized arrays are not constructible"
	let struct_too_few = S(1, vec2(2.0)); // ERROR "structure S has 3 members, but the constructor has 2 arguments"
	let struct_too_many = Single(1.0, 2.0); // ERROR "structure Single has 1 member, but the constructor has 2 arguments"
	let struct_wrong = Single(true); // ERROR "cannot use bool as member 'x' of Single, of type f32"
	let struct_templated = Single<f32>(1.0); // ERROR "type 'Single' does not take template arguments"
}
