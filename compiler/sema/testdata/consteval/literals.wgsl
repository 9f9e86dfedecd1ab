// Numeric literals: decimal, hexadecimal, suffixes, exponents, their types and ranges
// (spec "Numeric Literals").

const_assert 0x10 == 16 && 0X1F == 31 && 0xffu == 255u && 0x7fffffffi == 2147483647i;
const_assert 1e2 == 100.0 && 1.5e-1 == 0.15 && .5 == 0.5 && 1. == 1.0;
const_assert 0x1p4 == 16.0 && 0x1.8p1 == 3.0 && 0x.8p1 == 1.0 && 0xAp0f == 10.0f;
const_assert 1f == 1.0 && 2f == 2.0;
const_assert 0u == 0u && 0i == 0 && 0.0 == 0;
const_assert 4294967295u == 0xffffffffu;
const_assert 9223372036854775807 == 0x7fffffffffffffff;
const_assert 1e-45f > 0.0f;

const u_too_big = 0x100000000u; // ERROR "literal 0x100000000u cannot be represented as u32"
const i_too_big = 0x80000000i; // ERROR "literal 0x80000000i cannot be represented as i32"
const f_too_big = 0x1p128f; // ERROR "literal 0x1p128f: value 3.402823669209385e+38 is not representable in f32"
const f_inexact = 0x1.000001p0f; // ERROR "hexadecimal literal 0x1.000001p0f cannot be exactly represented as f32"
// Too small for f32 and for a 64-bit float: still not exactly representable (Tint accepts it).
const f_underflow = 0x1p-200000f; // ERROR "hexadecimal literal 0x1p-200000f cannot be exactly represented as f32"
const ai_too_big = 0x8000000000000000; // ERROR "literal 0x8000000000000000 cannot be represented as a 64-bit AbstractInt"
