package constant

import "math"

// IEEE-754 binary16 limits.
const (
	// MaxF16 is the largest finite f16, 0x1.ffcp+15.
	MaxF16 = 65504.0
	// f16Overflow is MaxF16 plus half an ulp: binary64 values at or above it round to
	// infinity under round-to-nearest-even.
	f16Overflow   = 65520.0
	minNormalF16  = 0x1p-14
	f16SubnormalQ = 0x1p-24 // the quantum of subnormals: the smallest positive f16
)

// RoundF16 rounds x to the nearest binary16 value, ties to even, and returns it as a float64.
// Magnitudes that round beyond the finite range give ±Inf; NaN stays NaN.
func RoundF16(x float64) float64 {
	a := math.Abs(x)
	switch {
	case a != a || a == 0:
		return x
	case a >= f16Overflow:
		return math.Copysign(math.Inf(1), x)
	}
	var q float64 // the spacing of f16 values around a
	if a < minNormalF16 {
		q = f16SubnormalQ
	} else {
		_, e := math.Frexp(a) // a = f * 2**e, f in [0.5, 1): a's binade is 2**(e-1)
		q = math.Ldexp(1, e-1-10)
	}
	// a/q and the product back are exact: both are scalings by powers of two well inside the
	// binary64 range.
	return math.Copysign(math.RoundToEven(a/q)*q, x)
}

// F16Bits returns the binary16 bit pattern of x after rounding it with RoundF16.
func F16Bits(x float64) uint16 {
	r := RoundF16(x)
	var sign uint16
	if math.Signbit(r) {
		sign = 0x8000
	}
	a := math.Abs(r)
	switch {
	case a != a:
		return 0x7e00
	case math.IsInf(a, 0):
		return sign | 0x7c00
	case a < minNormalF16:
		return sign | uint16(a/f16SubnormalQ)
	}
	f, e := math.Frexp(a) // a = (2f) * 2**(e-1), 2f in [1, 2)
	exp := e - 1 + 15
	mant := uint16((2*f - 1) * 1024)
	return sign | uint16(exp)<<10 | mant
}

// F16FromBits returns the value of the binary16 bit pattern b (±Inf and NaN included).
func F16FromBits(b uint16) float64 {
	sign := 1.0
	if b&0x8000 != 0 {
		sign = -1
	}
	exp := int(b>>10) & 0x1f
	mant := float64(b & 0x3ff)
	switch exp {
	case 0:
		return sign * mant * f16SubnormalQ
	case 0x1f:
		if mant != 0 {
			return math.NaN()
		}
		return sign * math.Inf(1)
	}
	return sign * math.Ldexp(1+mant/1024, exp-15)
}
