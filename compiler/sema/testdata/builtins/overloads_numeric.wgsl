// Overload resolution for numeric built-ins: argument count, types, and a single
// preferred candidate (spec "Overload Resolution", "Numeric Built-in Functions").

fn f(i: i32, u: u32, x: f32, b: bool, v2: vec2f, v3: vec3f, vi: vec3i, m: mat3x3f) {
	let ok1: i32 = abs(i) + min(i, 2) + max(1, i) + clamp(i, 0, 10) + sign(i);
	let ok2: f32 = pow(x, 2) + sqrt(x) + length(v3) + distance(v2, v2) + dot(v3, v3);
	let ok3: vec3f = cross(v3, v3) + normalize(v3) + mix(v3, v3, 0.5) + mix(v3, v3, v3);
	let ok4: vec3i = abs(vi) + countOneBits(vi) + reverseBits(vi);
	let ok5: f32 = determinant(m) + fma(x, x, x) + step(0.5, x) + smoothstep(0, 1, x);
	let ok6: vec3f = transpose(m)[0] + faceForward(v3, v3, v3) + reflect(v3, v3) + refract(v3, v3, x);
	let ok7: u32 = countLeadingZeros(u) + firstTrailingBit(u) + extractBits(u, 1u, 2u);
	_ = ok1; _ = ok2; _ = ok3; _ = ok4; _ = ok5; _ = ok6; _ = ok7;

	let abs_bool = abs(b); // ERROR "no matching overload for abs(bool)"
	let min_mixed = min(i, u); // ERROR "no matching overload for min(i32, u32)"
	let max_arity = max(x); // ERROR "no matching overload for max(f32)"
	let sqrt_int = sqrt(i); // ERROR "no matching overload for sqrt(i32)"
	let pow_int = pow(i, i); // ERROR "no matching overload for pow(i32, i32)"
	let dot_sizes = dot(v2, v3); // ERROR "no matching overload for dot(vec2<f32>, vec3<f32>)"
	let dot_scalar = dot(x, x); // ERROR "no matching overload for dot(f32, f32)"
	let cross_vec2 = cross(v2, v2); // ERROR "no matching overload for cross(vec2<f32>, vec2<f32>)"
	let length_int = length(vi); // ERROR "no matching overload for length(vec3<i32>)"
	let normalize_scalar = normalize(x); // ERROR "no matching overload for normalize(f32)"
	let count_float = countOneBits(x); // ERROR "no matching overload for countOneBits(f32)"
	let clamp_mixed = clamp(x, 0, i); // ERROR "no matching overload for clamp(f32, AbstractInt, i32)"
	let mix_int = mix(i, i, i); // ERROR "no matching overload for mix(i32, i32, i32)"
	let det_nonsquare = determinant(mat2x3f()); // ERROR "no matching overload for determinant(mat2x3<f32>)"
	let transpose_vec = transpose(v3); // ERROR "no matching overload for transpose(vec3<f32>)"
	let extract_signed_offset = extractBits(u, i, 2u); // ERROR "no matching overload for extractBits(u32, i32, u32)"
	let frexp_int = frexp(i); // ERROR "no matching overload for frexp(i32)"
	let modf_vec_int = modf(vi); // ERROR "no matching overload for modf(vec3<i32>)"
	let ldexp_float_exp = ldexp(x, x); // ERROR "no matching overload for ldexp(f32, f32)"
	let atan2_arity = atan2(x); // ERROR "no matching overload for atan2(f32)"
	let unknown = frobnicate(x); // ERROR "unresolved function 'frobnicate'"
	let templated = abs<f32>(x); // ERROR "abs takes no template arguments"
}
