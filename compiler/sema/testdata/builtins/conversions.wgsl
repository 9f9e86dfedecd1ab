// Scalar and vector value conversions between numeric and bool types (spec "bool",
// "f16", "f32", "i32", "u32", "vecN").

struct S { a: i32 }

fn f(b: bool, i: i32, u: u32, x: f32, vi: vec3i, vb: vec2<bool>, m: mat2x2f) {
	let a: i32 = i32(u) + i32(x) + i32(b) + i32(i);
	let c: u32 = u32(i) + u32(x) + u32(b);
	let d: f32 = f32(i) + f32(u) + f32(b);
	let e: bool = bool(i) && bool(u) && bool(x) && bool(b);
	let g: vec3f = vec3f(vi);
	let h: vec3u = vec3u(vi);
	let k: vec2i = vec2i(vb);
	let l: vec2<bool> = vec2<bool>(vec2f());
	_ = a; _ = c; _ = d; _ = e; _ = g; _ = h; _ = k; _ = l;

	let vec_to_scalar = i32(vi); // ERROR "no matching overload for i32(vec3<i32>)"
	let mat_to_scalar = f32(m); // ERROR "no matching overload for f32(mat2x2<f32>)"
	let struct_to_scalar = i32(S()); // ERROR "no matching overload for i32(S)"
	let two_args = f32(1, 2); // ERROR "no matching overload for f32(AbstractInt, AbstractInt)"
	let no_args_ok = f32();
	let mat_to_int = mat2x2<f32>(vi.xy, vi.yz); // ERROR "no matching overload for mat2x2<f32>(vec2<i32>, vec2<i32>)"
	let vec_size = vec2f(vi); // ERROR "no matching overload for vec2<f32>(vec3<i32>)"
}
