// Values of built-in functions evaluated in const-expressions (spec "Built-in
// Functions"). Every assertion holds, so the fixture has no errors.

// Numeric
const_assert abs(-3) == 3 && abs(-2.5) == 2.5 && abs(i32(-2147483648)) == i32(-2147483648);
const_assert all(abs(vec2(-1, 2)) == vec2(1, 2));
const_assert ceil(1.25) == 2.0 && floor(-1.25) == -2.0 && trunc(-1.75) == -1.0;
const_assert round(2.5) == 2.0 && round(3.5) == 4.0 && round(-0.5) == 0.0;
const_assert fract(1.75) == 0.75 && fract(-1.25) == 0.75;
const_assert sign(-3) == -1 && sign(0.0) == 0.0 && sign(2.5f) == 1.0f;
const_assert min(1, 2) == 1 && max(3u, 7u) == 7u && min(-0.5, 0.25) == -0.5;
const_assert clamp(5, 0, 3) == 3 && clamp(-1.5, -1.0, 1.0) == -1.0;
const_assert saturate(2.0) == 1.0 && saturate(-1.0) == 0.0 && saturate(0.25f) == 0.25f;
const_assert step(1.0, 2.0) == 1.0 && step(2.0, 1.0) == 0.0;
const_assert mix(0.0, 10.0, 0.25) == 2.5;
const_assert all(mix(vec2(0.0), vec2(4.0), 0.5) == vec2(2.0));
const_assert fma(2.0, 3.0, 4.0) == 10.0;
const_assert sqrt(16.0) == 4.0 && inverseSqrt(4.0) == 0.5;
const_assert pow(2.0, 10.0) == 1024.0 && exp2(3.0) == 8.0 && log2(8.0) == 3.0;
const_assert ldexp(0.75, 3) == 6.0;
const_assert radians(180.0) > 3.14159 && degrees(3.14159265358979) > 179.999;
const_assert dot(vec3(1, 2, 3), vec3(4, 5, 6)) == 32;
const_assert dot(vec2(1.5, 2.0), vec2(2.0, 0.5)) == 4.0;
const_assert all(cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)) == vec3(0.0, 0.0, 1.0));
const_assert length(vec2(3.0, 4.0)) == 5.0 && distance(vec2(1.0, 1.0), vec2(4.0, 5.0)) == 5.0;
const_assert all(normalize(vec2(3.0, 4.0)) == vec2(0.6, 0.8));
const_assert determinant(mat2x2(1.0, 2.0, 3.0, 4.0)) == -2.0;
const_assert determinant(mat3x3(2, 0, 0, 0, 3, 0, 0, 0, 4)) == 24.0;
const_assert transpose(mat2x3(1, 2, 3, 4, 5, 6))[2][1] == 6.0;
const_assert all(reflect(vec2(1.0, -1.0), vec2(0.0, 1.0)) == vec2(1.0, 1.0));
const_assert all(faceForward(vec2(1.0), vec2(1.0), vec2(1.0)) == vec2(-1.0));
const_assert all(refract(vec2(0.0, -1.0), vec2(0.0, 1.0), 1.0) == vec2(0.0, -1.0));
const_assert cos(0.0) == 1.0 && sin(0.0) == 0.0 && tan(0.0) == 0.0;
const_assert acos(1.0) == 0.0 && asin(0.0) == 0.0 && atan(0.0) == 0.0 && atan2(0.0, 1.0) == 0.0;
const_assert cosh(0.0) == 1.0 && sinh(0.0) == 0.0 && tanh(0.0) == 0.0;
const_assert acosh(1.0) == 0.0 && asinh(0.0) == 0.0 && atanh(0.0) == 0.0;
const_assert exp(0.0) == 1.0 && log(1.0) == 0.0;
const_assert quantizeToF16(1.0f) == 1.0f && quantizeToF16(65504.0f) == 65504.0f;

