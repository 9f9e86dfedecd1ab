// Module-scope declarations may reuse predeclared names: types, type-generators,
// enumerants and built-in functions are then hidden everywhere (spec "Declaration and
// Scope", example "Shadowing predeclared objects").

alias f32 = i32;
struct vec4 { x: u32 }
const read = 5;
fn min() -> u32 { return 0u; }
var<private> rgba8unorm: f32 = 3;

fn uses() {
	let a: f32 = 1i;
	let v = vec4(2u);
	let r: i32 = read + rgba8unorm;
	let m: u32 = min();
	let native: vec2<f32> = vec2(1i, 2i);
	_ = a; _ = v.x; _ = r; _ = m; _ = native;
	let float_literal: f32 = 1.5; // ERROR "cannot use a value of type AbstractFloat as i32 to initialize 'float_literal'"
	let templated_vec4 = vec4<f32>(1); // ERROR "type 'vec4' does not take template arguments"
	let builtin_min = min(1, 2); // ERROR "function 'min' takes 0 arguments, got 2"
}

@group(0) @binding(0) var<storage, read> buf: array<u32>; // ERROR "expected an access mode, but 'read' names a declaration that shadows it"
