package constant

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/types"
)

func TestConvert(t *testing.T) {
	for _, tt := range []struct {
		v    Value
		to   types.Type
		want string // the result, or an error substring after "error: "
	}{
		// AbstractInt: range-checked to the integers, rounded to the floats
		{ai(2147483647), types.I32, "2147483647i"},
		{ai(-2147483648), types.I32, "i32(-2147483648)"},
		{ai(3000000000), types.I32, "error: value 3000000000 does not fit in i32"},
		{ai(3000000000), types.U32, "3000000000u"},
		{ai(-1), types.U32, "error: value -1 does not fit in u32"},
		{ai(4294967296), types.U32, "error: does not fit in u32"},
		{ai(16777217), types.F32, "1.6777216e+07f"},
		{ai(math.MaxInt64), types.F32, "9.223372e+18f"},
		{ai(math.MaxInt64), types.AbstractFloat, "9.223372036854776e+18"},
		{ai(65504), types.F16, "65500.0h"},
		{ai(2049), types.F16, "2048.0h"},
		{ai(65505), types.F16, "error: value 65505 is outside the finite range of f16"},
		// AbstractFloat
		{af(0.1), types.F32, "0.1f"},
		{af(1e40), types.F32, "error: value 1e+40 is outside the finite range of f32"},
		{af(3.4028235e38), types.F32, "error: outside the finite range of f32"}, // above MaxFloat32, if only just
		{af(math.MaxFloat32), types.F32, "3.4028235e+38f"},
		{af(70000), types.F16, "error: value 70000.0 is outside the finite range of f16"},
		{af(-0.1), types.F16, "-0.1h"},
		// float to integer: truncate and clamp to values exact in the source format
		{f32(3.9), types.U32, "3u"},
		{f32(-1), types.U32, "0u"},
		{f32(-0.5), types.U32, "0u"},
		{f32(1e20), types.U32, "4294967040u"},
		{f32(-3.9), types.I32, "-3i"},
		{f32(1e20), types.I32, "2147483520i"},
		{f32(-1e20), types.I32, "i32(-2147483648)"},
		{f32(2147483520), types.I32, "2147483520i"},
		{af(3e9), types.I32, "2147483647i"},
		{af(1e300), types.U32, "4294967295u"},
		{af(-1e300), types.I32, "i32(-2147483648)"},
		{f16(-65504), types.I32, "-65504i"},
		{f16(65504), types.U32, "65504u"},
		{af(1e300), types.AbstractInt, "9223372036854774784"},
		// between the concrete types
		{i32(-1), types.U32, "4294967295u"},
		{u32(0x80000000), types.I32, "i32(-2147483648)"},
		{i32(-7), types.F32, "-7.0f"},
		{u32(math.MaxUint32), types.F32, "4.2949673e+09f"},
		{i32(100000), types.F16, "error: value 100000i is outside the finite range of f16"},
		{i32(2047), types.F16, "2047.0h"},
		{f32(1e10), types.F16, "error: value 1e+10f is outside the finite range of f16"},
		{f32(0.1), types.F16, "0.1h"},
		{f16(0.1), types.F32, "0.099975586f"},
		{f32(0.1), types.AbstractFloat, "0.10000000149011612"},
		// bool
		{b(true), types.F16, "1.0h"},
		{b(true), types.I32, "1i"},
		{b(false), types.U32, "0u"},
		{f32(float32(math.Copysign(0, -1))), types.Bool, "false"},
		{af(1e-300), types.Bool, "true"},
		{u32(0), types.Bool, "false"},
		// composites
		{vec(ai(1), ai(-2), ai(3)), types.Vec(3, types.F32), "vec3<f32>(1.0f, -2.0f, 3.0f)"},
		{vec(i32(-1), i32(2)), types.Vec(2, types.U32), "vec2<u32>(4294967295u, 2u)"},
		{vec(ai(1), ai(-2)), types.Vec(2, types.U32), "error: value -2 does not fit in u32"},
		{vec(f32(1), f32(2)), types.Vec(3, types.F32), "error: cannot convert a value of type vec2<f32> to vec3<f32>"},
		{mat(vec(af(1), af(2)), vec(af(3), af(4))), types.Mat(2, 2, types.F16),
			"mat2x2<f16>(vec2<f16>(1.0h, 2.0h), vec2<f16>(3.0h, 4.0h))"},
		{MakeComposite(&types.Array{Elem: types.AbstractInt, Count: 2}, []Value{ai(1), ai(2)}),
			&types.Array{Elem: types.U32, Count: 2}, "array<u32, 2>(1u, 2u)"},
		{MakeComposite(types.FrexpResult(1, types.AbstractFloat), []Value{af(0.75), ai(3)}),
			types.FrexpResult(1, types.F32), "__frexp_result_f32(0.75f, 3i)"},
		{af(1), types.Vec(2, types.F32), "error: cannot convert"},
	} {
		v, err := Convert(tt.v, tt.to)
		if len(tt.want) > 7 && tt.want[:7] == "error: " {
			wantError(t, tt.want[7:], v, err, "%s -> %s", tt.v, tt.to)
		} else {
			wantValue(t, tt.want, v, err, "%s -> %s", tt.v, tt.to)
			if err == nil {
				assert.True(t, types.Identical(tt.to, v.Type()))
			}
		}
	}
}

