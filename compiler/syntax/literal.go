package syntax

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// Literal values are computed on demand from the literal's text, because their meaning
// depends on the abstract numeric type the checker concretizes them to.

func isHexLiteral(raw string) bool {
	return len(raw) > 1 && raw[0] == '0' && (raw[1] == 'x' || raw[1] == 'X')
}

func hasHexExponent(raw string) bool { return strings.ContainsAny(raw, "pP") }

func intSuffix(raw string) byte {
	if c := raw[len(raw)-1]; c == 'i' || c == 'u' {
		return c
	}
	return 0
}

func floatSuffix(raw string) byte {
	c := raw[len(raw)-1]
	if c != 'f' && c != 'h' {
		return 0
	}
	if isHexLiteral(raw) && !hasHexExponent(raw) {
		return 0 // a hex digit, not a suffix
	}
	return c
}

// ErrMalformedLiteral is returned for text that is not a well-formed literal of the kind
// asked for.
var ErrMalformedLiteral = errors.New("malformed literal")

// IntLitValue returns the value of an integer literal's text (suffix allowed). overflow
// reports a value that does not fit in 64 unsigned bits; v is then meaningless.
func IntLitValue(raw string) (v uint64, overflow bool, err error) {
	s := raw
	if intSuffix(s) != 0 {
		s = s[:len(s)-1]
	}
	base := uint64(10)
	if isHexLiteral(s) {
		base = 16
		s = s[2:]
	}
	if s == "" {
		return 0, false, ErrMalformedLiteral
	}
	for i := 0; i < len(s); i++ {
		h, ok := hexDigit(s[i])
		d := uint64(h)
		if !ok || d >= base {
			return 0, false, ErrMalformedLiteral
		}
		if v > (^uint64(0)-d)/base {
			overflow = true
			continue
		}
		v = v*base + d
	}
	return v, overflow, nil
}

// splitFloat removes the suffix of a float literal and, for hex literals without an
// exponent, adds "p0" so that strconv accepts them.
func splitFloat(raw string) (string, error) {
	s := raw
	if floatSuffix(s) != 0 {
		s = s[:len(s)-1]
	}
	if s == "" {
		return "", ErrMalformedLiteral
	}
	if isHexLiteral(s) {
		if !hasHexExponent(s) {
			s += "p0"
		}
		return s, nil
	}
	return s, nil
}

// FloatLitValue returns the value of a floating point literal's text rounded to the nearest
// float64. For a value too large for float64 it returns ±Inf and an error wrapping
// strconv.ErrRange.
func FloatLitValue(raw string) (float64, error) {
	s, err := splitFloat(raw)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			if f == 0 {
				return 0, nil // underflow to zero is not an error
			}
			return f, err
		}
		return 0, ErrMalformedLiteral
	}
	return f, nil
}

// HexFloatExact reports whether the exact value of a hexadecimal float literal's text is a
// value of a binary floating point format with prec significand bits (the leading one
// included) whose normal numbers have exponents emin..emax, subnormals included: f32 is
// (24, -126, 127), f16 (11, -14, 15). Zero always is; a nonzero value beyond the format's
// range, in either direction, is not. The check counts the bits between the first and the
// last nonzero digit, so it costs no more than reading the text.
func HexFloatExact(raw string, prec, emin, emax int) (bool, error) {
	s, err := splitFloat(raw)
	if err != nil {
		return false, err
	}
	if !isHexLiteral(s) {
		return false, ErrMalformedLiteral
	}
	p := strings.IndexAny(s, "pP")
	mant, exp := s[2:p], s[p+1:]
	// The value is the mantissa's digits read as an integer D, times 2^shift.
	e, err := strconv.ParseInt(exp, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return false, ErrMalformedLiteral
	}
	const maxShift = 1 << 40 // far beyond any format, and far from int64's limits
	e = max(-maxShift, min(e, maxShift))
	shift := e
	// The first and last nonzero digits, counted from the right, and their values.
	first, last := -1, -1
	var dFirst, dLast uint8
	digits := 0
	for i := len(mant) - 1; i >= 0; i-- {
		c := mant[i]
		if c == '.' {
			shift -= 4 * int64(len(mant)-1-i)
			continue
		}
		d, ok := hexDigit(c)
		if !ok {
			return false, ErrMalformedLiteral
		}
		if d != 0 {
			if last < 0 {
				last, dLast = digits, d
			}
			first, dFirst = digits, d
		}
		digits++
	}
	if digits == 0 {
		return false, ErrMalformedLiteral
	}
	if first < 0 {
		return true, nil // zero
	}
	top := int64(4*first+bits.Len8(dFirst)-1) + shift       // the highest set bit's weight
	low := int64(4*last+bits.TrailingZeros8(dLast)) + shift // the lowest's
	if top > int64(emax) {
		return false, nil
	}
	return low >= max(top, int64(emin))-int64(prec-1), nil
}

// hexDigit is the value of a hexadecimal digit.
func hexDigit(c byte) (uint8, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10, true
	}
	return 0, false
}
