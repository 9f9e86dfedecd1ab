// Indices known at shader-creation time must be in bounds for fixed-size arrays,
// vectors and matrices (spec "Vector Access Expression", "Matrix Access Expression",
// "Array Access Expression").

const arr = array(1, 2, 3);
const v = vec4(1.0, 2.0, 3.0, 4.0);
const m = mat3x2(1, 2, 3, 4, 5, 6);
const_assert arr[2] == 3 && v[3] == 4.0 && m[2][1] == 6.0 && arr[0u] == 1;

const arr_oob = arr[3]; // ERRORx "bounds|range|index|3"
const arr_neg = arr[-1]; // ERRORx "bounds|range|index|negative|-1"
const vec_oob = v[4]; // ERRORx "bounds|range|index|4"
const mat_oob = m[3]; // ERRORx "bounds|range|index|3"
const mat_row_oob = m[0][2]; // ERRORx "bounds|range|index|2"
const float_index = arr[1.0]; // ERRORx "index|integer|i32|u32"
const bool_index = v[true]; // ERRORx "index|integer|i32|u32"

var<private> parr: array<f32, 4>;
var<private> pvec: vec3f;
var<private> pmat: mat2x2f;
@group(0) @binding(0) var<storage> rt: array<u32>;

fn runtime(i: i32) {
	let a = parr[i] + pvec[i] + pmat[i][i];
	let b = arr[i];
	let c = rt[100000];
	let d = parr[4]; // ERRORx "bounds|range|index|4"
	let e = pvec[3]; // ERRORx "bounds|range|index|3"
	let f = pmat[2]; // ERRORx "bounds|range|index|2"
	let g = rt[-1]; // ERRORx "bounds|range|index|negative|-1"
	let l = array(1, 2)[2]; // ERRORx "bounds|range|index|2"
	let n = parr[u32(i)];
	let too_big = parr[4294967295u]; // ERRORx "bounds|range|index|4294967295"
}