func TestConvertElem(t *testing.T) {
	v, err := ConvertElem(vec(ai(1), ai(2), ai(3)), types.F32)
	wantValue(t, "vec3<f32>(1.0f, 2.0f, 3.0f)", v, err)
	v, err = ConvertElem(MakeComposite(types.ModfResult(2, types.AbstractFloat), []Value{vec(af(0.5), af(0)), vec(af(1), af(2))}), types.F16)
	wantValue(t, "__modf_result_vec2_f16(vec2<f16>(0.5h, 0.0h), vec2<f16>(1.0h, 2.0h))", v, err)
	_, err = ConvertElem(Value{}, types.F32)
	assert.Error(t, err)
}

func TestCheckedScalars(t *testing.T) {
	v, err := FloatValue(types.F32, 3.4028235e38)
	wantValue(t, "3.4028235e+38f", v, err, "a literal rounds to MaxFloat32")
	v, err = FloatValue(types.F32, 3.5e38)
	wantError(t, "not representable in f32", v, err)
	v, err = FloatValue(types.F16, 65519)
	wantValue(t, "65500.0h", v, err)
	v, err = FloatValue(types.F16, 65520)
	wantError(t, "not representable in f16", v, err)
	v, err = FloatValue(types.AbstractFloat, math.Inf(1))
	wantError(t, "not representable", v, err)
	v, err = FloatValue(types.I32, 1)
	wantError(t, "not a floating-point type", v, err)
	v, err = IntValue(types.U32, 4000000000)
	wantValue(t, "4000000000u", v, err)
	v, err = IntValue(types.I32, 2147483648)
	wantError(t, "value 2147483648 does not fit in i32", v, err)
	v, err = IntValue(types.AbstractInt, math.MinInt64)
	wantValue(t, "-9223372036854775808", v, err)
	v, err = IntValue(types.F32, 1)
	wantError(t, "not an integer type", v, err)
}

func TestCommonScalar(t *testing.T) {
	for _, tt := range []struct {
		a, b, want *types.Scalar
	}{
		{types.I32, types.I32, types.I32},
		{types.AbstractInt, types.U32, types.U32},
		{types.F16, types.AbstractInt, types.F16},
		{types.AbstractInt, types.AbstractFloat, types.AbstractFloat},
		{types.AbstractFloat, types.F32, types.F32},
		{types.AbstractFloat, types.I32, nil},
		{types.I32, types.U32, nil},
		{types.F32, types.F16, nil},
		{types.Bool, types.AbstractInt, nil},
	} {
		s, ok := CommonScalar(tt.a, tt.b)
		assert.Equal(t, tt.want != nil, ok, "%s, %s", tt.a, tt.b)
		assert.Same(t, tt.want, s, "%s, %s", tt.a, tt.b)
	}
}

