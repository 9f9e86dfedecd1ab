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

const from_override = ov; // ERRORx "const|override"
const from_var = pv; // ERRORx "const|var"
const bad_type: u32 = -1; // ERRORx "cannot|represent|convert|fit"
const bad_conv: i32 = 1.5; // ERRORx "cannot|convert"
const not_constructible: atomic<i32> = 0; // ERRORx "construct|atomic|const"
const wrong_shape: vec2i = vec3i(); // ERRORx "cannot|convert|mismatch"

fn func() {
	const local = a * 2;
	const_assert local == 8;
	let l = 1;
	const from_let = l; // ERRORx "const|let"
	var v = 2;
	const from_local_var = v; // ERRORx "const|var"
	const from_call = user(); // ERRORx "const|function"
}

fn user() -> i32 { return 1; }
