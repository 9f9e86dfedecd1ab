package wgsl

import (
	"math"
	"strconv"
)

// F16 is WGSL's f16: an IEEE 754 binary16 number, held as its bits.
type F16 uint16

// F16FromFloat32 converts f to the nearest F16, ties to even. Values beyond the largest F16
// (65504) that do not round down to it become infinities; NaNs stay NaNs (quiet, with the sign
// and the high bits of the payload kept).
func F16FromFloat32(f float32) F16 {
	b := math.Float32bits(f)
	sign := F16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant == 0 {
			return sign | 0x7c00
		}
		return sign | 0x7e00 | F16(mant>>13)
	}
	e := exp - 127 + 15 // the biased binary16 exponent
	switch {
	case e >= 0x1f:
		return sign | 0x7c00
	case e <= 0:
		// A subnormal result m × 2⁻²⁴ with m = round(significand × 2^(exp-126)); m = 1024 is
		// the smallest normal number, which the same bits encode.
		shift := uint(126 - exp)
		if exp == 0 || shift > 24 {
			return sign
		}
		return sign | F16(roundShift(mant|1<<23, shift))
	}
	// A mantissa that rounds up carries into the exponent, and from the largest exponent into
	// infinity, as it should.
	return sign | (F16(e)<<10 + F16(roundShift(mant, 13)))
}

// roundShift returns v >> s rounded to nearest, ties to even.
func roundShift(v uint32, s uint) uint32 {
	q := v >> s
	rem := v & (1<<s - 1)
	half := uint32(1) << (s - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	return q
}

// Float32 returns h as a float32, exactly.
func (h F16) Float32() float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch exp {
	case 0:
		f := float32(mant) / (1 << 24)
		if sign != 0 {
			f = -f
		}
		return f
	case 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// String formats h as the shortest decimal that converts back to h.
func (h F16) String() string {
	f := h.Float32()
	for prec := 1; prec < 9; prec++ {
		s := strconv.FormatFloat(float64(f), 'e', prec-1, 32)
		if g, err := strconv.ParseFloat(s, 64); err == nil && F16FromFloat32(float32(g)) == h {
			// Written as shortest formatting writes numbers: 65500, not 6.55e+04.
			return strconv.FormatFloat(g, 'g', -1, 64)
		}
	}
	return strconv.FormatFloat(float64(f), 'g', -1, 32)
}
