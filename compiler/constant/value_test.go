package constant

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Short constructors for the tests.
func ai(x int64) Value   { return MakeAbstractInt(x) }
func af(x float64) Value { return MakeAbstractFloat(x) }
func i32(x int32) Value  { return MakeI32(x) }
func u32(x uint32) Value { return MakeU32(x) }
func f32(x float32) Value {
	return MakeF32(x)
}
func f16(x float64) Value { return MakeF16(x) }
func b(x bool) Value      { return MakeBool(x) }

func vec(elems ...Value) Value {
	return MakeComposite(types.Vec(len(elems), elems[0].Type().(*types.Scalar)), elems)
}

func mat(cols ...Value) Value {
	c := cols[0].Type().(*types.Vector)
	return MakeComposite(types.Mat(len(cols), c.N, c.Elem), cols)
}

// wantValue checks that (v, err) is a success spelled want.
func wantValue(t *testing.T, want string, v Value, err error, msgAndArgs ...any) {
	t.Helper()
	if assert.NoError(t, err, msgAndArgs...) {
		assert.Equal(t, want, v.String(), msgAndArgs...)
	}
}

// wantError checks that err is an error whose message contains want.
func wantError(t *testing.T, want string, v Value, err error, msgAndArgs ...any) {
	t.Helper()
	if assert.Error(t, err, msgAndArgs...) {
		assert.Contains(t, err.Error(), want, msgAndArgs...)
	} else {
		t.Logf("got value %s", v)
	}
}

func TestScalarAccessors(t *testing.T) {
	assert.Equal(t, int64(-5), i32(-5).Int64())
	assert.Equal(t, int64(4294967295), u32(math.MaxUint32).Int64())
	assert.Equal(t, uint64(0xffffffff), i32(-1).Bits())
	assert.Equal(t, uint64(0x3f800000), f32(1).Bits())
	assert.Equal(t, uint64(0x3c00), f16(1).Bits())
	assert.Equal(t, uint64(0xbc00), f16(-1).Bits())
	assert.Equal(t, uint64(1), b(true).Bits())
	assert.Equal(t, 2.5, af(2.5).Float64())
	assert.Equal(t, 7.0, ai(7).Float64())
	assert.Equal(t, 4294967295.0, u32(math.MaxUint32).Float64())
	assert.True(t, b(true).Bool())
	assert.False(t, af(math.Copysign(0, -1)).Bool())
	assert.True(t, af(math.Copysign(0, -1)).IsZero())
	assert.False(t, Value{}.IsValid())
	assert.Equal(t, "<invalid>", Value{}.String())
	assert.True(t, f32(1).IsScalar())
	assert.Equal(t, 0, f32(1).Len())
}

func TestZero(t *testing.T) {
	st := &types.Struct{Name: "S", Members: []*types.Member{
		{Name: "a", Type: types.F32},
		{Name: "b", Type: &types.Array{Elem: types.Vec(2, types.U32), Count: 2}},
	}}
	for _, tt := range []struct {
		typ  types.Type
		want string
	}{
		{types.Bool, "false"},
		{types.AbstractInt, "0"},
		{types.AbstractFloat, "0.0"},
		{types.I32, "0i"},
		{types.U32, "0u"},
		{types.F32, "0.0f"},
		{types.F16, "0.0h"},
		{types.Vec(3, types.F32), "vec3<f32>(0.0f, 0.0f, 0.0f)"},
		{types.Vec(2, types.AbstractInt), "vec2(0, 0)"},
		{types.Mat(2, 3, types.F16), "mat2x3<f16>(vec3<f16>(0.0h, 0.0h, 0.0h), vec3<f16>(0.0h, 0.0h, 0.0h))"},
		{&types.Array{Elem: types.I32, Count: 2}, "array<i32, 2>(0i, 0i)"},
		{&types.Array{Elem: types.AbstractFloat, Count: 1}, "array(0.0)"},
		{st, "S(0.0f, array<vec2<u32>, 2>(vec2<u32>(0u, 0u), vec2<u32>(0u, 0u)))"},
		{types.FrexpResult(1, types.F32), "__frexp_result_f32(0.0f, 0i)"},
	} {
		z := Zero(tt.typ)
		assert.Equal(t, tt.want, z.String())
		assert.True(t, z.IsZero(), tt.want)
		assert.Same(t, tt.typ, z.Type())
	}
	assert.False(t, Zero(&types.Array{Elem: types.I32}).IsValid(), "runtime-sized arrays have no zero value")
	assert.False(t, Zero(types.SamplerType).IsValid())
}

func TestString(t *testing.T) {
	for _, tt := range []struct {
		v    Value
		want string
	}{
		{b(true), "true"},
		{ai(-12), "-12"},
		{ai(math.MinInt64), "-9223372036854775808"},
		{af(1), "1.0"},
		{af(0.1), "0.1"},
		{af(-0.0), "0.0"},
		{af(math.Copysign(0, -1)), "-0.0"},
		{af(1e21), "1e+21"},
		{af(100000), "100000.0"},
		{af(1e-7), "1e-07"},
		{af(math.MaxFloat64), "1.7976931348623157e+308"},
		{i32(7), "7i"},
		{i32(math.MinInt32), "i32(-2147483648)"},
		{i32(math.MaxInt32), "2147483647i"},
		{u32(math.MaxUint32), "4294967295u"},
		{f32(0.1), "0.1f"},
		{f32(1), "1.0f"},
		{f32(math.MaxFloat32), "3.4028235e+38f"},
		{f32(math.SmallestNonzeroFloat32), "1e-45f"},
		{f16(0.5), "0.5h"},
		{f16(0.1), "0.1h"},
		{f16(65504), "65500.0h"}, // the shortest decimal that rounds to 65504 in f16
		{f16(0x1p-24), "6e-08h"},
		{f16(2000), "2000.0h"},
		{f16(1.0009765625), "1.001h"},
		{vec(f32(1), f32(2), f32(3)), "vec3<f32>(1.0f, 2.0f, 3.0f)"},
		{vec(ai(1), ai(2)), "vec2(1, 2)"},
		{vec(b(true), b(false)), "vec2<bool>(true, false)"},
		{mat(vec(af(1), af(0)), vec(af(0), af(1))), "mat2x2(vec2(1.0, 0.0), vec2(0.0, 1.0))"},
	} {
		assert.Equal(t, tt.want, tt.v.String())
	}
}

