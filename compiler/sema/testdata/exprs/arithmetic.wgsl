// Arithmetic operators: numeric operands of one type, vector-scalar forms, matrix
// products (spec "Arithmetic Expressions").

fn f(i: i32, u: u32, x: f32, v2: vec2f, v3: vec3f, iv: vec3i, m23: mat2x3f, m32: mat3x2f, m22: mat2x2f) {
	let a = i + 1 - i * 2 / 3 % 4;
	let b = u + 1u;
	let c = x * 2 + 0.5;
	let d = v2 * 2.0 + v2 / x - 1.0;
	let e = 2.0 * v3;
	let g = iv % 2 + iv;
	let h = m23 * v2;
	let k = v3 * m23;
	let l = m23 * m32;
	let n = m22 + m22 - m22 * 2.0;
	let o = -x + f32(-i);
	let p: vec3f = h;
	let q: vec2f = k;
	let r: mat3x3f = l;
	_ = a; _ = b; _ = c; _ = d; _ = e; _ = g; _ = n; _ = o; _ = p; _ = q; _ = r;

	let mixed_int = i + u; // ERROR "no matching overload for operator '+' with operands i32 and u32"
	let mixed_float = x + i; // ERROR "no matching overload for operator '+' with operands f32 and i32"
	let bool_add = true + true; // ERROR "no matching overload for operator '+' with operands bool and bool"
	let vec_sizes = v2 + v3; // ERROR "no matching overload for operator '+' with operands vec2<f32> and vec3<f32>"
	let vec_types = v3 + iv; // ERROR "no matching overload for operator '+' with operands vec3<f32> and vec3<i32>"
	let mat_shape = m23 * v3; // ERROR "no matching overload for operator '*' with operands mat2x3<f32> and vec3<f32>"
	let mat_add_shape = m23 + m32; // ERROR "no matching overload for operator '+' with operands mat2x3<f32> and mat3x2<f32>"
	let mat_scalar_add = m22 + 1.0; // ERROR "no matching overload for operator '+' with operands mat2x2<f32> and f32"
	let mat_mat_shape = m23 * m23; // ERROR "no matching overload for operator '*' with operands mat2x3<f32> and mat2x3<f32>"
	let neg_unsigned = -u; // ERROR "operator '-' cannot be applied to u32"
	let neg_bool = -true; // ERROR "operator '-' cannot be applied to bool"
	let mat_int_mod = m22 % m22; // ERROR "no matching overload for operator '%' with operands mat2x2<f32> and mat2x2<f32>"
	let vec_bool = vec2(true) * vec2(false); // ERROR "no matching overload for operator '*' with operands vec2<bool> and vec2<bool>"
}
