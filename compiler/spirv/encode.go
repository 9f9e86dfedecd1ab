package spirv

import (
	"encoding/binary"
	"math"
)

// maxWordCount is the largest instruction: the word count is 16 bits.
const maxWordCount = 0xffff

// opWord is the first word of an instruction of n words.
func opWord(op Op, n int) uint32 { return uint32(n)<<16 | uint32(op) }

// stringWords is the number of words of the literal string s: its UTF-8
// bytes, a terminating NUL, zero padding to a word boundary.
func stringWords(s string) int { return len(s)/4 + 1 }

// appendString appends s as a literal string operand.
func appendString(dst []uint32, s string) []uint32 {
	for len(s) >= 4 {
		dst = append(dst, uint32(s[0])|uint32(s[1])<<8|uint32(s[2])<<16|uint32(s[3])<<24)
		s = s[4:]
	}
	var w uint32
	for i := 0; i < len(s); i++ {
		w |= uint32(s[i]) << (8 * i)
	}
	return append(dst, w) // includes the NUL (and the padding)
}

// decodeString reads a literal string from the start of words and returns it
// with the number of words it occupies. ok is false if no NUL terminates it.
func decodeString(words []uint32) (s string, n int, ok bool) {
	buf := make([]byte, 0, 4*len(words))
	for i, w := range words {
		for k := 0; k < 4; k++ {
			c := byte(w >> (8 * k))
			if c == 0 {
				return string(buf), i + 1, true
			}
			buf = append(buf, c)
		}
	}
	return string(buf), len(words), false
}

// Literal64 splits a 64-bit literal into its two operand words, low-order
// word first, as the specification requires for literals wider than 32 bits.
func Literal64(v uint64) (lo, hi uint32) { return uint32(v), uint32(v >> 32) }

// F16Bits converts f to IEEE 754 binary16, rounding to nearest even.
// Values too large become infinities; NaNs stay (quiet) NaNs.
func F16Bits(f float64) uint16 {
	b := math.Float64bits(f)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	if exp == 0x7ff {
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	}
	e := exp - 1023 + 15 // biased binary16 exponent
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		// Subnormal (or zero): the result is m * 2^-24 for the 53-bit
		// significand m shifted right by 43-e.
		if exp == 0 || e < -11 {
			return sign
		}
		return sign | uint16(roundShift(mant|1<<52, uint(43-e)))
	}
	// Adding lets a mantissa that rounds up carry into the exponent (and into
	// infinity from the largest finite exponent).
	return sign | (uint16(e)<<10 + uint16(roundShift(mant, 42)))
}

// roundShift returns v >> s rounded to nearest, ties to even.
func roundShift(v uint64, s uint) uint64 {
	q := v >> s
	rem := v & (1<<s - 1)
	half := uint64(1) << (s - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	return q
}

// appendWordsLE appends words to dst as little-endian bytes.
func appendWordsLE(dst []byte, words []uint32) []byte {
	for _, w := range words {
		dst = binary.LittleEndian.AppendUint32(dst, w)
	}
	return dst
}
