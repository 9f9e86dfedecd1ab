package constant

import (
	"bufio"
	"math"
	"os"
	"regexp"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

type builtinCase struct {
	name string
	args []Value
	want string
}

func args(vs ...Value) []Value { return vs }

func runBuiltinCases(t *testing.T, cases []builtinCase) {
	t.Helper()
	for _, tt := range cases {
		v, err := callBuiltin(t, tt.name, tt.args, nil)
		check(t, tt.want, v, err, "%s", call(tt.name, tt.args))
	}
}

func TestFloatBuiltins(t *testing.T) {
	runBuiltinCases(t, []builtinCase{
		{"abs", args(af(-2.5)), "2.5"},
		{"abs", args(vec(f32(-1), f32(2))), "vec2<f32>(1.0f, 2.0f)"},
		{"acos", args(af(1)), "0.0"},
		{"acos", args(f32(-1)), "3.1415927f"},
		{"acos", args(af(1.5)), "error: acos of 1.5, outside its domain [-1, 1], in constant expression"},
		{"acosh", args(af(1)), "0.0"},
		{"acosh", args(f16(0.5)), "error: acosh of 0.5h, outside its domain"},
		{"asin", args(f32(1)), "1.5707964f"},
		{"asin", args(vec(f32(0), f32(-1.01))), "error: asin of -1.01f"},
		{"asinh", args(af(0)), "0.0"},
		{"atan", args(f32(1)), "0.7853982f"},
		{"atanh", args(af(0.5)), "0.5493061443340548"},
		{"atanh", args(af(1)), "error: atanh of 1.0, outside its domain (-1, 1)"},
		{"atan2", args(f32(1), f32(-1)), "2.3561945f"},
		{"atan2", args(af(0), af(0)), "0.0"},
		{"ceil", args(vec(f32(1.5), f32(-1.5))), "vec2<f32>(2.0f, -1.0f)"},
		{"floor", args(vec(f32(1.5), f32(-1.5))), "vec2<f32>(1.0f, -2.0f)"},
		{"trunc", args(vec(f32(1.5), f32(-1.5))), "vec2<f32>(1.0f, -1.0f)"},
		{"round", args(vec(af(2.5), af(-1.5), af(0.5), af(3.5))), "vec4(2.0, -2.0, 0.0, 4.0)"},
		{"round", args(f16(2.5)), "2.0h"},
		{"round", args(f32(-2.6)), "-3.0f"},
		{"fract", args(af(-1.25)), "0.75"},
		{"fract", args(f32(3.75)), "0.75f"},
		{"fract", args(f32(-1e-10)), "1.0f"}, // the spec allows 1.0 for tiny negatives
		{"cos", args(af(0)), "1.0"},
		{"cosh", args(af(1000)), "error: cosh(1000.0) overflows AbstractFloat in constant expression"},
		{"cosh", args(f16(12)), "error: cosh(12.0h) overflows f16"},
		{"sin", args(f32(0)), "0.0f"},
		{"sinh", args(af(1)), "1.1752011936438014"},
		{"tan", args(af(0)), "0.0"},
		{"tanh", args(af(100)), "1.0"},
		{"degrees", args(af(math.Pi)), "180.0"},
		{"radians", args(f32(180)), "3.1415927f"},
		{"exp", args(af(0)), "1.0"},
		{"exp", args(f32(89)), "error: exp(89.0f) overflows f32"},
		{"exp", args(f32(88)), "1.6516363e+38f"},
		{"exp2", args(f16(15)), "32770.0h"},
		{"exp2", args(f16(16)), "error: overflows f16"},
		{"exp2", args(af(-1075)), "0.0"},
		{"log", args(af(1)), "0.0"},
		{"log", args(af(0)), "error: log of non-positive value 0.0 in constant expression"},
		{"log", args(f32(-1)), "error: log of non-positive value -1.0f"},
		{"log2", args(vec(f32(8), f32(0.5))), "vec2<f32>(3.0f, -1.0f)"},
		{"log2", args(af(-0.5)), "error: log2 of non-positive value -0.5"},
		{"sqrt", args(af(2)), "1.4142135623730951"},
		{"sqrt", args(f16(2)), "1.414h"},
		{"sqrt", args(af(-1)), "error: sqrt of negative value -1.0 in constant expression"},
		{"sqrt", args(af(math.Copysign(0, -1))), "-0.0"},
		{"inverseSqrt", args(f32(4)), "0.5f"},
		{"inverseSqrt", args(f32(0)), "error: inverseSqrt of non-positive value 0.0f"},
		{"pow", args(af(2), af(10)), "1024.0"},
		{"pow", args(f32(2), f32(0.5)), "1.4142135f"},
		{"pow", args(af(0), af(2)), "0.0"},
		{"pow", args(af(0), af(0)), "error: pow(0.0, 0.0) is undefined"},
		{"pow", args(af(-2), af(2)), "error: pow(-2.0, 2.0) is undefined"},
		{"pow", args(f16(10), f16(5)), "error: overflows f16"},
		{"step", args(vec(f32(1), f32(2)), vec(f32(1), f32(1.5))), "vec2<f32>(1.0f, 0.0f)"},
		{"saturate", args(vec(af(-1), af(0.5), af(2))), "vec3(0.0, 0.5, 1.0)"},
		{"fma", args(f32(2), f32(3), f32(4)), "10.0f"},
		{"fma", args(af(0.1), af(10), af(-1)), "5.551115123125783e-17"},
		{"mix", args(af(0), af(10), af(0.25)), "2.5"},
		{"mix", args(vec(f32(0), f32(10)), vec(f32(10), f32(20)), f32(0.5)), "vec2<f32>(5.0f, 15.0f)"},
		{"mix", args(vec(f32(0), f32(10)), vec(f32(10), f32(20)), vec(f32(0), f32(1))), "vec2<f32>(0.0f, 20.0f)"},
		{"smoothstep", args(af(0), af(1), af(0.5)), "0.5"},
		{"smoothstep", args(af(0), af(2), af(-1)), "0.0"},
		{"smoothstep", args(af(0), af(2), af(3)), "1.0"},
		{"smoothstep", args(af(2), af(0), af(0.5)), "0.84375"},
		{"smoothstep", args(f32(1), f32(1), f32(0.5)), "error: smoothstep with equal edges 1.0f and 1.0f in constant expression"},
		{"quantizeToF16", args(f32(0.1)), "0.099975586f"},
		{"quantizeToF16", args(vec(f32(65504), f32(1e-8))), "vec2<f32>(65504.0f, 0.0f)"},
		{"quantizeToF16", args(f32(65505)), "error: quantizeToF16 of 65505.0f, outside the finite range of f16, in constant expression"},
		{"quantizeToF16", args(af(1)), "error: quantizeToF16 is not defined for AbstractFloat"},
		{"ldexp", args(af(0.75), ai(2)), "3.0"},
		{"ldexp", args(f32(1), i32(127)), "1.7014118e+38f"},
		{"ldexp", args(f32(1), i32(128)), "error: ldexp(1.0f, 128i) overflows f32"},
		{"ldexp", args(f32(0.5), i32(128)), "1.7014118e+38f"},
		{"ldexp", args(f32(1), i32(129)), "error: ldexp exponent 129i is greater than 128, the exponent bias of f32 plus 1"},
		{"ldexp", args(f16(1), i32(17)), "error: greater than 16"},
		{"ldexp", args(f16(1), i32(-24)), "6e-08h"},
		{"ldexp", args(f16(1), i32(-26)), "0.0h"},
		{"ldexp", args(af(1), ai(1025)), "error: greater than 1024"},
		{"ldexp", args(af(1), ai(math.MinInt64)), "0.0"},
		{"ldexp", args(vec(f32(1), f32(2)), vec(i32(1), i32(-1))), "vec2<f32>(2.0f, 1.0f)"},
		{"ldexp", args(f32(1), u32(1)), "error: ldexp is not defined for f32 and u32"},
		{"frexp", args(af(1.5)), "__frexp_result_abstract(0.75, 1)"},
		{"frexp", args(f32(0)), "__frexp_result_f32(0.0f, 0i)"},
		{"frexp", args(f32(-0.0)), "__frexp_result_f32(0.0f, 0i)"},
		{"frexp", args(f32(-6)), "__frexp_result_f32(-0.75f, 3i)"},
		{"frexp", args(f16(0x1p-24)), "__frexp_result_f16(0.5h, -23i)"},
		{"frexp", args(vec(f32(1), f32(-0.25), f32(1024))), "__frexp_result_vec3_f32(vec3<f32>(0.5f, -0.5f, 0.5f), vec3<i32>(1i, -1i, 11i))"},
		{"frexp", args(i32(1)), "error: frexp is not defined for i32"},
		{"modf", args(af(1.5)), "__modf_result_abstract(0.5, 1.0)"},
		{"modf", args(f32(-1.5)), "__modf_result_f32(-0.5f, -1.0f)"},
		{"modf", args(f16(0)), "__modf_result_f16(0.0h, 0.0h)"},
		{"modf", args(vec(af(2.25), af(-3))), "__modf_result_vec2_abstract(vec2(0.25, 0.0), vec2(2.0, -3.0))"},
		{"length", args(af(-3)), "3.0"},
		{"length", args(vec(f32(3), f32(4))), "5.0f"},
		// The squares overflow: the spec defines length as sqrt of the sum of squares.
		{"length", args(vec(af(math.Ldexp(3, 700)), af(math.Ldexp(-4, 700)))), "error: overflows AbstractFloat"},
		{"length", args(vec(af(math.Ldexp(3, 400)), af(math.Ldexp(-4, 400)))), af(math.Ldexp(5, 400)).String()},
		{"length", args(vec(af(1e308), af(1e308), af(1e308))), "error: overflows AbstractFloat"},
		{"length", args(vec(af(1.5e308), af(1.5e308))), "error: overflows AbstractFloat"},
		{"length", args(vec(f16(300), f16(400))), "500.0h"},
		{"length", args(vec(f16(60000), f16(60000))), "error: overflows f16"},
		{"distance", args(vec(f32(1), f32(1)), vec(f32(4), f32(5))), "5.0f"},
		{"distance", args(af(1), af(-2)), "3.0"},
		{"normalize", args(vec(f32(3), f32(4))), "vec2<f32>(0.6f, 0.8f)"},
		{"normalize", args(vec(af(1e-300), af(0))), "vec2(1.0, 0.0)"},
		{"normalize", args(vec(af(1e300), af(1e300))), "vec2(0.7071067811865475, 0.7071067811865475)"},
		{"normalize", args(vec(f32(0), f32(0))), "error: normalize of the zero vector vec2<f32>(0.0f, 0.0f) in constant expression"},
		{"normalize", args(f32(1)), "error: normalize is not defined for f32"},
		{"dot", args(vec(f32(1), f32(2), f32(3)), vec(f32(4), f32(5), f32(6))), "32.0f"},
		{"dot", args(vec(ai(1), ai(2)), vec(ai(3), ai(4))), "11"},
		{"dot", args(vec(ai(math.MaxInt64), ai(1)), vec(ai(1), ai(1))), "error: dot(vec2(9223372036854775807, 1), vec2(1, 1)) overflows AbstractInt"},
		{"dot", args(vec(i32(math.MaxInt32), i32(1)), vec(i32(1), i32(1))), "i32(-2147483648)"},
		{"dot", args(vec(u32(0xffffffff), u32(2)), vec(u32(1), u32(1))), "1u"},
		{"dot", args(vec(f16(256), f16(256)), vec(f16(256), f16(256))), "error: overflows f16"},
		{"dot", args(vec(f32(1), f32(2)), vec(f32(1), f32(2), f32(3))), "error: dot is not defined"},
		{"cross", args(vec(f32(1), f32(0), f32(0)), vec(f32(0), f32(1), f32(0))), "vec3<f32>(0.0f, 0.0f, 1.0f)"},
		{"cross", args(vec(af(1), af(2), af(3)), vec(af(4), af(5), af(6))), "vec3(-3.0, 6.0, -3.0)"},
		{"cross", args(vec(f32(1), f32(0)), vec(f32(0), f32(1))), "error: cross is not defined for vec2<f32>"},
		{"determinant", args(mat(vec(af(1), af(2)), vec(af(3), af(4)))), "-2.0"},
		{"determinant", args(mat(vec(f32(2), f32(0), f32(0)), vec(f32(0), f32(3), f32(0)), vec(f32(1), f32(1), f32(4)))), "24.0f"},
		{"determinant", args(mat(
			vec(af(1), af(0), af(2), af(-1)),
			vec(af(3), af(0), af(0), af(5)),
			vec(af(2), af(1), af(4), af(-3)),
			vec(af(1), af(0), af(5), af(0)))), "30.0"},
		{"determinant", args(mat(
			vec(f16(1), f16(2), f16(3), f16(4)),
			vec(f16(5), f16(6), f16(7), f16(8)),
			vec(f16(2), f16(6), f16(4), f16(8)),
			vec(f16(3), f16(1), f16(1), f16(2)))), "72.0h"},
		{"determinant", args(mat(vec(f32(1), f32(2), f32(3)), vec(f32(4), f32(5), f32(6)))), "error: determinant is not defined for mat2x3<f32>, which is not square"},
		{"transpose", args(mat(vec(f32(1), f32(2), f32(3)), vec(f32(4), f32(5), f32(6)))), "mat3x2<f32>(vec2<f32>(1.0f, 4.0f), vec2<f32>(2.0f, 5.0f), vec2<f32>(3.0f, 6.0f))"},
		{"faceForward", args(vec(f32(1), f32(2)), vec(f32(0), f32(1)), vec(f32(0), f32(-1))), "vec2<f32>(1.0f, 2.0f)"},
		{"faceForward", args(vec(f32(1), f32(2)), vec(f32(0), f32(1)), vec(f32(0), f32(1))), "vec2<f32>(-1.0f, -2.0f)"},
		{"reflect", args(vec(af(1), af(-1)), vec(af(0), af(1))), "vec2(1.0, 1.0)"},
		{"refract", args(vec(af(0), af(-1)), vec(af(0), af(1)), af(1)), "vec2(0.0, -1.0)"},
		{"refract", args(vec(af(0.6), af(-0.8)), vec(af(0), af(1)), af(0.5)), "vec2(0.3, -0.9539392014169457)"},
		{"refract", args(vec(f32(0.8), f32(-0.6)), vec(f32(0), f32(1)), f32(1.5)), "vec2<f32>(0.0f, 0.0f)"},
		{"refract", args(vec(f32(0.8), f32(-0.6)), vec(f32(0), f32(1)), af(1.5)), "error: refract: the ratio of indices of refraction is AbstractFloat, not f32"},
		{"sin", args(i32(1)), "error: sin is not defined for i32 (it takes floating-point values)"},
		{"atan2", args(f32(1), f16(1)), "error: atan2: mismatched argument types f32 and f16"},
	})
}

func TestNumericBuiltins(t *testing.T) {
	runBuiltinCases(t, []builtinCase{
		{"abs", args(ai(-5)), "5"},
		{"abs", args(ai(math.MinInt64)), "-9223372036854775808"},
		{"abs", args(i32(math.MinInt32)), "i32(-2147483648)"},
		{"abs", args(vec(i32(-3), i32(3))), "vec2<i32>(3i, 3i)"},
		{"abs", args(u32(math.MaxUint32)), "4294967295u"},
		{"abs", args(f16(-0.5)), "0.5h"},
		{"abs", args(b(true)), "error: abs is not defined for bool"},
		{"sign", args(vec(ai(-5), ai(0), ai(7))), "vec3(-1, 0, 1)"},
		{"sign", args(vec(f32(-0.1), f32(0), f32(3))), "vec3<f32>(-1.0f, 0.0f, 1.0f)"},
		{"sign", args(i32(math.MinInt32)), "-1i"},
		{"sign", args(u32(1)), "error: sign is not defined for u32"},
		{"max", args(i32(-1), i32(3)), "3i"},
		{"max", args(vec(u32(1), u32(5)), vec(u32(4), u32(2))), "vec2<u32>(4u, 5u)"},
		{"max", args(af(-0.5), af(-1.5)), "-0.5"},
		{"min", args(i32(-1), i32(3)), "-1i"},
		{"min", args(vec(f16(1), f16(5)), vec(f16(4), f16(2))), "vec2<f16>(1.0h, 2.0h)"},
		{"min", args(ai(math.MinInt64), ai(math.MaxInt64)), "-9223372036854775808"},
		{"clamp", args(ai(1), ai(-5), ai(5)), "1"},
		{"clamp", args(i32(-10), i32(-5), i32(5)), "-5i"},
		{"clamp", args(vec(f32(-1), f32(0.5), f32(2)), vec(f32(0), f32(0), f32(0)), vec(f32(1), f32(1), f32(1))), "vec3<f32>(0.0f, 0.5f, 1.0f)"},
		{"clamp", args(u32(7), u32(3), u32(3)), "3u"},
		{"clamp", args(i32(0), i32(2), i32(1)), "error: clamp with low 2i greater than high 1i in constant expression"},
		{"clamp", args(vec(af(0), af(0)), vec(af(0), af(2)), vec(af(1), af(1))), "error: clamp with low 2.0 greater than high 1.0"},
		{"clamp", args(i32(0), u32(2), i32(1)), "error: mismatched argument types"},
	})
}

func TestBitBuiltins(t *testing.T) {
	runBuiltinCases(t, []builtinCase{
		{"countLeadingZeros", args(u32(1)), "31u"},
		{"countLeadingZeros", args(vec(i32(0), i32(-1))), "vec2<i32>(32i, 0i)"},
		{"countOneBits", args(vec(u32(0), u32(0xff), u32(math.MaxUint32))), "vec3<u32>(0u, 8u, 32u)"},
		{"countOneBits", args(i32(-1)), "32i"},
		{"countTrailingZeros", args(vec(u32(0), u32(8))), "vec2<u32>(32u, 3u)"},
		{"countTrailingZeros", args(i32(math.MinInt32)), "31i"},
		{"firstLeadingBit", args(vec(i32(0), i32(-1), i32(1), i32(-2))), "vec4<i32>(-1i, -1i, 0i, 0i)"},
		{"firstLeadingBit", args(vec(i32(math.MaxInt32), i32(math.MinInt32), i32(0x10), i32(-0x10))), "vec4<i32>(30i, 30i, 4i, 3i)"},
		{"firstLeadingBit", args(vec(u32(0), u32(1), u32(0x80000000), u32(0x00ff0000))), "vec4<u32>(4294967295u, 0u, 31u, 23u)"},
		{"firstTrailingBit", args(vec(u32(0), u32(1), u32(0x80000000), u32(0x00ff0000))), "vec4<u32>(4294967295u, 0u, 31u, 16u)"},
		{"firstTrailingBit", args(vec(i32(0), i32(-1), i32(-2), i32(math.MinInt32))), "vec4<i32>(-1i, 0i, 1i, 31i)"},
		{"reverseBits", args(u32(1)), "2147483648u"},
		{"reverseBits", args(vec(i32(1), i32(-2))), "vec2<i32>(i32(-2147483648), 2147483647i)"},
		{"countOneBits", args(ai(1)), "error: countOneBits is not defined for AbstractInt (it takes i32 or u32 values)"},
		// extractBits: o = min(offset, 32), c = min(count, 32 - o); offset + count > 32 is an error
		{"extractBits", args(u32(0xabcd1234), u32(4), u32(8)), "35u"},
		{"extractBits", args(i32(-0x543212cc), u32(4), u32(8)), "-45i"},
		{"extractBits", args(i32(0x0000f000), u32(12), u32(4)), "-1i"},
		{"extractBits", args(i32(0x0000f000), u32(12), u32(5)), "15i"},
		{"extractBits", args(u32(0xffffffff), u32(0), u32(32)), "4294967295u"},
		{"extractBits", args(i32(-5), u32(0), u32(32)), "-5i"},
		{"extractBits", args(i32(-1), u32(31), u32(1)), "-1i"},
		{"extractBits", args(u32(0x80000000), u32(31), u32(1)), "1u"},
		{"extractBits", args(u32(0xffffffff), u32(32), u32(0)), "0u"},
		{"extractBits", args(i32(-1), u32(5), u32(0)), "0i"},
		{"extractBits", args(vec(u32(0xf0), u32(0x0f)), u32(4), u32(4)), "vec2<u32>(15u, 0u)"},
		{"extractBits", args(u32(1), u32(30), u32(3)), "error: extractBits with offset 30u plus count 3u greater than 32, the bit width, in constant expression"},
		{"extractBits", args(u32(1), u32(math.MaxUint32), u32(1)), "error: greater than 32"},
		{"extractBits", args(u32(1), i32(1), u32(1)), "error: extractBits takes u32 offset and count"},
		{"insertBits", args(u32(0xffffffff), u32(0), u32(8), u32(8)), "4294902015u"},
		{"insertBits", args(i32(0), i32(-1), u32(28), u32(4)), "-268435456i"},
		{"insertBits", args(u32(0x12345678), u32(0xabcdef01), u32(0), u32(32)), "2882400001u"},
		{"insertBits", args(u32(7), u32(0), u32(32), u32(0)), "7u"},
		{"insertBits", args(vec(u32(0), u32(1)), vec(u32(1), u32(0)), u32(1), u32(1)), "vec2<u32>(2u, 1u)"},
		{"insertBits", args(u32(0), u32(0), u32(16), u32(17)), "error: insertBits with offset 16u plus count 17u greater than 32"},
		{"dot4U8Packed", args(u32(0x01020304), u32(0x01010101)), "10u"},
		{"dot4U8Packed", args(u32(0xffffffff), u32(0xffffffff)), "260100u"},
		{"dot4I8Packed", args(u32(0xffffffff), u32(0x01010101)), "-4i"},
		{"dot4I8Packed", args(u32(0x80808080), u32(0x80808080)), "65536i"},
		{"dot4I8Packed", args(u32(0x80808080), u32(0x7f7f7f7f)), "-65024i"},
	})
}

func TestPackBuiltins(t *testing.T) {
	runBuiltinCases(t, []builtinCase{
		{"pack4x8snorm", args(vec(f32(1), f32(-1), f32(0), f32(0.5))), "1073774975u"},   // 0x7f, 0x81, 0x00, 0x40
		{"pack4x8snorm", args(vec(f32(2), f32(-2), f32(-0.5), f32(0.1))), "230785407u"}, // 0x7f, 0x81, 0xc1, 0x0d,
		{"pack4x8unorm", args(vec(f32(1), f32(0), f32(0.5), f32(2))), "4286578943u"},    // 0xff, 0x00, 0x80, 0xff
		{"pack4xI8", args(vec(i32(1), i32(-1), i32(0x17f), i32(-128))), "2155872001u"},  // 0x01, 0xff, 0x7f, 0x80
		{"pack4xU8", args(vec(u32(1), u32(2), u32(0x1ff), u32(0))), "16712193u"},
		{"pack4xI8Clamp", args(vec(i32(1000), i32(-1000), i32(-1), i32(0))), "16744575u"},
		{"pack4xU8Clamp", args(vec(u32(1000), u32(0), u32(255), u32(math.MaxUint32))), "4294902015u"}, // 0xff, 0x00, 0xff, 0xff
		{"pack2x16snorm", args(vec(f32(1), f32(-1))), "2147581951u"},
		{"pack2x16unorm", args(vec(f32(1), f32(0.5))), "2147549183u"},
		// 127 × 0.003937008 and 255 × 0.0019607844 round to exactly 0.5 in f32, which rounds up.
		{"pack4x8snorm", args(vec(f32(0.003937008), f32(-0.003937008), f32(0), f32(0))), "1u"}, // 0x01, 0x00
		{"pack4x8unorm", args(vec(f32(0.0019607844), f32(0), f32(0), f32(0))), "1u"},
		{"pack2x16float", args(vec(f32(1), f32(-2))), "3221240832u"},
		{"pack2x16float", args(vec(f32(1), f32(65520))), "error: pack2x16float of 65520.0f, outside the finite range of f16, in constant expression"},
		{"pack4x8snorm", args(vec(f32(1), f32(1))), "error: pack4x8snorm takes vec4<f32>, not vec2<f32>"},
		{"unpack4x8snorm", args(u32(0x8081007f)), "vec4<f32>(1.0f, 0.0f, -1.0f, -1.0f)"},
		{"unpack4x8unorm", args(u32(0x00ff80ff)), "vec4<f32>(1.0f, 0.5019608f, 1.0f, 0.0f)"},
		{"unpack4xI8", args(u32(0x80ff7f01)), "vec4<i32>(1i, 127i, -1i, -128i)"},
		{"unpack4xU8", args(u32(0x80ff7f01)), "vec4<u32>(1u, 127u, 255u, 128u)"},
		{"unpack2x16snorm", args(u32(0x80007fff)), "vec2<f32>(1.0f, -1.0f)"},
		{"unpack2x16unorm", args(u32(0x8000ffff)), "vec2<f32>(1.0f, 0.5000076f)"},
		{"unpack2x16float", args(u32(0xc0003c00)), "vec2<f32>(1.0f, -2.0f)"},
		{"unpack2x16float", args(u32(0x00017bff)), "vec2<f32>(65504.0f, 5.9604645e-08f)"},
		{"unpack2x16float", args(u32(0x7c00)), "error: unpack2x16float of bits 0x7c00, an f16 infinity or NaN"},
		{"unpack2x16float", args(i32(0)), "error: unpack2x16float takes u32, not i32"},
	})
	// Round trips.
	for _, x := range []uint32{0, 1, 0x7f7f7f7f, 0x81818181, 0x12345678, 0xdeadbeef, 0x3c00bc00} {
		for _, pair := range [][2]string{
			{"unpack4x8unorm", "pack4x8unorm"},
			{"unpack2x16unorm", "pack2x16unorm"},
			{"unpack4xI8", "pack4xI8"},
			{"unpack4xU8", "pack4xU8"},
			{"unpack4xI8", "pack4xI8Clamp"},
			{"unpack4xU8", "pack4xU8Clamp"},
			{"unpack2x16float", "pack2x16float"},
		} {
			if pair[0] == "unpack2x16float" && (x&0x7c00 == 0x7c00 || x&0x7c000000 == 0x7c000000) {
				continue // an f16 infinity or NaN
			}
			v, err := callBuiltin(t, pair[0], args(u32(x)), nil)
			require.NoError(t, err)
			p, err := callBuiltin(t, pair[1], args(v), nil)
			require.NoError(t, err)
			assert.Equal(t, uint64(x), p.Bits(), "%s(%s(%#x))", pair[1], pair[0], x)
		}
		// snorm: -128 and -127 both unpack to -1, which packs to -127.
		if x&0x80808080 == 0 {
			v, _ := callBuiltin(t, "unpack4x8snorm", args(u32(x)), nil)
			p, _ := callBuiltin(t, "pack4x8snorm", args(v), nil)
			assert.Equal(t, uint64(x), p.Bits(), "%#x", x)
		}
	}
	for _, x := range [][2]float32{{0.1, -0.7}, {1, -1}, {0.333, 0.5}} {
		v := vec(f32(x[0]), f32(x[1]))
		p, err := callBuiltin(t, "pack2x16float", args(v), nil)
		require.NoError(t, err)
		u, err := callBuiltin(t, "unpack2x16float", args(p), nil)
		require.NoError(t, err)
		q, err := callBuiltin(t, "quantizeToF16", args(v), nil)
		require.NoError(t, err)
		assert.True(t, Identical(q, u), "quantizeToF16 agrees with the pack round trip")
	}
}

func TestLogicalBuiltins(t *testing.T) {
	runBuiltinCases(t, []builtinCase{
		{"all", args(vec(b(true), b(true))), "true"},
		{"all", args(vec(b(true), b(false), b(true))), "false"},
		{"all", args(b(false)), "false"},
		{"any", args(vec(b(false), b(false), b(true), b(false))), "true"},
		{"any", args(vec(b(false), b(false))), "false"},
		{"any", args(b(true)), "true"},
		{"all", args(i32(1)), "error: all is not defined for i32"},
		{"select", args(i32(1), i32(2), b(true)), "2i"},
		{"select", args(vec(f32(1), f32(2)), vec(f32(3), f32(4)), b(false)), "vec2<f32>(1.0f, 2.0f)"},
		{"select", args(vec(f32(1), f32(2)), vec(f32(3), f32(4)), vec(b(true), b(false))), "vec2<f32>(3.0f, 2.0f)"},
		{"select", args(ai(1), ai(2), vec(b(true), b(false))), "error: select is not defined"},
		{"select", args(ai(1), af(2), b(true)), "error: select: mismatched argument types"},
	})
}

func TestBitcast(t *testing.T) {
	for _, tt := range []struct {
		v    Value
		to   types.Type
		want string
	}{
		{u32(0x3f800000), types.F32, "1.0f"},
		{f32(1), types.U32, "1065353216u"},
		{f32(-2), types.I32, "-1073741824i"},
		{i32(-1), types.U32, "4294967295u"},
		{u32(1), types.F32, "1e-45f"},
		{u32(0x7f800000), types.F32, "error: bitcast<f32>(2139095040u) is an f32 infinity or NaN (bits 0x7f800000) in constant expression"},
		{u32(0x7fc00000), types.F32, "error: infinity or NaN"},
		{ai(1), types.U32, "1u"},
		{ai(-1), types.U32, "error: value -1 does not fit in u32"},
		{ai(0x3f800000), types.F32, "1.0f"},
		{vec(ai(1), ai(2)), types.Vec(2, types.U32), "vec2<u32>(1u, 2u)"},
		{f16(1.5), types.F16, "1.5h"},
		{vec(f32(1), f32(2)), types.Vec(2, types.F32), "vec2<f32>(1.0f, 2.0f)"},
		{vec(u32(0x3f800000), u32(0xc0000000)), types.Vec(2, types.F32), "vec2<f32>(1.0f, -2.0f)"},
		// f16 vectors: component 0 in the low half
		{vec(f16(1), f16(-2)), types.U32, "3221240832u"},
		{u32(0xc0003c00), types.Vec(2, types.F16), "vec2<f16>(1.0h, -2.0h)"},
		{vec(f16(1), f16(0), f16(0), f16(1)), types.Vec(2, types.U32), "vec2<u32>(15360u, 1006632960u)"},
		{vec(i32(0x3c00), i32(0x3c000000)), types.Vec(4, types.F16), "vec4<f16>(1.0h, 0.0h, 0.0h, 1.0h)"},
		{f32(1), types.Vec(2, types.F16), "vec2<f16>(0.0h, 1.875h)"},
		{vec(f32(1), f32(-1), f32(0)), types.Vec(3, types.U32), "vec3<u32>(1065353216u, 3212836864u, 0u)"},
		{vec(u32(0x3f800000), u32(0), u32(0), u32(0x40000000)), types.Vec(4, types.F32), "vec4<f32>(1.0f, 0.0f, 0.0f, 2.0f)"},
		{u32(0x7c00), types.Vec(2, types.F16), "error: f16 infinity or NaN"},
		{u32(0x0001), types.Vec(2, types.F16), "vec2<f16>(6e-08h, 0.0h)"},
		{vec(f16(1), f16(0), f16(0), f16(1)), types.U32, "error: bitcast from vec4<f16> to u32 is not defined"},
		{f32(1), types.Vec(2, types.U32), "error: not defined"},
		{b(true), types.U32, "error: not defined"},
		{af(1), types.U32, "error: not defined"},
	} {
		v, err := Bitcast(tt.v, tt.to)
		check(t, tt.want, v, err, "bitcast<%s>(%s)", tt.to, tt.v)
	}
	v, err := callBuiltin(t, "bitcast", args(u32(0)), types.F32)
	wantValue(t, "0.0f", v, err)
}

func TestCallBuiltinErrors(t *testing.T) {
	v, err := CallBuiltin(builtins.FnTextureSample, nil, nil)
	wantError(t, "textureSample is not a built-in function that can be evaluated in a constant expression", v, err)
	v, err = CallBuiltin(builtins.FnSqrt, args(af(1), af(2)), nil)
	wantError(t, "sqrt takes 1 arguments, got 2", v, err)
	v, err = CallBuiltin(builtins.FnSqrt, args(Value{}), nil)
	wantError(t, "invalid value", v, err)
	v, err = CallBuiltin(builtins.FnBitcast, nil, types.U32)
	wantError(t, "bitcast takes 1 argument", v, err)
	assert.True(t, Evaluates(builtins.FnBitcast))
	assert.False(t, Evaluates(builtins.FnDpdx))
	assert.False(t, Evaluates(builtins.FnArrayLength))
}

// callBuiltin calls the function called name.
func callBuiltin(t *testing.T, name string, args []Value, rt types.Type) (Value, error) {
	t.Helper()
	fn, ok := builtins.LookupFn(name)
	require.True(t, ok, name)
	return CallBuiltin(fn, args, rt)
}

// Evaluates is the table's @const: every function the table declares @const is evaluated
// here, and no other. (A new @const function in the table fails here until it is.)
func TestEvaluatesEveryConstFn(t *testing.T) {
	for _, fn := range builtins.Fns() {
		assert.Equal(t, fn.Const(), Evaluates(fn), "%s: @const %t, evaluated %t", fn, fn.Const(), Evaluates(fn))
	}
}

// TestEveryConstBuiltin reads the spec and checks that every function it declares @const is
// evaluated here, and nothing it does not. The placeholders S (structure constructors) and T
// (zero values) and the value constructors are Construct's job.
func TestEveryConstBuiltin(t *testing.T) {
	f, err := os.Open(oracle.Reference(t, "wgsl/index.bs"))
	require.NoError(t, err)
	defer f.Close()
	decl := regexp.MustCompile(`@const\b[^(]*\bfn\s+([A-Za-z_][A-Za-z0-9_]*)`)
	found := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		for _, m := range decl.FindAllStringSubmatch(sc.Text(), -1) {
			found[m[1]] = true
		}
	}
	require.NoError(t, sc.Err())
	require.Greater(t, len(found), 100, "the @const declarations were not found: has the spec's format changed?")
	var missing []string
	for name := range found {
		if b, ok := builtins.Lookup(name); name == "S" || name == "T" || ok && b.Constructor {
			continue
		}
		if fn, ok := builtins.LookupFn(name); !ok || !Evaluates(fn) {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "@const built-ins of the spec that CallBuiltin does not evaluate")
	// And nothing is evaluated that the spec does not declare @const.
	var extra []string
	for _, fn := range builtins.Fns() {
		if Evaluates(fn) && !found[fn.String()] {
			extra = append(extra, fn.String())
		}
	}
	assert.Empty(t, extra, "built-ins evaluated here that the spec does not declare @const")
}
