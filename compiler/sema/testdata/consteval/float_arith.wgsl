// Floating point const-expressions must not overflow or produce infinity or NaN
// (spec "Abstract Numeric Types", "Floating Point Rounding and Overflow").

const max_f32 = 3.40282346638528859812e+38f;
const_assert max_f32 * 1.0f == max_f32;
const_assert 1.5 * 2 == 3.0;
const_assert 7.5 % 2.0 == 1.5;
const_assert -7.5 % 2.0 == -1.5;
const_assert 0x1p1023 * 1.5 > 0x1p1023;
const_assert 1e38f * 3.4f > 0f;

const f32_overflow = max_f32 * 2.0f; // ERROR "3.4028235e+38f * 2.0f overflows f32 in constant expression"
const f32_overflow_add = max_f32 + max_f32; // ERROR "3.4028235e+38f + 3.4028235e+38f overflows f32 in constant expression"
const f32_overflow_sub = -max_f32 - max_f32; // ERROR "-3.4028235e+38f - 3.4028235e+38f overflows f32 in constant expression"
const af_overflow = 0x1p1023 * 2; // ERROR "8.98846567431158e+307 * 2.0 overflows AbstractFloat in constant expression"
const af_div_zero = 1.0 / 0.0; // ERROR "division by zero in constant expression: 1.0 / 0.0"
const f32_div_zero = 1.0f / 0.0f; // ERROR "division by zero in constant expression: 1.0f / 0.0f"
const af_zero_div_zero = 0.0 / 0.0; // ERROR "division by zero in constant expression: 0.0 / 0.0"
const af_rem_zero = 1.0 % 0.0; // ERROR "remainder by zero in constant expression: 1.0 % 0.0"
const f32_vec_overflow = vec2f(1.0, max_f32) * 2.0; // ERROR "3.4028235e+38f * 2.0f overflows f32 in constant expression"
const concretized_overflow: f32 = 1e39; // ERROR "value 1e+39 is outside the finite range of f32"
const mixed = 1e38 * 10f; // ERROR "1e+38f * 10.0f overflows f32 in constant expression"

fn runtime(x: f32) {
	// A runtime dividend with a const zero divisor is not an error for floats.
	let a = x / 0.0;
	let b = x % 0.0;
	let c = 1e38f * x;
}