// frexp and modf
const_assert frexp(8.0).fract == 0.5 && frexp(8.0).exp == 4;
const_assert frexp(-0.75).fract == -0.75 && frexp(-0.75).exp == 0;
const_assert frexp(0.0).fract == 0.0 && frexp(0.0).exp == 0;
const_assert all(frexp(vec2(1.0, 3.0)).exp == vec2(1, 2));
const_assert modf(2.5).fract == 0.5 && modf(2.5).whole == 2.0;
const_assert modf(-1.25).fract == -0.25 && modf(-1.25).whole == -1.0;
const_assert all(modf(vec2(1.5f, -2.75f)).whole == vec2f(1.0, -2.0));

// Integer bit manipulation
const_assert countOneBits(0xf0u) == 4u && countOneBits(-1) == 32;
const_assert countLeadingZeros(1u) == 31u && countLeadingZeros(0i) == 32i;
const_assert countTrailingZeros(8u) == 3u && countTrailingZeros(0u) == 32u;
const_assert firstLeadingBit(0x10u) == 4u && firstLeadingBit(0u) == 0xffffffffu;
const_assert firstLeadingBit(-1i) == -1i && firstLeadingBit(-2i) == 0i;
const_assert firstTrailingBit(0x10u) == 4u && firstTrailingBit(0i) == -1i;
const_assert reverseBits(1u) == 0x80000000u;
const_assert extractBits(0xf0u, 4u, 4u) == 0xfu && extractBits(0xf0i, 4u, 4u) == -1i;
const_assert extractBits(0x12345678u, 8u, 0u) == 0u;
const_assert insertBits(0u, 0xffu, 8u, 4u) == 0xf00u;
const_assert dot4U8Packed(0x01020304u, 0x01010101u) == 10u;
const_assert dot4I8Packed(0xffffffffu, 0x01010101u) == -4;

// Packing
const_assert pack4x8snorm(vec4(1.0, -1.0, 0.0, 0.5)) == 0x4000817fu;
const_assert pack4x8unorm(vec4(1.0, 0.0, 0.0, 1.0)) == 0xff0000ffu;
const_assert pack4xI8(vec4i(1, -1, 127, -128)) == 0x807fff01u;
const_assert pack4xU8(vec4u(1u, 2u, 3u, 256u)) == 0x00030201u;
const_assert pack4xI8Clamp(vec4i(200, -200, 0, 1)) == 0x0100807fu;
const_assert pack4xU8Clamp(vec4u(300u, 1u, 2u, 3u)) == 0x030201ffu;
const_assert pack2x16snorm(vec2(1.0, -1.0)) == 0x80017fffu;
const_assert pack2x16unorm(vec2(1.0, 0.0)) == 0x0000ffffu;
const_assert pack2x16float(vec2(1.0, -2.0)) == 0xc0003c00u;
const_assert all(unpack4x8unorm(0xff0000ffu) == vec4(1.0, 0.0, 0.0, 1.0));
const_assert all(unpack4x8snorm(0x0000817fu) == vec4(1.0, -1.0, 0.0, 0.0));
const_assert all(unpack4xI8(0x807fff01u) == vec4i(1, -1, 127, -128));
const_assert all(unpack4xU8(0x04030201u) == vec4u(1u, 2u, 3u, 4u));
const_assert all(unpack2x16unorm(0xffff0000u) == vec2(0.0, 1.0));
const_assert all(unpack2x16snorm(0x80017fffu) == vec2(1.0, -1.0));
const_assert all(unpack2x16float(0xc0003c00u) == vec2(1.0, -2.0));

// Logical and array
const_assert all(vec3(true, true, true)) && !all(vec2(true, false));
const_assert any(vec2(false, true)) && !any(vec4<bool>()) && all(true) && any(true);
const_assert select(1, 2, true) == 2 && select(1.5, 2.5, false) == 1.5;
const_assert all(select(vec2(1, 2), vec2(3, 4), vec2(true, false)) == vec2(3, 2));
