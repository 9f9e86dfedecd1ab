// Comparison and logical operators (spec "Comparison Expressions", "Logical
// Expressions").

struct S { a: i32 }

fn f(i: i32, u: u32, x: f32, b: bool, v: vec3f, bv: vec3<bool>, s: S, arr: array<i32, 2>) {
	let c1: bool = (i < 1 && u >= 2u) || x != 0.5;
	let c2: vec3<bool> = v == vec3(1.0);
	let c3: vec3<bool> = v < v;
	let c4 = b == false && !b;
	let c5: vec3<bool> = (!bv & bv) | (bv != bv);
	let c6 = (b & c1) | b;
	let c7: bool = all(bv == bv);
	_ = c2; _ = c3; _ = c5; _ = c6; _ = c7;

	let lt_bool = b < true; // ERRORx "no matching|overload|operator|bool"
	let mixed = i == u; // ERRORx "no matching|overload|operator|mismatch"
	let struct_eq = s == s; // ERRORx "no matching|overload|operator|struct"
	let array_eq = arr == arr; // ERRORx "no matching|overload|operator|array"
	let vec_and = bv && bv; // ERRORx "no matching|overload|operator|bool|vec"
	let int_and = i && i; // ERRORx "no matching|overload|operator|bool"
	let not_int = !i; // ERRORx "no matching|overload|operator|bool"
	let vec_if = select(1, 2, bv); // ERRORx "no matching|overload|select"
	let as_bool: bool = v == v; // ERRORx "cannot|mismatch|convert"
}
