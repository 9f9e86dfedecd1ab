package syntax

import (
	"errors"
	"math/big"
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
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case base == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
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

// maxExponentDigits bounds exponents so exact evaluation stays cheap; larger exponents
// over- or underflow every WGSL type anyway.
const maxExponent = 100000

// splitFloat removes the suffix of a float literal and, for hex literals without an
// exponent, adds "p0" so strconv and math/big accept them.
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

// exponent returns the decimal exponent written in a float literal (0 when absent).
func exponent(s string) int {
	i := strings.IndexAny(s, "eEpP")
	if isHexLiteral(s) {
		i = strings.IndexAny(s, "pP")
	}
	if i < 0 {
		return 0
	}
	e, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return maxExponent + 1
	}
	return e
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

// FloatLitRat returns the exact value of a floating point literal's text, for checks such
// as "a hexadecimal float literal with a suffix must be exactly representable". Literals
// whose exponent exceeds ±100000 give an error wrapping strconv.ErrRange.
func FloatLitRat(raw string) (*big.Rat, error) {
	s, err := splitFloat(raw)
	if err != nil {
		return nil, err
	}
	if e := exponent(s); e > maxExponent || e < -maxExponent {
		return nil, &strconv.NumError{Func: "FloatLitRat", Num: raw, Err: strconv.ErrRange}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, ErrMalformedLiteral
	}
	return r, nil
}
