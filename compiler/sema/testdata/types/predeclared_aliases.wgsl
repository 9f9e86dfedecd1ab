// Predeclared type aliases vecNi/u/f and matCxRf (spec "Predeclared Types and
// Type-Generators Summary").

fn f() {
	let a: vec2<i32> = vec2i(1, 2);
	let b: vec3<u32> = vec3u(1, 2, 3);
	let c: vec4<f32> = vec4f(1, 2, 3, 4);
	let d: vec2<bool> = vec2<bool>(true, false);
	let e: mat2x2<f32> = mat2x2f(1, 2, 3, 4);
	let g: mat2x3<f32> = mat2x3f();
	let h: mat2x4<f32> = mat2x4f();
	let i: mat3x2<f32> = mat3x2f();
	let j: mat3x3<f32> = mat3x3f();
	let k: mat3x4<f32> = mat3x4f();
	let l: mat4x2<f32> = mat4x2f();
	let m: mat4x3<f32> = mat4x3f();
	let n: mat4x4<f32> = mat4x4f();
	let o: vec2f = vec2<f32>(a);
	let no_bool_alias = vec2b(true, true); // ERROR "unresolved function 'vec2b'"
	let no_int_mat = mat2x2i(); // ERROR "unresolved function 'mat2x2i'"
	let mismatch: vec3i = vec3u(); // ERROR "cannot use a value of type vec3<u32> as vec3<i32> to initialize 'mismatch'"
}
