// Vector component selection and swizzles (spec "Vector Access Expression").

fn f() {
	var v = vec4(1.0, 2.0, 3.0, 4.0);
	let v2 = vec2(1, 2);
	let a: f32 = v.x + v.r + v.w + v.a;
	let b: vec2f = v.xy;
	let c: vec3f = v.bgr;
	let d: vec4f = v.wzyx;
	let e: vec4f = v.xxxx;
	let g: vec4i = v2.yxyx;
	let h: f32 = v.xyz.zyx.x;
	v.x = 2.0;
	v.a = 1.0;
	v[2] = 3.0;
	_ = a; _ = b; _ = c; _ = d; _ = e; _ = g; _ = h;

	let mixed_sets = v.xg; // ERRORx "swizzle|mix|invalid|component"
	let too_long = v.xyzwx; // ERRORx "swizzle|invalid|component|5|too many"
	let out_of_range = v2.z; // ERRORx "swizzle|invalid|component|range|z"
	let out_of_range_rgba = v2.b; // ERRORx "swizzle|invalid|component|range|b"
	let bad_letter = v.q; // ERRORx "swizzle|invalid|component|q"
	// A multi-letter swizzle is a value, not a reference (spec "Vector Multiple
	// Component Selection"); Tint accepts this.
	v.xy = vec2(1.0); // ERRORx "swizzle|assign|reference|cannot"
	let on_scalar = a.x; // ERRORx "member|swizzle|f32|scalar|x"
}
