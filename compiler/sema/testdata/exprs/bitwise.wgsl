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

	let float_and = x & x; // ERROR "no matching overload for operator '&' with operands f32 and f32"
	let mixed_and = i & u; // ERROR "no matching overload for operator '&' with operands i32 and u32"
	let float_not = ~x; // ERROR "operator '~' needs an integer scalar or vector, not f32"
	let bool_not = ~b; // ERROR "operator '~' needs an integer scalar or vector, not bool"
	let shift_by_signed = u << i; // ERROR "no matching overload for operator '<<' with operands u32 and i32"
	let shift_float = x << 1u; // ERROR "operator '<<' needs an integer left operand, not f32"
	let shift_vec_scalar = iv << 1u; // ERROR "no matching overload for operator '<<' with operands vec2<i32> and u32"
	let bool_shift = b << 1u; // ERROR "operator '<<' needs an integer left operand, not bool"
}
