package wgslref

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The f16 encodings of IEEE 754's binary16, at its boundaries and ties.
func TestF16(t *testing.T) {
	for _, c := range []struct {
		x    float64
		bits uint16
	}{
		{0, 0}, {math.Copysign(0, -1), 0x8000}, {1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff},
		{65519.99, 0x7bff}, {65520, 0x7c00}, {math.Inf(-1), 0xfc00}, {0x1p-14, 0x0400},
		{0x1p-24, 0x0001}, {0x1p-25, 0}, {0x1.8p-25, 0x0001}, {0x3p-25, 0x0002}, {0x1.ffcp-15, 0x0400},
		{1 + 0x1p-11, 0x3c00}, {1 + 0x3p-11, 0x3c02}, {1 + 0x1p-10, 0x3c01}, {0.1, 0x2e66}, {1e-8, 0},
		{2049, 0x6800}, {2051, 0x6802}, {1e300, 0x7c00},
	} {
		assert.Equal(t, c.bits, F16Bits(c.x), "F16Bits(%v)", c.x)
		if !math.IsInf(c.x, 0) && math.Abs(c.x) < 65520 {
			assert.Equal(t, F16Value(F16Bits(c.x)), RoundRat(new(big.Rat).SetFloat64(c.x), 16), "RoundRat(%v, 16)", c.x)
		}
	}
	assert.True(t, math.IsNaN(F16Value(F16Bits(math.NaN()))))
	// Every finite encoding is its own value's nearest.
	for h := range uint16(0x7c00) {
		for _, s := range []uint16{0, 0x8000} {
			x := F16Value(h | s)
			if h|s == 0x8000 {
				continue // -0 compares equal to 0
			}
			assert.Equal(t, h|s, F16Bits(x))
			assert.Equal(t, x, RoundRat(new(big.Rat).SetFloat64(x), 16))
		}
	}
	// Just above a tie that f64 would round down to: the exact rounding goes up.
	tie := new(big.Rat).SetFloat64(1 + 0x1p-11)
	above := new(big.Rat).Add(tie, new(big.Rat).SetFrac64(1, 1<<62))
	assert.Equal(t, 1+0x1p-10, RoundRat(above, 16))
	assert.Equal(t, 1.0, RoundRat(tie, 16))
	assert.True(t, math.IsInf(RoundRat(big.NewRat(65520, 1), 16), 1))
}

func TestIntegers(t *testing.T) {
	assert.Equal(t, int32(math.MinInt32), DivI32(math.MinInt32, -1))
	assert.Equal(t, int32(0), RemI32(math.MinInt32, -1))
	assert.Equal(t, int32(7), DivI32(7, 0))
	assert.Equal(t, int32(0), RemI32(7, 0))
	assert.Equal(t, int32(-3), DivI32(-7, 2))
	assert.Equal(t, int32(-1), RemI32(-7, 2))
	assert.Equal(t, uint32(7), DivU32(7, 0))
	assert.Equal(t, uint32(0), RemU32(7, 0))
	assert.Equal(t, int32(2), ShlI32(1, 33))
	assert.Equal(t, int32(-1), ShrI32(-2, 63))
	assert.Equal(t, uint32(0x7fffffff), ShrU32(0xfffffffe, 33))
	for _, c := range []struct {
		x   float64
		i   int32
		u   uint32
		max float64
	}{
		{3.9, 3, 3, MaxI32InF32}, {-1, -1, 0, MaxI32InF32}, {-3.9, -3, 0, MaxI32InF32},
		{1e20, MaxI32InF32, MaxU32InF32, MaxI32InF32}, {-1e20, math.MinInt32, 0, MaxI32InF32},
	} {
		i, ok := FloatToI32(c.x, c.max)
		assert.True(t, ok)
		assert.Equal(t, c.i, i, "i32(%v)", c.x)
		u, ok := FloatToU32(c.x, MaxU32InF32)
		assert.True(t, ok)
		assert.Equal(t, c.u, u, "u32(%v)", c.x)
	}
	_, ok := FloatToI32(math.NaN(), MaxI32InF32)
	assert.False(t, ok)
}
