// Built-in functions evaluated in const-expressions: results must be finite and
// arguments within the function's domain (spec "Numeric Built-in Functions", "Domains
// of Floating Point Expressions and Built-in Functions").

const sqrt_neg = sqrt(-1.0); // ERROR "sqrt of negative value -1.0 in constant expression"
const log_zero = log(0.0); // ERROR "log of non-positive value 0.0 in constant expression"
const log2_neg = log2(-1.0); // ERROR "log2 of non-positive value -1.0 in constant expression"
const acos_big = acos(2.0); // ERROR "acos of 2.0, outside its domain [-1, 1], in constant expression"
const asin_big = asin(-1.5); // ERROR "asin of -1.5, outside its domain [-1, 1], in constant expression"
const acosh_small = acosh(0.5); // ERROR "acosh of 0.5, outside its domain [1, +inf), in constant expression"
const atanh_one = atanh(1.0); // ERROR "atanh of 1.0, outside its domain (-1, 1), in constant expression"
const inverse_sqrt_zero = inverseSqrt(0.0); // ERROR "inverseSqrt of non-positive value 0.0 in constant expression"
const pow_neg = pow(-1.0, 0.5); // ERROR "pow(-1.0, 0.5) is undefined: the base is negative, or zero with an exponent that is not positive, in constant expression"
const exp_big = exp(1000.0); // ERROR "exp(1000.0) overflows AbstractFloat in constant expression"
const exp2_f32 = exp2(128f); // ERROR "exp2(128.0f) overflows f32 in constant expression"
const cosh_big = cosh(1000.0); // ERROR "cosh(1000.0) overflows AbstractFloat in constant expression"
const sinh_big = sinh(-1000.0); // ERROR "sinh(-1000.0) overflows AbstractFloat in constant expression"
const degrees_big = degrees(1e308); // ERROR "degrees(1e+308) overflows AbstractFloat in constant expression"
const dot_big = dot(vec2(1e200), vec2(1e200)); // ERROR "dot(vec2(1e+200, 1e+200), vec2(1e+200, 1e+200)) overflows AbstractFloat in constant expression"
const length_big = length(vec2(1e200, 1e200)); // ERROR "length(vec2(1e+200, 1e+200)) overflows AbstractFloat in constant expression"
const distance_big = distance(vec2(1e300), vec2(-1e300)); // ERROR "distance(vec2(1e+300, 1e+300), vec2(-1e+300, -1e+300)) overflows AbstractFloat in constant expression"
const cross_big = cross(vec3(1e200), vec3(-1e200, 1e200, 1)); // ERROR "cross(vec3(1e+200, 1e+200, 1e+200), vec3(-1e+200, 1e+200, 1.0)) overflows AbstractFloat in constant expression"
const det_big = determinant(mat2x2(1e200, 1e200, -1e200, 1e200)); // ERROR "determinant(mat2x2(vec2(1e+200, 1e+200), vec2(-1e+200, 1e+200))) overflows AbstractFloat in constant expression"
const fma_big = fma(1e200, 1e200, 1.0); // ERROR "fma(1e+200, 1e+200, 1.0) overflows AbstractFloat in constant expression"
const normalize_zero = normalize(vec2(0.0, 0.0)); // ERROR "normalize of the zero vector vec2(0.0, 0.0) in constant expression"
const ldexp_big = ldexp(1.0, 2000); // ERROR "ldexp: exponent is greater than 1024 (the bias + 1 of AbstractFloat)"
const ldexp_f32 = ldexp(1.0f, 128); // ERROR "ldexp(1.0f, 128i) overflows f32 in constant expression"
const clamp_order = clamp(1, 2, 1); // ERROR "clamp: low is greater than high"
const smoothstep_equal = smoothstep(1.0, 1.0, 0.5); // ERROR "smoothstep: edge0 and edge1 are equal"
const extract_bits = extractBits(1u, 30u, 5u); // ERROR "extractBits: offset 30 + count 5 is greater than the bit width 32"
const insert_bits = insertBits(1i, 1i, 30u, 5u); // ERROR "insertBits: offset 30 + count 5 is greater than the bit width 32"
const quantize_big = quantizeToF16(1e10); // ERROR "quantizeToF16 of 1e+10f, outside the finite range of f16, in constant expression"
const pack_big = pack2x16float(vec2(1e10, 0)); // ERROR "pack2x16float of 1e+10f, outside the finite range of f16, in constant expression"
const unpack_inf = unpack2x16float(0x7c00u); // ERROR "unpack2x16float of bits 0x7c00, an f16 infinity or NaN, in constant expression"
const mat_overflow = mat2x2(1e308, 0, 0, 1) * 10.0; // ERROR "1e+308 * 10.0 overflows AbstractFloat in constant expression"

// Domain-safe calls.
const_assert sqrt(4.0) == 2.0;
const_assert smoothstep(1.0, 0.0, 2.0) == 0.0;
const_assert ldexp(1.0, 1023) == 0x1p1023;
const_assert atan2(0.0, 0.0) == 0.0 || true;

fn runtime(x: f32, u: u32, v: i32) {
	// With const bounds, offsets and counts, these are errors even for runtime values.
	let a = clamp(x, 2.0, 1.0); // ERROR "clamp: low is greater than high"
	let b = extractBits(u, 30u, 5u); // ERROR "extractBits: offset 30 + count 5 is greater than the bit width 32"
	let c = insertBits(v, v, 31u, 2u); // ERROR "insertBits: offset 31 + count 2 is greater than the bit width 32"
	let d = ldexp(x, 200); // ERROR "ldexp: exponent is greater than 128 (the bias + 1 of f32)"
	let e = smoothstep(0.5, 0.5, x); // ERROR "smoothstep: edge0 and edge1 are equal"
	let ok = clamp(x, 1.0, 2.0) + smoothstep(0.0, 1.0, x) + ldexp(x, v) + sqrt(x) + log(x);
}
