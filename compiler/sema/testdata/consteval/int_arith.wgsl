// Integer arithmetic in const-expressions: AbstractInt must not overflow; concrete
// integers wrap; division and remainder by a const zero, and MIN / -1, are errors
// (spec "Abstract Numeric Types", "Integer Types", "Arithmetic Expressions").

const max_ai = 0x7fffffffffffffff;
const min_ai = -0x7fffffffffffffff - 1;
const_assert 2147483647i + 1i == i32(-2147483648);
const_assert 4294967295u + 1u == 0u;
const_assert 0u - 1u == 4294967295u;
const_assert 65536i * 65536i == 0i;
const_assert -i32(-2147483648) == i32(-2147483648);
const_assert -min_ai == min_ai;
const_assert 7 / 2 == 3 && -7 / 2 == -3 && 7 % -2 == 1 && -7 % 2 == -1;
const_assert 7u / 2u == 3u && 7u % 4u == 3u;
const_assert max_ai + min_ai == -1;
const_assert all(vec2(1, 2) * 3 == vec2(3, 6));

const add_overflow = max_ai + 1; // ERROR "9223372036854775807 + 1 overflows AbstractInt in constant expression"
const sub_overflow = min_ai - 1; // ERROR "-9223372036854775808 - 1 overflows AbstractInt in constant expression"
const mul_overflow = 0x100000000 * 0x100000000; // ERROR "4294967296 * 4294967296 overflows AbstractInt in constant expression"
const vec_overflow = vec2(1, max_ai) + vec2(1, 1); // ERROR "9223372036854775807 + 1 overflows AbstractInt in constant expression"
const div_zero = 1 / 0; // ERROR "division by zero in constant expression: 1 / 0"
const div_zero_i32 = 1i / 0i; // ERROR "division by zero in constant expression: 1i / 0i"
const div_zero_u32 = 1u / 0u; // ERROR "division by zero in constant expression: 1u / 0u"
const rem_zero = 1 % 0; // ERROR "remainder by zero in constant expression: 1 % 0"
const rem_zero_u32 = 5u % 0u; // ERROR "remainder by zero in constant expression: 5u % 0u"
const div_min = i32(-2147483648) / -1i; // ERROR "i32(-2147483648) / -1i overflows i32 in constant expression"
const rem_min = i32(-2147483648) % -1i; // ERROR "i32(-2147483648) % -1i overflows i32 in constant expression"
const div_min_ai = min_ai / -1; // ERROR "-9223372036854775808 / -1 overflows AbstractInt in constant expression"
const vec_div_zero = vec3(1, 2, 3) / vec3(1, 0, 1); // ERROR "division by zero in constant expression: 2 / 0"

fn runtime(a: i32, v: vec2u) {
	// A const-expression divisor of zero is an error even with a runtime dividend.
	let x = a / 0; // ERROR "integer division by zero"
	let y = a % 0; // ERROR "integer remainder by zero"
	let z = v / vec2(1u, 0u); // ERROR "integer division by zero"
	let ok = a / 2 + a % 3;
	var w = a;
	w /= 0; // ERROR "integer division by zero"
	w %= 0; // ERROR "integer remainder by zero"
}
