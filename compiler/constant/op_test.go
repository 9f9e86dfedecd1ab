package constant

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/types"
)

func check(t *testing.T, want string, v Value, err error, msgAndArgs ...any) {
	t.Helper()
	if strings.HasPrefix(want, "error: ") {
		wantError(t, want[len("error: "):], v, err, msgAndArgs...)
	} else {
		wantValue(t, want, v, err, msgAndArgs...)
	}
}

func TestUnary(t *testing.T) {
	for _, tt := range []struct {
		op   Op
		v    Value
		want string
	}{
		{Neg, ai(5), "-5"},
		{Neg, ai(math.MinInt64), "-9223372036854775808"}, // the spec: the most negative value negates to itself
		{Neg, ai(math.MaxInt64), "-9223372036854775807"},
		{Neg, i32(math.MinInt32), "i32(-2147483648)"}, // concrete integers wrap
		{Neg, i32(3), "-3i"},
		{Neg, af(0), "-0.0"},
		{Neg, f16(1.5), "-1.5h"},
		{Neg, vec(f32(1), f32(-2)), "vec2<f32>(-1.0f, 2.0f)"},
		{Neg, u32(1), "error: operator - is not defined for u32"},
		{Neg, b(true), "error: operator - is not defined for bool"},
		{Neg, mat(vec(af(1), af(2)), vec(af(3), af(4))), "error: operator - is not defined for mat2x2<AbstractFloat>"},
		{Not, b(true), "false"},
		{Not, vec(b(true), b(false)), "vec2<bool>(false, true)"},
		{Not, i32(0), "error: operator ! is not defined for i32"},
		{Complement, ai(0), "-1"},
		{Complement, i32(0), "-1i"},
		{Complement, u32(0), "4294967295u"},
		{Complement, u32(0xf0f0f0f0), "252645135u"},
		{Complement, vec(u32(1), u32(2)), "vec2<u32>(4294967294u, 4294967293u)"},
		{Complement, f32(1), "error: operator ~ is not defined for f32"},
		{Add, i32(1), "error: operator + is not defined for i32"},
	} {
		v, err := Unary(tt.op, tt.v)
		check(t, tt.want, v, err, "%s%s", tt.op, tt.v)
	}
}

