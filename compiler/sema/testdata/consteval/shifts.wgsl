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

const sign_change_i32 = 1i << 31u; // ERRORx "sign|overflow|cannot|represent|fit"
const lost_bits_i32 = 2i << 30u; // ERRORx "sign|overflow|cannot|represent|fit"
const lost_bits_u32 = 3u << 31u; // ERRORx "overflow|cannot|represent|fit"
const too_far_i32 = 1i << 32u; // ERRORx "bit width|32|shift"
const too_far_u32 = 1u >> 32u; // ERRORx "bit width|32|shift"
const sign_change_ai = 1 << 63u; // ERRORx "sign|overflow|cannot|represent|fit"
const too_far_ai = 1 << 64u; // ERRORx "sign|overflow|cannot|represent|64|fit"
const signed_amount = 1u << 1i; // ERRORx "no matching|overload|u32|cannot|convert"
const negative_amount = 1 << -1; // ERRORx "u32|fit|represent|negative"
const scalar_amount_of_vector = vec2(1, 2) << 4; // ERRORx "no matching|overload"

fn runtime(a: i32, b: u32) {
	let x = a << 32u; // ERRORx "bit width|32|shift"
	let y = a >> 33u; // ERRORx "bit width|32|shift"
	let ok = a << b;
	let ok2 = (a << 31u) + (a >> 31u);
	var v = a;
	v <<= 40u; // ERRORx "bit width|32|shift"
}
