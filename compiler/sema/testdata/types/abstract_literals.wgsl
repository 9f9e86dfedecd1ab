// Type inference for literals and abstract numerics (spec "Abstract Numeric Types",
// example "Type inference for literals").

fn f() {
	var u32_1 = 1u;
	var i32_1 = 1i;
	var f32_1 = 1f;
	var u32_neg = -1u; // ERROR "operator '-' cannot be applied to u32"
	let some_i32 = 1;
	var i32_from_type: i32 = 1;
	var u32_from_type: u32 = 1;
	var f32_promotion: f32 = 1;
	var i32_demotion: i32 = 1.0; // ERROR "cannot use a value of type AbstractFloat as i32 to initialize 'i32_demotion'"
	var u32_from_expr = 1 + u32_1;
	var i32_from_expr = 1 + i32_1;
	let u32_too_large: u32 = 1234567890123456890; // ERROR "value 1234567890123456890 does not fit in u32"
	let i32_too_large: i32 = 1234567890123456890; // ERROR "value 1234567890123456890 does not fit in i32"
	let u32_large: u32 = 2147483649;
	let i32_large: i32 = 2147483649; // ERROR "value 2147483649 does not fit in i32"
	let f32_out_of_range1 = 0x1p500; // ERROR "value 3.273390607896142e+150 is outside the finite range of f32"
	let f32_hex_lost_bits = 0x1.0000000001p0f; // ERROR "hexadecimal literal 0x1.0000000001p0f cannot be exactly represented as f32"
	// An unsuffixed literal is an AbstractFloat; concretizing it to f32 rounds (spec
	// "Floating Point Conversion"), whatever the comment in the spec's example says.
	let f32_hex_rounded = 0x1.0000000001p0;
	let i32_min = -2147483648;
	let i32_too_large_2 = 2147483648; // ERROR "value 2147483648 does not fit in i32"
	var u32_expr1 = (1 + (1 + (1 + (1 + 1)))) + 1u;
	var u32_expr2 = 1u + (1 + (1 + (1 + (1 + 1))));
	var u32_expr3 = (1 + (1 + (1 + (1u + 1)))) + 1;
	var u32_expr4 = 1 + (1 + (1 + (1 + (1u + 1))));
	let i32_clamp = clamp(1, -5, 5);
	let u32_clamp = clamp(5, 0, u32_from_expr);
	let f32_clamp = clamp(0, f32_1, 1);
	let f32_promotion1 = 1.0 + 2 + 3 + 4;
	let f32_promotion2 = 2 + 1.0 + 3 + 4;
	let f32_promotion3 = 1f + ((2 + 3) + 4);
	let f32_promotion4 = ((2 + (3 + 1f)) + 4);
	let mismatch: u32 = 1.0; // ERROR "cannot use a value of type AbstractFloat as u32 to initialize 'mismatch'"
	let ambiguous_clamp = clamp(1u, 0, 1i); // ERROR "no matching overload for clamp(u32, AbstractInt, i32)"
	let some_f32: f32 = some_i32; // ERROR "cannot use a value of type i32 as f32 to initialize 'some_f32'"
	let overflow_u32 = (1 - 2) + 1u; // ERROR "value -1 does not fit in u32"
	let out_and_in_again = (0x1ffffffff / 8);
	let out_of_range = (0x1ffffffff / 8u); // ERROR "value 8589934591 does not fit in u32"
	let mixed = 1u + 2.5; // ERROR "no matching overload for operator '+' with operands u32 and AbstractFloat"
	let wrapped = -1 * i32(-2147483648);
	_ = i32_1 + i32_from_type + i32_from_expr + some_i32 + i32_min + i32_clamp + wrapped;
	_ = u32_from_type + u32_expr1 + u32_expr2 + u32_expr3 + u32_expr4 + u32_large + u32_clamp;
	_ = f32_promotion + f32_clamp + f32_promotion1 + f32_promotion2 + f32_promotion3 + f32_promotion4;
	_ = out_and_in_again + i32(f32_hex_rounded);
}
