// Floating point const-expressions must not overflow or produce infinity or NaN
// (spec "Abstract Numeric Types", "Floating Point Rounding and Overflow").

const max_f32 = 3.40282346638528859812e+38f;
const_assert max_f32 * 1.0f == max_f32;
const_assert 1.5 * 2 == 3.0;
const_assert 7.5 % 2.0 == 1.5;
const_assert -7.5 % 2.0 == -1.5;
const_assert 0x1p1023 * 1.5 > 0x1p1023;
const_assert 1e38f * 3.4f > 0f;

const f32_overflow = max_f32 * 2.0f; // ERRORx "overflow|cannot|represent|inf|fit"
const f32_overflow_add = max_f32 + max_f32; // ERRORx "overflow|cannot|represent|inf|fit"
const f32_overflow_sub = -max_f32 - max_f32; // ERRORx "overflow|cannot|represent|inf|fit"
const af_overflow = 0x1p1023 * 2; // ERRORx "overflow|cannot|represent|inf|fit"
const af_div_zero = 1.0 / 0.0; // ERRORx "zero|overflow|cannot|represent|inf|fit"
const f32_div_zero = 1.0f / 0.0f; // ERRORx "zero|overflow|cannot|represent|inf|fit"
const af_zero_div_zero = 0.0 / 0.0; // ERRORx "zero|nan|NaN|cannot|represent|fit"
const af_rem_zero = 1.0 % 0.0; // ERRORx "zero|nan|NaN|cannot|represent|remainder|fit"
const f32_vec_overflow = vec2f(1.0, max_f32) * 2.0; // ERRORx "overflow|cannot|represent|inf|fit"
const concretized_overflow: f32 = 1e39; // ERRORx "cannot|represent|range|overflow|fit"
const mixed = 1e38 * 10f; // ERRORx "overflow|cannot|represent|inf|fit"

fn runtime(x: f32) {
	// A runtime dividend with a const zero divisor is not an error for floats.
	let a = x / 0.0;
	let b = x % 0.0;
	let c = 1e38f * x;
}
