// const-declarations: const-expression initializer, constructible type, may be abstract
// (spec "const Declarations").

const a = 4;
const b: i32 = 4;
const c: u32 = 4;
const d: f32 = 4;
const e = vec3(a, a, a);
const f = 2.0;
const g = mat2x2(a, f, a, f);
const h = array(a, f, a, f);
const_assert g[1][0] == 4.0 && h[3] == 2.0 && e.z == 4;
struct S { x: i32, y: vec2f }
const s = S(1, vec2(2, 3));
const_assert s.y.y == 3.0;

override ov: i32 = 1;
var<private> pv: i32 = 1;

const from_override = ov; // ERROR "the initializer of const 'from_override' must be a const-expression"
const from_var = pv; // ERROR "the initializer of const 'from_var' must be a const-expression"
const bad_type: u32 = -1; // ERROR "value -1 does not fit in u32"
const bad_conv: i32 = 1.5; // ERROR "cannot use a value of type AbstractFloat as i32 to initialize const 'bad_conv'"
const not_constructible: atomic<i32> = 0; // ERROR "const type atomic<i32> is not constructible"
const wrong_shape: vec2i = vec3i(); // ERROR "cannot use a value of type vec3<i32> as vec2<i32> to initialize const 'wrong_shape'"

fn func() {
	const local = a * 2;
	const_assert local == 8;
	let l = 1;
	const from_let = l; // ERROR "the initializer of const 'from_let' must be a const-expression"
	var v = 2;
	const from_local_var = v; // ERROR "the initializer of const 'from_local_var' must be a const-expression"
	const from_call = user(); // ERROR "the initializer of const 'from_call' must be a const-expression"
}

fn user() -> i32 { return 1; }
