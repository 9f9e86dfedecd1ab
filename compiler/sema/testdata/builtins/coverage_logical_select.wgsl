// all, any and select over every eligible type (spec "Logical Built-in Functions").
enable f16;

struct S { a: i32 }
fn f(b: bool, v2: vec2<bool>, v4: vec4<bool>, x: f16, m: mat2x2f, s: S, a: array<i32, 2>) {
	let t: bool = all(b) && all(v2) && all(v4) && any(b) && any(v2) && any(v4);
	let s1: f16 = select(x, x, b);
	let s2: vec2h = select(vec2h(), vec2h(x), v2);
	let s3: vec4<bool> = select(v4, !v4, b);
	let s7: vec2u = select(vec2(1u, 2u), vec2(3u), v2);
	_ = t; _ = s1; _ = s2; _ = s3; _ = s7;
	let select_mat = select(m, m, b); // ERROR "no matching overload for select(mat2x2<f32>, mat2x2<f32>, bool)"
	let select_struct = select(s, s, b); // ERROR "no matching overload for select(S, S, bool)"
	let select_array = select(a, a, b); // ERROR "no matching overload for select(array<i32, 2>, array<i32, 2>, bool)"
	let select_vec_cond_scalar = select(x, x, v2); // ERROR "no matching overload for select(f16, f16, vec2<bool>)"
}
