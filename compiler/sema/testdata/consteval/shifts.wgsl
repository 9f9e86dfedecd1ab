// Shift expressions in const-expressions: shift amount below the bit width; no bits
// other than copies of the sign bit shifted out of a left shift (spec "Bit Expressions").

const_assert (1u << 31u) == 0x80000000u;
const_assert (1i << 30u) == 0x40000000i;
const_assert (-1i << 31u) == i32(-2147483648);
const_assert (1 << 62u) == 0x4000000000000000;
const_assert (-1 << 63u) == -0x7fffffffffffffff - 1;
const_assert (1 >> 64u) == 0;
const_assert (-1 >> 70u) == -1;
const_assert (-8i >> 1u) == -4i;
const_assert (0x80000000u >> 31u) == 1u;
const_assert all((vec2(1u, 2u) << vec2(1u, 2u)) == vec2(2u, 8u));
// An AbstractInt shift amount converts to u32; the shifted value stays abstract.
const_assert (1 << 40) == 0x10000000000;
const_assert (-0x10000000000 >> 36) == -16;
const_assert all((vec2(1, 2) << vec2(3, 40)) == vec2(8, 0x20000000000));

const sign_change_i32 = 1i << 31u; // ERROR "1i << 31u overflows i32 in constant expression: the 32 most significant bits are not all the same"
const lost_bits_i32 = 2i << 30u; // ERROR "2i << 30u overflows i32 in constant expression: the 31 most significant bits are not all the same"
const lost_bits_u32 = 3u << 31u; // ERROR "3u << 31u overflows u32 in constant expression: one of the 31 most significant bits is set"
const too_far_i32 = 1i << 32u; // ERROR "shift amount 32u is not less than 32, the bit width of i32, in constant expression"
const too_far_u32 = 1u >> 32u; // ERROR "shift amount 32u is not less than 32, the bit width of u32, in constant expression"
const sign_change_ai = 1 << 63u; // ERROR "1 << 63u overflows AbstractInt in constant expression"
const too_far_ai = 1 << 64u; // ERROR "1 << 64u overflows AbstractInt in constant expression"
const signed_amount = 1u << 1i; // ERROR "no matching overload for operator '<<' with operands u32 and i32"
const negative_amount = 1 << -1; // ERROR "value -1 does not fit in u32"
const scalar_amount_of_vector = vec2(1, 2) << 4; // ERROR "no matching overload for operator '<<' with operands vec2<AbstractInt> and AbstractInt"

fn runtime(a: i32, b: u32) {
	let x = a << 32u; // ERROR "shift amount 32 is not less than the bit width 32 of i32"
	let y = a >> 33u; // ERROR "shift amount 33 is not less than the bit width 32 of i32"
	let ok = a << b;
	let ok2 = (a << 31u) + (a >> 31u);
	var v = a;
	v <<= 40u; // ERROR "shift amount 40 is not less than the bit width 32 of i32"
}
