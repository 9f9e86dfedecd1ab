// Matrix value constructors: from columns, from scalars, conversions; element type
// float only (spec "mat2x2" ... "mat4x4").
enable f16;

fn f(c0: vec3f, c1: vec3f, x: f32, m: mat2x3f, mh: mat2x3h) {
	let a: mat2x3f = mat2x3(c0, c1);
	let b: mat2x3f = mat2x3<f32>(1, 2, 3, 4, 5, 6);
	let c: mat2x3f = mat2x3(x, x, x, x, x, x);
	let d: mat2x3h = mat2x3<f16>(m);
	let e: mat2x3f = mat2x3<f32>(mh);
	let g: mat2x2f = mat2x2(vec2(1.0, 2.0), vec2(3, 4));
	let h: mat3x3f = mat3x3f();
	let k: mat2x3f = mat2x3(m);
	_ = a; _ = b; _ = c; _ = d; _ = e; _ = g; _ = h; _ = k;

	let too_few_cols = mat2x3(c0); // ERROR "no matching overload for mat2x3(vec3<f32>)"
	let wrong_col_size = mat2x3(vec2f(), vec2f()); // ERROR "no matching overload for mat2x3(vec2<f32>, vec2<f32>)"
	let too_few_scalars = mat2x2(1.0, 2.0, 3.0); // ERROR "no matching overload for mat2x2(AbstractFloat, AbstractFloat, AbstractFloat)"
	let int_explicit = mat2x2<i32>(1, 2, 3, 4); // ERROR "matrix component type must be f32 or f16, not i32"
	let int_vectors = mat2x2(vec2i(), vec2i()); // ERROR "no matching overload for mat2x2(vec2<i32>, vec2<i32>)"
	let shape_conversion = mat3x3<f32>(m); // ERROR "no matching overload for mat3x3<f32>(mat2x3<f32>)"
	let mixed_cols_scalars = mat2x2(vec2f(), 1.0, 2.0); // ERROR "no matching overload for mat2x2(vec2<f32>, AbstractFloat, AbstractFloat)"
	let mixed_precision = mat2x2(vec2f(), vec2h()); // ERROR "no matching overload for mat2x2(vec2<f32>, vec2<f16>)"
}
