// Package wgslref computes WGSL's scalar operations the plain way, for the tests that check
// what the compiler computes (constant evaluation, SPIR-V run on a Vulkan device) against a
// reference sharing no code with it: Go's integer and float arithmetic, math/big for exact
// results, and an f16 rounding of its own.
package wgslref

import (
	"math"
	"math/big"
)

// F16Bits returns the binary16 encoding of the f16 nearest to x, ties to even; magnitudes
// that round beyond the largest finite f16 (65504) become infinities, NaN a quiet NaN.
func F16Bits(x float64) uint16 {
	var sign uint16
	if math.Signbit(x) {
		sign, x = 0x8000, -x
	}
	switch {
	case math.IsNaN(x):
		return 0x7e00
	case math.IsInf(x, 0):
		return sign | 0x7c00
	case x == 0:
		return sign
	}
	// x = f × 2^e with f in [0.5, 1): f16 keeps 11 significant bits, so its unit in the last
	// place at x is 2^(e-11), or 2^-24 among the subnormals. Scaling by a power of two is
	// exact, so one rounding to an integer rounds x.
	_, e := math.Frexp(x)
	ulp := max(e-11, -24)
	v := math.Ldexp(math.RoundToEven(math.Ldexp(x, -ulp)), ulp)
	if v > 65504 {
		return sign | 0x7c00
	}
	if v < 0x1p-14 {
		return sign | uint16(math.Ldexp(v, 24))
	}
	_, e = math.Frexp(v) // v = 1.m × 2^(e-1)
	mant := math.Ldexp(v, 1-e) - 1
	return sign | uint16(e-1+15)<<10 | uint16(math.Ldexp(mant, 10))
}

// F16Value returns the value of a binary16 encoding.
func F16Value(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp, mant := int(h>>10&0x1f), float64(h&0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(mant, -24)
	case 0x1f:
		if mant != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1+mant/1024, exp-15)
}

// RoundF16 rounds x to the nearest f16 (see F16Bits).
func RoundF16(x float64) float64 { return F16Value(F16Bits(x)) }

// Integer division and remainder at run time: by zero, e1 / 0 is e1 and e1 % 0 is 0; the
// lowest i32 divided by -1 is itself, with remainder 0 (spec "Arithmetic Expressions").

func DivI32(a, b int32) int32 {
	if b == 0 || a == math.MinInt32 && b == -1 {
		return a
	}
	return a / b
}

func RemI32(a, b int32) int32 {
	if b == 0 || a == math.MinInt32 && b == -1 {
		return 0
	}
	return a % b
}

func DivU32(a, b uint32) uint32 {
	if b == 0 {
		return a
	}
	return a / b
}

func RemU32(a, b uint32) uint32 {
	if b == 0 {
		return 0
	}
	return a % b
}

// Shifts at run time take the amount modulo the bit width (spec "Bit Expressions").

func ShlI32(a int32, n uint32) int32   { return a << (n % 32) }
func ShrI32(a int32, n uint32) int32   { return a >> (n % 32) }
func ShlU32(a uint32, n uint32) uint32 { return a << (n % 32) }
func ShrU32(a uint32, n uint32) uint32 { return a >> (n % 32) }

// ExtractBits and InsertBits clamp the offset to 32 and the count to what is left (spec
// "extractBits", "insertBits").
func ExtractBits(e, off, count uint32, signed bool) uint32 {
	o := min(off, 32)
	c := min(count, 32-o)
	if c == 0 {
		return 0
	}
	r := e >> o & (1<<c - 1)
	if signed && r>>(c-1) != 0 {
		r |= ^uint32(0) << c
	}
	return r
}

func InsertBits(e, newbits, off, count uint32) uint32 {
	o := min(off, 32)
	c := min(count, 32-o)
	m := (uint32(1)<<c - 1) << o
	if c == 32 {
		m = ^uint32(0)
	}
	return e&^m | newbits<<o&m
}

// FloatToI32 converts a float to i32 as the spec's "convert a float value to an integral
// value" does: truncated, then clamped to the i32 values the float's format represents
// exactly (maxF is the largest of them: 2147483520 from f32, 2147483647 from f64 or the
// abstract float). The result of NaN is indeterminate: ok is false.
func FloatToI32(x, maxF float64) (r int32, ok bool) {
	switch t := math.Trunc(x); {
	case math.IsNaN(x):
		return 0, false
	case t <= math.MinInt32:
		return math.MinInt32, true
	case t >= maxF:
		return int32(maxF), true
	default:
		return int32(t), true
	}
}

// FloatToU32 is FloatToI32 for u32 (maxF is 4294967040 from f32).
func FloatToU32(x, maxF float64) (r uint32, ok bool) {
	switch t := math.Trunc(x); {
	case math.IsNaN(x):
		return 0, false
	case t <= 0:
		return 0, true
	case t >= maxF:
		return uint32(maxF), true
	default:
		return uint32(t), true
	}
}

// Largest integers below the ranges of i32 and u32 that each float format represents.
const (
	MaxI32InF32 = 2147483520
	MaxU32InF32 = 4294967040
)

// RoundRat rounds an exact value to the float format of the given bit size (16, 32 or 64),
// ties to even; a value beyond the format's finite range becomes an infinity.
func RoundRat(r *big.Rat, bits int) float64 {
	switch bits {
	case 16:
		return ratToF16(r)
	case 32:
		x, _ := r.Float32()
		return float64(x)
	}
	x, _ := r.Float64()
	return x
}

func ratToF16(r *big.Rat) float64 {
	a := new(big.Rat).Abs(r)
	sign := 1.0
	if r.Sign() < 0 {
		sign = -1
	}
	if approx, _ := a.Float64(); approx > 65536 {
		return math.Inf(int(sign))
	}
	// e such that 2^(e-1) <= a < 2^e, from an approximation, made exact.
	approx, _ := a.Float64()
	_, e := math.Frexp(approx)
	pow := func(k int) *big.Rat {
		if k >= 0 {
			return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k)))
		}
		return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-k)))
	}
	for a.Sign() != 0 && a.Cmp(pow(e)) >= 0 {
		e++
	}
	for a.Sign() != 0 && a.Cmp(pow(e-1)) < 0 {
		e--
	}
	ulp := max(e-11, -24)
	q := new(big.Rat).Mul(a, pow(-ulp))
	n := new(big.Int).Quo(q.Num(), q.Denom())
	frac := new(big.Rat).Sub(q, new(big.Rat).SetInt(n))
	switch frac.Cmp(big.NewRat(1, 2)) {
	case 1:
		n.Add(n, big.NewInt(1))
	case 0:
		if n.Bit(0) == 1 {
			n.Add(n, big.NewInt(1))
		}
	}
	v := math.Ldexp(float64(n.Int64()), ulp)
	if v > 65504 {
		return math.Inf(int(sign))
	}
	return sign * v
}
