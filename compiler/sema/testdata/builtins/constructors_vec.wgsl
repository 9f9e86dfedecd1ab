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

	let too_few = vec3(1.0, 2.0); // ERROR "no matching overload for vec3(AbstractFloat, AbstractFloat)"
	let too_many = vec2(1.0, 2.0, 3.0); // ERROR "no matching overload for vec2(AbstractFloat, AbstractFloat, AbstractFloat)"
	let too_many_pieces = vec3(v2, v2); // ERROR "no matching overload for vec3(vec2<f32>, vec2<f32>)"
	let mixed_concrete = vec2(i, u); // ERROR "no matching overload for vec2(i32, u32)"
	let mixed_float_int = vec3(x, i, 1.0); // ERROR "no matching overload for vec3(f32, i32, AbstractFloat)"
	let wrong_explicit = vec2<i32>(1.5, 2); // ERROR "no matching overload for vec2<i32>(AbstractFloat, AbstractInt)"
	let vec_of_mat = vec2(mat2x2f()); // ERROR "no matching overload for vec2(mat2x2<f32>)"
	let wrong_size_conversion = vec3<f32>(vec2i()); // ERROR "no matching overload for vec3<f32>(vec2<i32>)"
	let struct_arg = vec2<f32>(S()); // ERROR "no matching overload for vec2<f32>(S)"
}
struct S { a: f32 }
