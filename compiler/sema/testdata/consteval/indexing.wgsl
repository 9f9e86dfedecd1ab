// Indices known at shader-creation time must be in bounds for fixed-size arrays,
// vectors and matrices (spec "Vector Access Expression", "Matrix Access Expression",
// "Array Access Expression").

const arr = array(1, 2, 3);
const v = vec4(1.0, 2.0, 3.0, 4.0);
const m = mat3x2(1, 2, 3, 4, 5, 6);
const_assert arr[2] == 3 && v[3] == 4.0 && m[2][1] == 6.0 && arr[0u] == 1;

const arr_oob = arr[3]; // ERROR "index 3 is out of bounds for array<AbstractInt, 3>"
const arr_neg = arr[-1]; // ERROR "index -1 is out of bounds for array<AbstractInt, 3>"
const vec_oob = v[4]; // ERROR "index 4 is out of bounds for vec4<AbstractFloat>"
const mat_oob = m[3]; // ERROR "index 3 is out of bounds for mat3x2<AbstractFloat>"
const mat_row_oob = m[0][2]; // ERROR "index 2 is out of bounds for vec2<AbstractFloat>"
const float_index = arr[1.0]; // ERROR "index must be an i32 or u32, not AbstractFloat"
const bool_index = v[true]; // ERROR "index must be an i32 or u32, not bool"

var<private> parr: array<f32, 4>;
var<private> pvec: vec3f;
var<private> pmat: mat2x2f;
@group(0) @binding(0) var<storage> rt: array<u32>;

fn runtime(i: i32) {
	let a = parr[i] + pvec[i] + pmat[i][i];
	let b = arr[i];
	let c = rt[100000];
	let d = parr[4]; // ERROR "index 4 is out of bounds for array<f32, 4>"
	let e = pvec[3]; // ERROR "index 3 is out of bounds for vec3<f32>"
	let f = pmat[2]; // ERROR "index 2 is out of bounds for mat2x2<f32>"
	let g = rt[-1]; // ERROR "index -1 is out of bounds for array<u32>"
	let l = array(1, 2)[2]; // ERROR "index 2 is out of bounds for array<AbstractInt, 2>"
	let n = parr[u32(i)];
	let too_big = parr[4294967295u]; // ERROR "index 4294967295 is out of bounds for array<f32, 4>"
}
