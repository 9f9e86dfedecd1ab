// A decimal floating point literal with an f or h suffix must not overflow its type (spec
// "Numeric Literals"): a value beyond the finite range is an error even where rounding would
// give the largest finite value ("Floating Point Conversion": outside the finite range, a
// shader-creation error). Tint agrees; the fuzzer found wgslc rounding 3.4028235e38f down.
enable f16;

const f32_max = 3.402823466e38f;
const f32_max_printed = 3.4028234663852886e38f; // the nearest double is the largest f32
const f32_over = 3.4028235e38f; // ERROR "literal 3.4028235e38f is outside the finite range of f32"
const f32_over_neg = -3.40282347e38f; // ERROR "literal 3.40282347e38f is outside the finite range of f32"
const f16_max = 65504.0h;
const f16_over = 65504.1h; // ERROR "literal 65504.1h is outside the finite range of f16"
const abstract_ok = 3.4028235e38; // AbstractFloat: no overflow
const converted: f32 = 3.4028235e38; // ERROR "value 3.4028235e+38 is outside the finite range of f32"

// A hexadecimal one must also be exactly representable: f16's subnormals end at 2^-24.
const f16_hex_subnormal = 0x3p-24h;
const f16_hex_max = 0x1.ffcp15h;
const f16_hex_lost_bit = 0x1.002p0h; // ERROR "hexadecimal literal 0x1.002p0h cannot be exactly represented as f16"
const f16_hex_underflow = 0x1p-25h; // ERROR "hexadecimal literal 0x1p-25h cannot be exactly represented as f16"
