// Built-in functions evaluated in const-expressions: results must be finite and
// arguments within the function's domain (spec "Numeric Built-in Functions", "Domains
// of Floating Point Expressions and Built-in Functions").

const sqrt_neg = sqrt(-1.0); // ERRORx "sqrt|domain|>= 0|negative|cannot|represent|fit"
const log_zero = log(0.0); // ERRORx "log|domain|> 0|cannot|represent|fit"
const log2_neg = log2(-1.0); // ERRORx "log2|domain|> 0|cannot|represent|fit"
const acos_big = acos(2.0); // ERRORx "acos|domain|range|cannot|represent|fit"
const asin_big = asin(-1.5); // ERRORx "asin|domain|range|cannot|represent|fit"
const acosh_small = acosh(0.5); // ERRORx "acosh|domain|>= 1|cannot|represent|fit"
const atanh_one = atanh(1.0); // ERRORx "atanh|domain|range|cannot|represent|fit"
const inverse_sqrt_zero = inverseSqrt(0.0); // ERRORx "inverseSqrt|domain|> 0|cannot|represent|fit"
const pow_neg = pow(-1.0, 0.5); // ERRORx "pow|domain|cannot|represent|nan|NaN|fit"
const exp_big = exp(1000.0); // ERRORx "exp|overflow|cannot|represent|inf|fit"
const exp2_f32 = exp2(128f); // ERRORx "exp2|overflow|cannot|represent|inf|fit"
const cosh_big = cosh(1000.0); // ERRORx "cosh|overflow|cannot|represent|inf|fit"
const sinh_big = sinh(-1000.0); // ERRORx "sinh|overflow|cannot|represent|inf|fit"
const degrees_big = degrees(1e308); // ERRORx "degrees|overflow|cannot|represent|inf|fit"
const dot_big = dot(vec2(1e200), vec2(1e200)); // ERRORx "dot|overflow|cannot|represent|inf|fit"
const length_big = length(vec2(1e200, 1e200)); // ERRORx "length|overflow|cannot|represent|inf|fit"
const distance_big = distance(vec2(1e300), vec2(-1e300)); // ERRORx "distance|overflow|cannot|represent|inf|fit"
const cross_big = cross(vec3(1e200), vec3(-1e200, 1e200, 1)); // ERRORx "cross|overflow|cannot|represent|inf|fit"
const det_big = determinant(mat2x2(1e200, 1e200, -1e200, 1e200)); // ERRORx "determinant|overflow|cannot|represent|inf|fit"
const fma_big = fma(1e200, 1e200, 1.0); // ERRORx "fma|overflow|cannot|represent|inf|fit"
const normalize_zero = normalize(vec2(0.0, 0.0)); // ERRORx "normalize|zero|cannot|represent|fit"
const ldexp_big = ldexp(1.0, 2000); // ERRORx "ldexp|1024|bias|cannot|represent|overflow|fit"
const ldexp_f32 = ldexp(1.0f, 128); // ERRORx "ldexp|128|bias|cannot|represent|overflow|fit"
const clamp_order = clamp(1, 2, 1); // ERRORx "clamp|low|high|greater"
const smoothstep_equal = smoothstep(1.0, 1.0, 0.5); // ERRORx "smoothstep|equal|edge|low|high"
const extract_bits = extractBits(1u, 30u, 5u); // ERRORx "extractBits|offset|count|bit width|32"
const insert_bits = insertBits(1i, 1i, 30u, 5u); // ERRORx "insertBits|offset|count|bit width|32"
const quantize_big = quantizeToF16(1e10); // ERRORx "quantizeToF16|f16|cannot|represent|range|fit"
const pack_big = pack2x16float(vec2(1e10, 0)); // ERRORx "pack2x16float|f16|cannot|represent|range|fit"
const unpack_inf = unpack2x16float(0x7c00u); // ERRORx "unpack2x16float|inf|nan|cannot|represent|fit"
const mat_overflow = mat2x2(1e308, 0, 0, 1) * 10.0; // ERRORx "overflow|cannot|represent|inf|fit"

// Domain-safe calls.
const_assert sqrt(4.0) == 2.0;
const_assert smoothstep(1.0, 0.0, 2.0) == 0.0;
const_assert ldexp(1.0, 1023) == 0x1p1023;
const_assert atan2(0.0, 0.0) == 0.0 || true;

fn runtime(x: f32, u: u32, v: i32) {
	// With const bounds, offsets and counts, these are errors even for runtime values.
	let a = clamp(x, 2.0, 1.0); // ERRORx "clamp|low|high|greater"
	let b = extractBits(u, 30u, 5u); // ERRORx "extractBits|offset|count|bit width|32"
	let c = insertBits(v, v, 31u, 2u); // ERRORx "insertBits|offset|count|bit width|32"
	let d = ldexp(x, 200); // ERRORx "ldexp|128|bias|cannot|represent|fit"
	let e = smoothstep(0.5, 0.5, x); // ERRORx "smoothstep|equal|edge|low|high"
	let ok = clamp(x, 1.0, 2.0) + smoothstep(0.0, 1.0, x) + ldexp(x, v) + sqrt(x) + log(x);
}
