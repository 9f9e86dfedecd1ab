package constant

import (
	"math"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// String returns v spelled as a WGSL expression: true, 1, 1i, 2u, 0.5, 1.0f, 0.5h,
// vec3<f32>(1.0f, 2.0f, 3.0f), array<i32, 2>(1i, 2i), S(1.0f, 2u). Abstract composites use the
// inferring constructors (vec2(1, 2)). Floats print the shortest decimal that reads back as the
// same value of their type, always with a '.' or an exponent; the output is deterministic.
// The most negative i32 prints as i32(-2147483648), since -2147483648i does not parse.
func (v Value) String() string {
	if v.typ == nil {
		return "<invalid>"
	}
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v Value) write(b *strings.Builder) {
	switch t := v.typ.(type) {
	case *types.Scalar:
		b.WriteString(formatScalar(t, v))
		return
	case *types.Vector:
		if t.Elem.IsAbstract() {
			b.WriteString("vec" + strconv.Itoa(t.N))
		} else {
			b.WriteString(t.String())
		}
	case *types.Matrix:
		if t.Elem.IsAbstract() {
			b.WriteString("mat" + strconv.Itoa(t.Cols) + "x" + strconv.Itoa(t.Rows))
		} else {
			b.WriteString(t.String())
		}
	case *types.Array:
		if types.IsAbstract(t) {
			b.WriteString("array")
		} else {
			b.WriteString(t.String())
		}
	default:
		b.WriteString(v.typ.String())
	}
	b.WriteByte('(')
	if v.rep > maxSpelledZero && v.IsZero() {
		b.WriteByte(')') // the zero value, however long the array
		return
	}
	for i := range v.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		v.Index(i).write(b)
	}
	b.WriteByte(')')
}

// maxSpelledZero is the longest zero array whose elements String writes out; a longer one is
// written as its zero-value constructor, T().
const maxSpelledZero = 16

func formatScalar(s *types.Scalar, v Value) string {
	switch s.Kind {
	case types.KindBool:
		if v.bits != 0 {
			return "true"
		}
		return "false"
	case types.KindAbstractInt:
		return strconv.FormatInt(v.int(), 10)
	case types.KindI32:
		if v.int() == math.MinInt32 {
			return "i32(-2147483648)"
		}
		return strconv.FormatInt(v.int(), 10) + "i"
	case types.KindU32:
		return strconv.FormatUint(v.bits, 10) + "u"
	case types.KindF32:
		return FormatFloat(v.float(), types.KindF32) + "f"
	case types.KindF16:
		return FormatFloat(v.float(), types.KindF16) + "h"
	}
	return FormatFloat(v.float(), types.KindAbstractFloat)
}

// FormatFloat returns the shortest decimal spelling of x that reads back (rounding to the
// nearest value of float kind k) as x, with a '.' or an exponent so that it is a WGSL float
// literal: 1.0, 0.1, 1e+20, 3.4028235e+38. x must be a value of k. There is no suffix.
func FormatFloat(x float64, k types.ScalarKind) string {
	var s string
	switch k {
	case types.KindF32:
		s = strconv.FormatFloat(x, 'g', -1, 32)
	case types.KindF16:
		s = FormatF16(x)
	default:
		s = strconv.FormatFloat(x, 'g', -1, 64)
	}
	if !strings.ContainsAny(s, ".eIN") { // Inf and NaN never occur in values; keep them readable
		s += ".0"
	}
	return s
}

// FormatF16 spells x, a binary16 value, with the fewest significant digits that round back
// to it (strconv knows only binary32 and binary64), as strconv spells shortest values.
func FormatF16(x float64) string {
	for prec := 1; prec < 17; prec++ {
		s := strconv.FormatFloat(x, 'e', prec-1, 64)
		y, err := strconv.ParseFloat(s, 64)
		if err == nil && RoundF16(y) == x {
			return strconv.FormatFloat(y, 'g', -1, 64)
		}
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