func TestConstruct(t *testing.T) {
	st := &types.Struct{Name: "S", Members: []*types.Member{{Name: "a", Type: types.F32}, {Name: "b", Type: types.Vec(2, types.U32)}}}
	v2f := types.Vec(2, types.F32)
	for _, tt := range []struct {
		t    types.Type
		args []Value
		want string
	}{
		{types.F32, nil, "0.0f"},
		{types.Vec(2, types.AbstractInt), nil, "vec2(0, 0)"},
		{st, nil, "S(0.0f, vec2<u32>(0u, 0u))"},
		{types.I32, []Value{f32(-2.5)}, "-2i"},
		{types.U32, []Value{ai(4000000000)}, "4000000000u"},
		{types.Bool, []Value{i32(3)}, "true"},
		{types.Vec(3, types.F32), []Value{ai(1)}, "vec3<f32>(1.0f, 1.0f, 1.0f)"},
		{types.Vec(2, types.U32), []Value{ai(-1)}, "error: value -1 does not fit in u32"},
		{types.Vec(2, types.U32), []Value{i32(1)}, "error: cannot use a value of type i32 as u32"},
		{types.Vec(3, types.U32), []Value{vec(f32(1.5), f32(-1), f32(7))}, "vec3<u32>(1u, 0u, 7u)"},
		{types.Vec(3, types.F32), []Value{vec(f32(1), f32(2)), ai(3)}, "vec3<f32>(1.0f, 2.0f, 3.0f)"},
		{types.Vec(4, types.F32), []Value{af(0.5), vec(f32(1), f32(2)), f32(3)}, "vec4<f32>(0.5f, 1.0f, 2.0f, 3.0f)"},
		{types.Vec(4, types.AbstractInt), []Value{vec(ai(1), ai(2)), vec(ai(3), ai(4))}, "vec4(1, 2, 3, 4)"},
		{types.Vec(3, types.F32), []Value{vec(f32(1), f32(2))}, "error: vec3<f32> needs 3 components, got 2"},
		{types.Vec(2, types.F32), []Value{i32(1), i32(2)}, "error: cannot use a value of type i32 as f32"},
		{types.Mat(2, 2, types.F32), []Value{ai(1), ai(2), af(3), f32(4)}, "mat2x2<f32>(vec2<f32>(1.0f, 2.0f), vec2<f32>(3.0f, 4.0f))"},
		{types.Mat(2, 2, types.F32), []Value{vec(f32(1), f32(0)), vec(af(0), af(1))}, "mat2x2<f32>(vec2<f32>(1.0f, 0.0f), vec2<f32>(0.0f, 1.0f))"},
		{types.Mat(2, 2, types.F16), []Value{mat(vec(f32(1), f32(0)), vec(f32(0), f32(1)))}, "mat2x2<f16>(vec2<f16>(1.0h, 0.0h), vec2<f16>(0.0h, 1.0h))"},
		{types.Mat(2, 2, types.F32), []Value{f32(1), f32(2), f32(3)}, "error: needs 2 columns or 4 components, got 3"},
		{&types.Array{Elem: v2f, Count: 2}, []Value{vec(f32(1), f32(2)), vec(af(3), af(4))}, "array<vec2<f32>, 2>(vec2<f32>(1.0f, 2.0f), vec2<f32>(3.0f, 4.0f))"},
		{&types.Array{Elem: types.I32, Count: 3}, []Value{i32(1)}, "error: needs 3 elements, got 1"},
		{st, []Value{ai(1), vec(ai(2), ai(3))}, "S(1.0f, vec2<u32>(2u, 3u))"},
		{st, []Value{ai(1)}, "error: S needs 2 members, got 1"},
		{types.SamplerType, nil, "error: has no zero value"},
	} {
		v, err := Construct(tt.t, tt.args)
		if len(tt.want) > 7 && tt.want[:7] == "error: " {
			wantError(t, tt.want[7:], v, err, "%s", tt.t)
		} else {
			wantValue(t, tt.want, v, err, "%s", tt.t)
		}
	}
}

func TestOverrideValue(t *testing.T) {
	for _, tt := range []struct {
		s    *types.Scalar
		x    float64
		want string
	}{
		{types.Bool, 0, "false"},
		{types.Bool, -2, "true"},
		{types.Bool, math.NaN(), "false"},
		{types.I32, -3.9, "-3i"},
		{types.I32, 2147483647.5, "2147483647i"},
		{types.I32, 2147483648, "error: override value 2.147483648e+09 is out of the range of i32"},
		{types.U32, 4294967295, "4294967295u"},
		{types.U32, -0.5, "0u"},
		{types.U32, -1, "error: out of the range of u32"},
		{types.U32, 1e300, "error: out of the range of u32"},
		{types.F32, 0.1, "0.1f"},
		{types.F32, 1e39, "error: not representable in f32"},
		{types.F16, 65519, "65500.0h"},
		{types.F16, 1e5, "error: not representable in f16"},
		{types.F32, math.Inf(1), "error: override value +Inf is not a finite number"},
		{types.I32, math.NaN(), "error: not a finite number"},
		{types.AbstractInt, 1, "1"},
	} {
		v, err := OverrideValue(tt.s, tt.x)
		check(t, tt.want, v, err, "%s %v", tt.s, tt.x)
	}
	assert.Equal(t, int64(9223372036854774784), af(1e300).Int64(), "clamped to the largest float64 below 2**63")
	assert.Equal(t, int64(-2), f16(-2.5).Int64())
}