func TestBinaryScalars(t *testing.T) {
	const maxI, minI = math.MaxInt64, math.MinInt64
	for _, tt := range []struct {
		a    Value
		op   Op
		b    Value
		want string
	}{
		// AbstractInt: exact, overflow is an error
		{ai(2), Add, ai(3), "5"},
		{ai(maxI), Add, ai(1), "error: 9223372036854775807 + 1 overflows AbstractInt in constant expression"},
		{ai(minI), Add, ai(-1), "error: overflows AbstractInt"},
		{ai(minI), Sub, ai(1), "error: overflows AbstractInt"},
		{ai(-1), Sub, ai(maxI), "-9223372036854775808"},
		{ai(0), Sub, ai(minI), "error: overflows AbstractInt"},
		{ai(-1 << 32), Mul, ai(1 << 31), "-9223372036854775808"},
		{ai(1 << 32), Mul, ai(1 << 31), "error: overflows AbstractInt"},
		{ai(1 << 32), Mul, ai(1 << 32), "error: overflows AbstractInt"},
		{ai(-1), Mul, ai(minI), "error: overflows AbstractInt"},
		{ai(minI), Mul, ai(-1), "error: overflows AbstractInt"},
		{ai(minI), Mul, ai(1), "-9223372036854775808"},
		{ai(-7), Div, ai(2), "-3"},
		{ai(-7), Rem, ai(2), "-1"},
		{ai(7), Rem, ai(-2), "1"},
		{ai(1), Div, ai(0), "error: division by zero in constant expression"},
		{ai(1), Rem, ai(0), "error: remainder by zero in constant expression"},
		{ai(minI), Div, ai(-1), "error: overflows AbstractInt"},
		{ai(minI), Rem, ai(-1), "error: overflows AbstractInt"},
		{ai(0x1ffffffff), Div, ai(8), "1073741823"},
		{ai(6), And, ai(3), "2"},
		{ai(6), Or, ai(3), "7"},
		{ai(6), Xor, ai(3), "5"},
		{ai(-1), Lt, ai(0), "true"},
		// i32: wrapping, but division errors
		{i32(math.MaxInt32), Add, i32(1), "i32(-2147483648)"},
		{i32(math.MinInt32), Sub, i32(1), "2147483647i"},
		{i32(-1), Mul, i32(math.MinInt32), "i32(-2147483648)"},
		{i32(0x10000), Mul, i32(0x10000), "0i"},
		{i32(46341), Mul, i32(46341), "-2147479015i"},
		{i32(-7), Div, i32(2), "-3i"},
		{i32(-7), Rem, i32(2), "-1i"},
		{i32(7), Rem, i32(-2), "1i"},
		{i32(math.MinInt32), Div, i32(-1), "error: i32(-2147483648) / -1i overflows i32"},
		{i32(math.MinInt32), Rem, i32(-1), "error: overflows i32"},
		{i32(5), Div, i32(0), "error: division by zero in constant expression: 5i / 0i"},
		{i32(5), Rem, i32(0), "error: remainder by zero"},
		{i32(-1), Xor, i32(5), "-6i"},
		{i32(-1), Lt, i32(0), "true"},
		{i32(-2), Ge, i32(-2), "true"},
		// u32
		{u32(math.MaxUint32), Add, u32(1), "0u"},
		{u32(0), Sub, u32(1), "4294967295u"},
		{u32(0x80000000), Mul, u32(2), "0u"},
		{u32(math.MaxUint32), Mul, u32(math.MaxUint32), "1u"},
		{u32(7), Div, u32(2), "3u"},
		{u32(math.MaxUint32), Rem, u32(10), "5u"},
		{u32(1), Div, u32(0), "error: division by zero"},
		{u32(1), Rem, u32(0), "error: remainder by zero"},
		{u32(math.MaxUint32), Gt, u32(0), "true"},
		{u32(0xff00), And, u32(0x0ff0), "3840u"},
		// floats: rounded to the type, non-finite results are errors
		{af(0.1), Add, af(0.2), "0.30000000000000004"},
		{f32(0.1), Add, f32(0.2), "0.3f"},
		{f32(16777216), Add, f32(1), "1.6777216e+07f"},
		{f16(2048), Add, f16(1), "2048.0h"},
		{f16(2048), Add, f16(3), "2052.0h"},    // 2051 ties to even
		{f16(0.1), Mul, f16(0.1), "0.009995h"}, // 0.1h is 0.0999755859375
		{af(1e300), Mul, af(1e300), "error: 1e+300 * 1e+300 overflows AbstractFloat in constant expression"},
		{f32(3e38), Add, f32(3e38), "error: overflows f32"},
		{f32(math.MaxFloat32), Add, f32(1e31), "3.4028235e+38f"}, // rounds back to the largest finite value
		{f16(60000), Add, f16(10000), "error: overflows f16"},
		{f16(65504), Add, f16(15), "65500.0h"},
		{f16(65504), Add, f16(16), "error: overflows f16"},
		{f16(1), Div, f16(3), "0.3333h"},
		{f32(1), Div, f32(3), "0.33333334f"},
		{af(1), Div, af(0), "error: division by zero"},
		{af(0), Div, af(0), "error: division by zero"},
		{f32(1), Div, f32(1e-40), "error: overflows f32"},
		{af(5.5), Rem, af(2), "1.5"},
		{af(-5.5), Rem, af(2), "-1.5"},
		{af(5.5), Rem, af(-2), "1.5"},
		{f32(1e20), Rem, f32(3), "2.0f"},
		{af(1), Rem, af(0), "error: remainder by zero"},
		{f16(0.5), Sub, f16(0.5), "0.0h"},
		{af(math.Copysign(0, -1)), Eq, af(0), "true"},
		{f32(1), Lt, f32(2), "true"},
		{f16(2), Le, f16(1), "false"},
		{af(1), Ne, af(1), "false"},
		// bool
		{b(true), And, b(false), "false"},
		{b(true), Or, b(false), "true"},
		{b(true), LogicalAnd, b(true), "true"},
		{b(false), LogicalOr, b(false), "false"},
		{b(true), Eq, b(true), "true"},
		{b(true), Ne, b(false), "true"},
		{b(true), Xor, b(false), "error: operator ^ is not defined for bool"},
		{b(true), Lt, b(false), "error: operator < is not defined for bool"},
		{b(true), Add, b(false), "error: operator + is not defined for bool"},
		{ai(1), LogicalAnd, ai(1), "error: operator && is not defined for AbstractInt and AbstractInt"},
		// type errors
		{i32(1), Add, u32(1), "error: operator + is not defined for i32 and u32"},
		{ai(1), Add, af(1), "error: operator + is not defined for AbstractInt and AbstractFloat"},
		{f32(1), And, f32(1), "error: operator & is not defined for f32"},
		{f32(1), Xor, f32(1), "error: operator ^ is not defined for f32"},
		{i32(1), Op(200), i32(1), "error: not defined"},
		{Value{}, Add, i32(1), "error: invalid value"},
	} {
		v, err := Binary(tt.op, tt.a, tt.b)
		check(t, tt.want, v, err, "%s %s %s", tt.a, tt.op, tt.b)
	}
}

