// The f16 aliases vecNh and matCxRh need `enable f16;`
// (spec "Predeclared Types and Type-Generators Summary").
enable f16;

fn f() {
	let a: vec2<f16> = vec2h(1, 2);
	let b: vec3<f16> = vec3h();
	let c: vec4<f16> = vec4h(1);
	let d: mat2x2<f16> = mat2x2h();
	let e: mat2x3<f16> = mat2x3h();
	let g: mat2x4<f16> = mat2x4h();
	let h: mat3x2<f16> = mat3x2h();
	let i: mat3x3<f16> = mat3x3h();
	let j: mat3x4<f16> = mat3x4h();
	let k: mat4x2<f16> = mat4x2h();
	let l: mat4x3<f16> = mat4x3h();
	let m: mat4x4<f16> = mat4x4h();
	let mismatch: vec2f = vec2h(); // ERROR "cannot use a value of type vec2<f16> as vec2<f32> to initialize 'mismatch'"
}
