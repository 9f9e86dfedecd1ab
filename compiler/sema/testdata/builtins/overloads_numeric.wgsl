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

	let abs_bool = abs(b); // ERRORx "no matching|overload|abs"
	let min_mixed = min(i, u); // ERRORx "no matching|overload|min"
	let max_arity = max(x); // ERRORx "no matching|overload|max|argument"
	let sqrt_int = sqrt(i); // ERRORx "no matching|overload|sqrt"
	let pow_int = pow(i, i); // ERRORx "no matching|overload|pow"
	let dot_sizes = dot(v2, v3); // ERRORx "no matching|overload|dot"
	let dot_scalar = dot(x, x); // ERRORx "no matching|overload|dot"
	let cross_vec2 = cross(v2, v2); // ERRORx "no matching|overload|cross"
	let length_int = length(vi); // ERRORx "no matching|overload|length"
	let normalize_scalar = normalize(x); // ERRORx "no matching|overload|normalize"
	let count_float = countOneBits(x); // ERRORx "no matching|overload|countOneBits"
	let clamp_mixed = clamp(x, 0, i); // ERRORx "no matching|overload|clamp"
	let mix_int = mix(i, i, i); // ERRORx "no matching|overload|mix"
	let det_nonsquare = determinant(mat2x3f()); // ERRORx "no matching|overload|determinant"
	let transpose_vec = transpose(v3); // ERRORx "no matching|overload|transpose"
	let extract_signed_offset = extractBits(u, i, 2u); // ERRORx "no matching|overload|extractBits"
	let frexp_int = frexp(i); // ERRORx "no matching|overload|frexp"
	let modf_vec_int = modf(vi); // ERRORx "no matching|overload|modf"
	let ldexp_float_exp = ldexp(x, x); // ERRORx "no matching|overload|ldexp"
	let atan2_arity = atan2(x); // ERRORx "no matching|overload|atan2|argument"
	let unknown = frobnicate(x); // ERRORx "unresolved|undeclared|unknown|not declared"
	let templated = abs<f32>(x); // ERRORx "template|abs"
}