func TestShifts(t *testing.T) {
	for _, tt := range []struct {
		a    Value
		op   Op
		b    Value
		want string
	}{
		{i32(1), Shl, u32(30), "1073741824i"},
		{i32(1), Shl, u32(31), "error: 1i << 31u overflows i32 in constant expression: the 32 most significant bits are not all the same"},
		{i32(-1), Shl, u32(31), "i32(-2147483648)"},
		{i32(-2), Shl, u32(30), "i32(-2147483648)"},
		{i32(0x40000000), Shl, u32(1), "error: overflows i32"},
		{i32(-0x40000001), Shl, u32(1), "error: overflows i32"},
		{i32(0), Shl, u32(31), "0i"},
		{i32(1), Shl, u32(32), "error: shift amount 32u is not less than 32, the bit width of i32"},
		{i32(0), Shl, u32(32), "error: shift amount 32u"},
		{u32(1), Shl, u32(31), "2147483648u"},
		{u32(3), Shl, u32(31), "error: 3u << 31u overflows u32 in constant expression: one of the 31 most significant bits is set"},
		{u32(0xffffffff), Shl, u32(0), "4294967295u"},
		// the exact bound: a shift by n loses the n most significant bits, from n = 1 on
		{u32(0x80000000), Shl, u32(1), "error: 2147483648u << 1u overflows u32 in constant expression: one of the 1 most significant bits is set"},
		{u32(0x7fffffff), Shl, u32(1), "4294967294u"},
		{u32(0x40000000), Shl, u32(2), "error: overflows u32"},
		{u32(0x3fffffff), Shl, u32(2), "4294967292u"},
		{i32(math.MinInt32), Shl, u32(0), "i32(-2147483648)"},
		{u32(1), Shl, u32(32), "error: shift amount"},
		{i32(-8), Shr, u32(1), "-4i"},
		{i32(-1), Shr, u32(31), "-1i"},
		{i32(math.MinInt32), Shr, u32(31), "-1i"},
		{u32(0x80000000), Shr, u32(31), "1u"},
		{u32(1), Shr, u32(32), "error: shift amount 32u is not less than 32, the bit width of u32"},
		{i32(1), Shr, u32(100), "error: shift amount"},
		// AbstractInt: no width limit on the amount, but no bit may be lost on the left
		{ai(1), Shl, u32(62), "4611686018427387904"},
		{ai(1), Shl, u32(63), "error: 1 << 63u overflows AbstractInt"},
		{ai(-1), Shl, u32(63), "-9223372036854775808"},
		{ai(0), Shl, u32(1000), "0"},
		{ai(1), Shl, u32(64), "error: overflows AbstractInt"},
		{ai(-1), Shl, u32(64), "error: overflows AbstractInt"},
		{ai(3), Shl, u32(32), "12884901888"},
		{ai(-8), Shr, u32(2), "-2"},
		{ai(-8), Shr, u32(64), "-1"},
		{ai(8), Shr, u32(4000000000), "0"},
		{ai(math.MinInt64), Shr, u32(63), "-1"},
		// vectors
		{vec(i32(1), i32(2)), Shl, vec(u32(1), u32(2)), "vec2<i32>(2i, 8i)"},
		{vec(u32(1), u32(2)), Shr, vec(u32(1), u32(32)), "error: shift amount 32u"},
		// type errors
		{i32(1), Shl, i32(1), "error: operator << is not defined for i32 and i32"},
		{f32(1), Shl, u32(1), "error: operator << is not defined for f32 and u32"},
		{vec(i32(1), i32(2)), Shl, u32(1), "error: not defined"},
		{vec(i32(1), i32(2)), Shl, vec(u32(1), u32(2), u32(3)), "error: not defined"},
	} {
		v, err := Binary(tt.op, tt.a, tt.b)
		check(t, tt.want, v, err, "%s %s %s", tt.a, tt.op, tt.b)
	}
}

