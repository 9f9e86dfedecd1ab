// Abstract values stay abstract only in const-declarations; elsewhere they are
// concretized: AbstractInt to i32, AbstractFloat to f32 (spec "Conversion Rank",
// "concretization").

const ai = 1;
const af = 1.5;
const av = vec3(1, 2, 3);
const afv = vec2(1, 2.5);
const am = mat2x2(1, 2, 3, 4);
const aa = array(1, 2, 3);
const big = 0x7fffffffffffffff;
const_assert big / 0x100000000 == 0x7fffffff;

fn takes_i32(x: i32) {}
fn takes_u32(x: u32) {}
fn takes_f32(x: f32) {}
fn takes_vec3u(x: vec3u) {}
fn takes_vec2f(x: vec2f) {}
fn takes_mat(x: mat2x2f) {}
fn takes_arr(x: array<u32, 3>) {}
fn takes_farr(x: array<f32, 3>) {}

fn f() {
	takes_i32(ai);
	takes_u32(ai);
	takes_f32(ai);
	takes_f32(af);
	takes_vec3u(av);
	takes_vec2f(afv);
	takes_mat(am);
	takes_arr(aa);
	takes_farr(aa);
	let li = ai;
	let lf = af;
	var lv = av;
	let check_i: i32 = li;
	let check_f: f32 = lf;
	let check_v: vec3<i32> = lv;
	takes_i32(af); // ERROR "cannot use a value of type AbstractFloat as i32 for parameter 'x'"
	takes_u32(li); // ERROR "cannot use a value of type i32 as u32 for parameter 'x'"
	takes_i32(big); // ERROR "value 9223372036854775807 does not fit in i32"
	takes_vec3u(vec3(1, 2, 3.5)); // ERROR "cannot use a value of type vec3<AbstractFloat> as vec3<u32> for parameter 'x'"
	let too_big = big; // ERROR "value 9223372036854775807 does not fit in i32"
}
