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

	let mixed_sets = v.xg; // ERROR "invalid swizzle 'xg' for vec4<f32>: it mixes the names x, y, z, w with r, g, b, a"
	let too_long = v.xyzwx; // ERROR "invalid swizzle 'xyzwx' for vec4<f32>: a swizzle has at most 4 components, not 5"
	let out_of_range = v2.z; // ERROR "invalid swizzle 'z' for vec2<i32>: the vector has components x and y"
	let out_of_range_rgba = v2.b; // ERROR "invalid swizzle 'b' for vec2<i32>: the vector has components r and g"
	let bad_letter = v.q; // ERROR "invalid swizzle 'q' for vec4<f32>: a swizzle is made of the component names x, y, z, w or r, g, b, a"
	// A multi-letter swizzle is a value, not a reference (spec "Vector Multiple
	// Component Selection"); Tint accepts this.
	v.xy = vec2(1.0); // ERROR "cannot assign to a value; only variables (and parts of them) can be assigned"
	let on_scalar = a.x; // ERROR "value of type f32 has no member 'x'"
}