// parseScalar reads back the String of a numeric scalar with strconv.
func parseScalar(t *testing.T, s string) float64 {
	t.Helper()
	s = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "f"), "h"), "i"), "u")
	x, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, s)
	return x
}

func TestStringRoundTrip(t *testing.T) {
	// Deterministic pseudo-random bit patterns of every width.
	state := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		state ^= state << 13
		state ^= state >> 7
		state ^= state << 17
		return state
	}
	for n := 0; n < 20000; n++ {
		r := next()
		if x := math.Float64frombits(r); !math.IsInf(x, 0) && !math.IsNaN(x) {
			v := af(x)
			assert.Equal(t, x, parseScalar(t, v.String()), v.String())
		}
		if x := math.Float32frombits(uint32(r)); !math.IsInf(float64(x), 0) && !math.IsNaN(float64(x)) {
			v := f32(x)
			s := v.String()
			require.True(t, strings.HasSuffix(s, "f") && strings.ContainsAny(s, ".e"), s)
			assert.Equal(t, x, float32(parseScalar(t, s)), s)
		}
	}
	for bits := 0; bits < 1<<16; bits++ {
		x := F16FromBits(uint16(bits))
		if math.IsInf(x, 0) || math.IsNaN(x) {
			continue
		}
		s := f16(x).String()
		require.True(t, strings.HasSuffix(s, "h") && strings.ContainsAny(s, ".e"), s)
		require.Equal(t, math.Float64bits(x), math.Float64bits(RoundF16(parseScalar(t, s))), s)
	}
	for _, x := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64} {
		assert.Equal(t, float64(x), parseScalar(t, ai(x).String()))
	}
}

func TestRoundF16(t *testing.T) {
	for _, tt := range []struct{ in, want float64 }{
		{0, 0},
		{1, 1},
		{65504, 65504},
		{65519.99, 65504},
		{65520, math.Inf(1)},
		{-65520, math.Inf(-1)},
		{1 + 0x1p-11, 1},                     // tie: to even
		{1 + 3*0x1p-11, 1 + 0x1p-9},          // tie: to even (up)
		{1 + 0x1p-11 + 0x1p-30, 1 + 0x1p-10}, // above the tie
		{0x1p-25, 0},                         // half the smallest subnormal: ties to 0
		{3 * 0x1p-25, 0x1p-23},               // tie between 1 and 2 quanta: to 2
		{0x1p-24, 0x1p-24},
		{0x1.ff8p-15, 0x1.ff8p-15}, // the largest subnormal
		{0x1.ffcp-15, 0x1p-14},     // tie above it: up into the normals
		{0.1, 0.0999755859375},
		{-2.5, -2.5},
	} {
		assert.Equal(t, tt.want, RoundF16(tt.in), "%v", tt.in)
	}
	assert.True(t, math.IsNaN(RoundF16(math.NaN())))
	assert.True(t, math.Signbit(RoundF16(math.Copysign(0, -1))))
	assert.True(t, math.Signbit(RoundF16(-0x1p-30)), "underflow keeps the sign")
}

func TestF16Bits(t *testing.T) {
	for bits := 0; bits < 1<<16; bits++ {
		x := F16FromBits(uint16(bits))
		if math.IsNaN(x) {
			assert.Equal(t, uint16(0x7c00), uint16(bits)&0x7c00)
			continue
		}
		require.Equal(t, uint16(bits), F16Bits(x), "%#04x", bits)
		require.Equal(t, x, RoundF16(x), "values of f16 round to themselves")
	}
	assert.Equal(t, uint16(0x7e00), F16Bits(math.NaN()))
	assert.Equal(t, uint16(0x7bff), F16Bits(65504))
	assert.Equal(t, uint16(0x0001), F16Bits(0x1p-24))
	assert.Equal(t, uint16(0x3555), F16Bits(1.0/3))
}

func TestIdenticalAndSwizzle(t *testing.T) {
	v := vec(f32(1), f32(2), f32(3))
	assert.True(t, Identical(v, vec(f32(1), f32(2), f32(3))))
	assert.False(t, Identical(v, vec(f32(1), f32(2), f32(4))))
	assert.False(t, Identical(af(0), af(math.Copysign(0, -1))))
	assert.False(t, Identical(i32(1), u32(1)))
	arr := func() Value {
		return MakeComposite(&types.Array{Elem: types.I32, Count: 1}, []Value{i32(1)})
	}
	assert.True(t, Identical(arr(), arr()), "arrays compare structurally")
	assert.Equal(t, "vec2<f32>(3.0f, 1.0f)", Swizzle(v, 2, 0).String())
	assert.Equal(t, "2.0f", Swizzle(v, 1).String())
	assert.Equal(t, "vec4<f32>(1.0f, 1.0f, 1.0f, 1.0f)", Swizzle(v, 0, 0, 0, 0).String())
}
