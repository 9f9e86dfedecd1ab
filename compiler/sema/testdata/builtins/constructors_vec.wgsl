// Vector value constructors: component lists, splats, vector pieces and conversions;
// element type inference (spec "vec2", "vec3", "vec4").

fn f(x: f32, i: i32, u: u32, v2: vec2f, v3i: vec3i) {
	let a: vec2f = vec2(x);
	let b: vec3f = vec3(v2, 1.0);
	let c: vec4f = vec4(1.0, v2, x);
	let d: vec4f = vec4(v2, v2);
	let e: vec3u = vec3(1, 2u, 3);
	let g: vec3f = vec3<f32>(v3i);
	let h: vec4i = vec4<i32>(1);
	let k: vec2<bool> = vec2(true, false);
	let l: vec3f = vec3(1, 2.5, 3);
	let m: vec2u = vec2<u32>(vec2(x, x));
	let n: vec4<bool> = vec4<bool>(vec4(1, 0, 2, 0));
	_ = a; _ = b; _ = c; _ = d; _ = e; _ = g; _ = h; _ = k; _ = l; _ = m; _ = n;

	let too_few = vec3(1.0, 2.0); // ERRORx "no matching|overload|argument|component"
	let too_many = vec2(1.0, 2.0, 3.0); // ERRORx "no matching|overload|argument|component"
	let too_many_pieces = vec3(v2, v2); // ERRORx "no matching|overload|argument|component"
	let mixed_concrete = vec2(i, u); // ERRORx "no matching|overload|argument|mismatch"
	let mixed_float_int = vec3(x, i, 1.0); // ERRORx "no matching|overload|argument|mismatch"
	let wrong_explicit = vec2<i32>(1.5, 2); // ERRORx "no matching|overload|argument|cannot|convert"
	let vec_of_mat = vec2(mat2x2f()); // ERRORx "no matching|overload|argument"
	let wrong_size_conversion = vec3<f32>(vec2i()); // ERRORx "no matching|overload|argument|component"
	let struct_arg = vec2<f32>(S()); // ERRORx "no matching|overload|argument"
}
struct S { a: f32 }
