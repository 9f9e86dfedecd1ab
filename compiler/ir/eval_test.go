package ir_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func TestEvalBinary(t *testing.T) {
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	i32 := func(x int32) uint64 { return uint64(uint32(x)) }
	nan := f32(float32(math.NaN()))
	for _, tc := range []struct {
		op   ir.Op
		k    types.ScalarKind
		x, y uint64
		want uint64
	}{
		{ir.OpAdd, types.KindI32, i32(math.MaxInt32), i32(1), i32(math.MinInt32)},
		{ir.OpDiv, types.KindI32, i32(-7), i32(2), i32(-3)},
		{ir.OpDiv, types.KindI32, i32(math.MinInt32), i32(-1), i32(math.MinInt32)},
		{ir.OpRem, types.KindI32, i32(math.MinInt32), i32(-1), 0},
		{ir.OpDiv, types.KindU32, 7, 0, 7},
		{ir.OpRem, types.KindU32, 7, 0, 0},
		{ir.OpRem, types.KindI32, i32(-7), i32(2), i32(-1)},
		{ir.OpShl, types.KindU32, 1, 33, 2},
		{ir.OpShr, types.KindI32, i32(-8), 1, i32(-4)},
		{ir.OpShr, types.KindU32, 0x80000000, 31, 1},
		{ir.OpLt, types.KindI32, i32(-1), i32(1), 1},
		{ir.OpLt, types.KindU32, i32(-1), 1, 0},
		{ir.OpXor, types.KindBool, 1, 1, 0},
		{ir.OpMul, types.KindF32, f32(1 + 1.0/4096), f32(1 + 1.0/4096), f32((1 + 1.0/4096) * (1 + 1.0/4096))},
		{ir.OpRem, types.KindF32, f32(-7.5), f32(2), f32(-1.5)},
		{ir.OpEq, types.KindF32, nan, nan, 0},
		{ir.OpNe, types.KindF32, nan, nan, 1},
		{ir.OpEq, types.KindF32, f32(0), f32(float32(math.Copysign(0, -1))), 1},
		{ir.OpAdd, types.KindF16, 0x3c00, 0x1400, 0x3c01}, // 1 + 2^-10 = next f16 after 1
		{ir.OpAdd, types.KindF16, 0x7bff, 0x7bff, 0x7c00}, // 65504 + 65504 overflows to +inf
	} {
		assert.Equal(t, tc.want, ir.EvalBinary(tc.op, tc.k, tc.x, tc.y), "%v %s %#x, %#x", types.ScalarOf(tc.k), tc.op, tc.x, tc.y)
	}
}