func TestBinaryComposites(t *testing.T) {
	v3 := vec(f32(1), f32(2), f32(3))
	m23 := mat(vec(f32(1), f32(2), f32(3)), vec(f32(4), f32(5), f32(6))) // 2 columns, 3 rows
	m32 := mat(vec(f32(1), f32(2)), vec(f32(3), f32(4)), vec(f32(5), f32(6)))
	id2 := mat(vec(af(1), af(0)), vec(af(0), af(1)))
	for _, tt := range []struct {
		a    Value
		op   Op
		b    Value
		want string
	}{
		{v3, Add, v3, "vec3<f32>(2.0f, 4.0f, 6.0f)"},
		{v3, Mul, f32(2), "vec3<f32>(2.0f, 4.0f, 6.0f)"},
		{f32(12), Div, v3, "vec3<f32>(12.0f, 6.0f, 4.0f)"},
		{f32(12), Rem, v3, "vec3<f32>(0.0f, 0.0f, 0.0f)"},
		{v3, Sub, f32(1), "vec3<f32>(0.0f, 1.0f, 2.0f)"},
		{vec(i32(1), i32(2)), Div, i32(0), "error: division by zero"},
		{vec(ai(1), ai(2)), Lt, vec(ai(2), ai(2)), "vec2<bool>(true, false)"},
		{vec(b(true), b(false)), Eq, vec(b(true), b(true)), "vec2<bool>(true, false)"},
		{vec(b(true), b(false)), Or, vec(b(false), b(false)), "vec2<bool>(true, false)"},
		{vec(u32(1), u32(2)), Xor, vec(u32(3), u32(3)), "vec2<u32>(2u, 1u)"},
		{v3, Eq, f32(1), "error: operator == is not defined for vec3<f32> and f32"},
		{v3, Add, vec(f32(1), f32(2)), "error: operator + is not defined for vec3<f32> and vec2<f32>"},
		{vec(b(true), b(false)), LogicalAnd, vec(b(true), b(false)), "error: not defined"},
		// matrices
		{m23, Add, m23, "mat2x3<f32>(vec3<f32>(2.0f, 4.0f, 6.0f), vec3<f32>(8.0f, 10.0f, 12.0f))"},
		{m23, Sub, m23, "mat2x3<f32>(vec3<f32>(0.0f, 0.0f, 0.0f), vec3<f32>(0.0f, 0.0f, 0.0f))"},
		{m23, Mul, f32(0.5), "mat2x3<f32>(vec3<f32>(0.5f, 1.0f, 1.5f), vec3<f32>(2.0f, 2.5f, 3.0f))"},
		{f32(2), Mul, m23, "mat2x3<f32>(vec3<f32>(2.0f, 4.0f, 6.0f), vec3<f32>(8.0f, 10.0f, 12.0f))"},
		// m23 * vec2: rows of m23 dotted with v: (1*1+4*2, 2*1+5*2, 3*1+6*2)
		{m23, Mul, vec(f32(1), f32(2)), "vec3<f32>(9.0f, 12.0f, 15.0f)"},
		// vec3 * m23: v dotted with each column: (1+4+9, 4+10+18)
		{v3, Mul, m23, "vec2<f32>(14.0f, 32.0f)"},
		// m23 (2 cols, 3 rows) * m32 (3 cols, 2 rows) = 3 cols, 3 rows
		{m23, Mul, m32, "mat3x3<f32>(vec3<f32>(9.0f, 12.0f, 15.0f), vec3<f32>(19.0f, 26.0f, 33.0f), vec3<f32>(29.0f, 40.0f, 51.0f))"},
		// m32 * m23 = 2 cols, 2 rows
		{m32, Mul, m23, "mat2x2<f32>(vec2<f32>(22.0f, 28.0f), vec2<f32>(49.0f, 64.0f))"},
		{id2, Mul, id2, "mat2x2(vec2(1.0, 0.0), vec2(0.0, 1.0))"},
		{mat(vec(f16(300), f16(0)), vec(f16(0), f16(300))), Mul, vec(f16(300), f16(1)), "error: overflows f16"},
		{mat(vec(f32(3e38), f32(0)), vec(f32(3e38), f32(0))), Mul, vec(f32(1), f32(-1)), "vec2<f32>(0.0f, 0.0f)"},
		{m23, Mul, m23, "error: operator * is not defined for mat2x3<f32> and mat2x3<f32>"},
		{m23, Mul, v3, "error: not defined"},
		{m23, Add, m32, "error: not defined"},
		{m23, Div, f32(2), "error: operator / is not defined for mat2x3<f32> and f32"},
		{f32(2), Sub, m23, "error: operator - is not defined for f32 and mat2x3<f32>"},
		{m23, Mul, f16(2), "error: not defined"},
		{vec(f16(1), f16(1), f16(1)), Mul, m23, "error: not defined"},
		{f16(2), Mul, m23, "error: not defined"},
	} {
		v, err := Binary(tt.op, tt.a, tt.b)
		check(t, tt.want, v, err, "%s %s %s", tt.a, tt.op, tt.b)
	}
}

func TestOpStrings(t *testing.T) {
	assert.Equal(t, "<<", Shl.String())
	assert.Equal(t, "&&", LogicalAnd.String())
	assert.Equal(t, "?", Op(250).String())
	assert.True(t, Complement.IsUnary())
	assert.False(t, Sub.IsUnary())
	assert.True(t, Ge.IsComparison())
	assert.False(t, Shr.IsComparison())
	for op := Neg; op < numOps; op++ {
		assert.NotEqual(t, "?", op.String())
	}
	_ = types.Bool
}
