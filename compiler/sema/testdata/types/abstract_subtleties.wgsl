// Corners of abstract-numeric typing: AbstractInt operations preferred over
// AbstractFloat, concretization at the statement level, overload elimination when an
// operand is not a const-expression (spec "Conversion Rank", "Overload Resolution").

const half_int = 1 / 2;
const_assert half_int == 0;
const half_float: f32 = 1 / 2;
const_assert half_float == 0.0;
const mixed = 5 / 2.0;
const_assert mixed == 2.5;
const shifted = 1 << 40u;
const_assert shifted == 0x10000000000;
const big_product = 0x10000 * 0x10000;
const_assert big_product == 0x100000000;

fn f(u: u32, i: i32) {
	let a = 1 + 2.5;
	let a_is_f32: f32 = a;
	var arr = array(1, 2.5);
	let arr_is_f32: array<f32, 2> = arr;
	let s = select(1, 2.5, true);
	let s_is_f32: f32 = s;
	let m = max(1, u);
	let m_is_u32: u32 = m;
	let v = vec2(1, 2) * 2.5;
	let v_is_vec2f: vec2f = v;
	let in_range = u + 0xffffffff;
	let back_in_range = i32(big_product / 0x10000) + i;
	_ = a_is_f32; _ = arr_is_f32; _ = s_is_f32; _ = m_is_u32; _ = v_is_vec2f; _ = in_range; _ = back_in_range;
	let too_big_for_u32 = u + 0x100000000; // ERROR "value 4294967296 does not fit in u32"
	let too_big_for_i32 = i * 3000000000; // ERROR "value 3000000000 does not fit in i32"
	let shifted_too_big = shifted + i; // ERROR "value 1099511627776 does not fit in i32"
	let product_too_big: i32 = big_product; // ERROR "value 4294967296 does not fit in i32"
	let abstract_float_to_int = i + 1.0; // ERROR "no matching overload for operator '+' with operands i32 and AbstractFloat"
}
