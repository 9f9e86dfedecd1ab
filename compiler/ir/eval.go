package ir

import (
	"math"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// EvalBinary is the value of binary operator op applied to scalars x and y of kind k, as
// bit patterns (those of Constant.Bits): what the SPIR-V the backend makes of the operator
// computes once the passes have run. Integers wrap; a division or remainder by zero, and
// MinInt32 / -1, give what WGSL gives (the dividend, and 0); shifts take their amount modulo
// 32; floats are rounded to their format (each operation is exact or correctly rounded in
// binary64, and rounding that to f32 or f16 is the correctly rounded result); & | ^ of bools
// are logical. A comparison gives 0 or 1: floats compare as IEEE-754 does (!= is true of a
// NaN, every other comparison false).
func EvalBinary(op Op, k types.ScalarKind, x, y uint64) uint64 {
	if k == types.KindF32 || k == types.KindF16 {
		a, b := floatOf(k, x), floatOf(k, y)
		var r float64
		switch op {
		case OpAdd:
			r = a + b
		case OpSub:
			r = a - b
		case OpMul:
			r = a * b
		case OpDiv:
			r = a / b
		case OpRem:
			r = math.Mod(a, b)
		case OpEq:
			return boolBits(a == b)
		case OpNe:
			return boolBits(a != b)
		case OpLt:
			return boolBits(a < b)
		case OpLe:
			return boolBits(a <= b)
		case OpGt:
			return boolBits(a > b)
		case OpGe:
			return boolBits(a >= b)
		}
		if k == types.KindF16 {
			return uint64(F32ToF16(float32(r)))
		}
		return uint64(math.Float32bits(float32(r)))
	}
	a, b := uint32(x), uint32(y)
	sa, sb := int32(a), int32(b)
	signed := k == types.KindI32
	switch op {
	case OpAdd:
		return uint64(a + b)
	case OpSub:
		return uint64(a - b)
	case OpMul:
		return uint64(a * b)
	case OpDiv:
		switch {
		case b == 0, signed && sa == math.MinInt32 && sb == -1:
			return uint64(a)
		case signed:
			return uint64(uint32(sa / sb))
		}
		return uint64(a / b)
	case OpRem:
		switch {
		case b == 0, signed && sa == math.MinInt32 && sb == -1:
			return 0
		case signed:
			return uint64(uint32(sa % sb))
		}
		return uint64(a % b)
	case OpAnd:
		return uint64(a & b)
	case OpOr:
		return uint64(a | b)
	case OpXor:
		return uint64(a ^ b)
	case OpShl:
		return uint64(a << (b & 31))
	case OpShr:
		if signed {
			return uint64(uint32(sa >> (b & 31)))
		}
		return uint64(a >> (b & 31))
	}
	// Comparisons: signed i32, unsigned u32 and bool.
	c, d := int64(a), int64(b)
	if signed {
		c, d = int64(sa), int64(sb)
	}
	switch op {
	case OpEq:
		return boolBits(c == d)
	case OpNe:
		return boolBits(c != d)
	case OpLt:
		return boolBits(c < d)
	case OpLe:
		return boolBits(c <= d)
	case OpGt:
		return boolBits(c > d)
	}
	return boolBits(c >= d)
}

func floatOf(k types.ScalarKind, bits uint64) float64 {
	if k == types.KindF16 {
		return float64(F16ToF32(uint16(bits)))
	}
	return float64(math.Float32frombits(uint32(bits)))
}

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
