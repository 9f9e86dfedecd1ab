// f16 const-expressions overflow past 65504 (spec "Floating Point Types").
enable f16;

const max_f16 = 65504.0h;
const_assert max_f16 * 1.0h == max_f16;
const_assert f16(65504.0) == max_f16;
const above_max = f16(65519.0); // ERROR "f16: value 65519.0 is outside the finite range of f16"
const_assert 0x1p-24h > 0.0h;

const overflow_mul = max_f16 * 2.0h; // ERROR "65500.0h * 2.0h overflows f16 in constant expression"
const overflow_add = max_f16 + 32.0h; // ERROR "65500.0h + 32.0h overflows f16 in constant expression"
const literal_overflow = 65536.0h; // ERROR "literal 65536.0h: value 65536 is not representable in f16"
const conversion_overflow = f16(65536.0); // ERROR "f16: value 65536.0 is outside the finite range of f16"
const f32_to_f16 = f16(1e10f); // ERROR "f16: value 1e+10f is outside the finite range of f16"
const declared_overflow: f16 = 1e5; // ERROR "value 100000.0 is outside the finite range of f16"
const div_zero = 1.0h / 0.0h; // ERROR "division by zero in constant expression: 1.0h / 0.0h"
