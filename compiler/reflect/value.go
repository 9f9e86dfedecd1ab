package reflect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Value is a constant in its JSON spelling: a number or a boolean for a scalar, an array of
// components for a vector (and of columns for a matrix). Floats are written with the fewest
// digits that read back as the same value of their type; integers exactly.
type Value struct {
	text string // compact JSON; "" for the zero Value
	err  error  // why the value cannot be written
}

// Bool returns the Value of a bool.
func Bool(b bool) Value { return Value{text: strconv.FormatBool(b)} }

// Int returns the Value of a signed integer (i32, AbstractInt).
func Int(i int64) Value { return Value{text: strconv.FormatInt(i, 10)} }

// Uint returns the Value of an unsigned integer (u32).
func Uint(u uint64) Value { return Value{text: strconv.FormatUint(u, 10)} }

// Float returns the Value of a float of the given width in bits: 16 (f16), 32 (f32) or 64
// (AbstractFloat). x must be finite and exact in that width; JSON has no infinities or NaN.
func Float(x float64, bits int) Value {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return Value{err: fmt.Errorf("reflect: %v is not a finite number", x)}
	}
	switch bits {
	case 16:
		return Value{text: constant.FormatF16(x)}
	case 32:
		return Value{text: strconv.FormatFloat(x, 'g', -1, 32)}
	}
	return Value{text: strconv.FormatFloat(x, 'g', -1, 64)}
}

// Vector returns the Value of a vector with the given components (or a matrix with the given
// columns).
func Vector(components ...Value) Value {
	var b strings.Builder
	b.WriteByte('[')
	for i, c := range components {
		if c.err != nil {
			return c
		}
		if c.text == "" {
			return Value{err: errors.New("reflect: vector with a missing component")}
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(c.text)
	}
	b.WriteByte(']')
	return Value{text: b.String()}
}

// ValueOf converts a constant of scalar, vector or matrix type (or an array of those) to its
// Value.
func ValueOf(c constant.Value) (Value, error) {
	switch t := c.Type().(type) {
	case *types.Scalar:
		switch t.Kind {
		case types.KindBool:
			return Bool(c.Bool()), nil
		case types.KindI32, types.KindAbstractInt:
			return Int(c.Int64()), nil
		case types.KindU32:
			return Uint(uint64(c.Int64())), nil
		case types.KindF16:
			return checked(Float(c.Float64(), 16))
		case types.KindF32:
			return checked(Float(c.Float64(), 32))
		default:
			return checked(Float(c.Float64(), 64))
		}
	case *types.Vector, *types.Matrix, *types.Array:
		comps := make([]Value, c.Len())
		for i := range comps {
			v, err := ValueOf(c.Index(i))
			if err != nil {
				return Value{}, err
			}
			comps[i] = v
		}
		return checked(Vector(comps...))
	case nil:
		return Value{}, errors.New("reflect: invalid constant")
	default:
		return Value{}, fmt.Errorf("reflect: constants of type %s have no JSON value", t)
	}
}

func checked(v Value) (Value, error) { return v, v.err }

// IsZero reports whether v is the zero Value, which stands for no value.
func (v Value) IsZero() bool { return v.text == "" && v.err == nil }

// String returns the JSON spelling of v.
func (v Value) String() string { return v.text }

// MarshalJSON writes the JSON spelling of v.
func (v Value) MarshalJSON() ([]byte, error) {
	if v.err != nil {
		return nil, v.err
	}
	if v.text == "" {
		return []byte("null"), nil
	}
	return []byte(v.text), nil
}

// UnmarshalJSON reads a number, a boolean, or an array of them, keeping its spelling.
func (v *Value) UnmarshalJSON(data []byte) error {
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		return err
	}
	if b.String() == "null" {
		*v = Value{}
		return nil
	}
	*v = Value{text: b.String()}
	return nil
}
