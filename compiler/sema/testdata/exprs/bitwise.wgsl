// Bitwise operators: integer scalars and vectors; & | ^ also on bool (spec "Bit
// Expressions").

fn f(i: i32, u: u32, iv: vec2i, uv: vec2u, x: f32, b: bool) {
	let a = (i & 3) | 5;
	let c = ~u & 0xffu;
	let d = iv << vec2u(1u, 2u);
	let e = uv >> vec2(3u);
	let g = i << u;
	let h = ~iv;
	let k = b & true;
	_ = a; _ = c; _ = d; _ = e; _ = g; _ = h; _ = k;

	let float_and = x & x; // ERRORx "no matching|overload|operator|f32"
	let mixed_and = i & u; // ERRORx "no matching|overload|operator|mismatch"
	let float_not = ~x; // ERRORx "no matching|overload|operator|f32"
	let bool_not = ~b; // ERRORx "no matching|overload|operator|bool"
	let shift_by_signed = u << i; // ERRORx "no matching|overload|operator|u32|cannot"
	let shift_float = x << 1u; // ERRORx "no matching|overload|operator|f32"
	let shift_vec_scalar = iv << 1u; // ERRORx "no matching|overload|operator|mismatch"
	let bool_shift = b << 1u; // ERRORx "no matching|overload|operator|bool"
}
