// Package constant holds the values of WGSL const- and override-expressions and evaluates
// them exactly as the spec requires: abstract numbers, the concrete scalars with the rounding of
// their formats (f16 included), vectors, matrices, arrays and structures; every operator, every
// conversion and every @const built-in function, with the shader-creation errors the spec
// demands (overflow of abstract and floating-point results, division by zero, out-of-range
// shifts, domain errors of built-ins).
//
// Values are immutable. A scalar is a Value with no heap allocation: its type and a 64-bit
// payload. Composites hold their components (matrix columns, array elements, structure
// members) in a slice owned by the Value, except the zero value of an array, which holds one
// element for all: array<i32, 600000000>() takes no more memory than array<i32, 1>().
//
// Floating-point values are never infinite or NaN: producing one is an error, as the Finite
// Math Assumption makes it in const- and override-expressions. Errors are plain errors whose
// messages read well after "file:line:col: error: "; the caller attaches the position.
package constant

import (
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Value is the value of a constructible WGSL type, or of an abstract numeric type or a
// composite of them. The zero Value is invalid (it has no type).
type Value struct {
	typ types.Type
	// bits is the payload of a scalar: 0 or 1 for bool; the two's complement int64 for
	// AbstractInt and i32 (sign-extended) and the zero-extended value for u32; the IEEE-754
	// binary64 bits for floats, which for f32 and f16 hold a value exact in that format.
	bits uint64
	// elems are the components of a composite: vector components, matrix columns (vectors),
	// array elements or structure members.
	elems []Value
	// rep, when positive, is the element count of an array all of whose elements are
	// elems[0], its only component: the zero value of an array is made so (see Zero).
	rep int
}

// MakeBool returns the bool value b.
func MakeBool(b bool) Value {
	if b {
		return Value{typ: types.Bool, bits: 1}
	}
	return Value{typ: types.Bool}
}

// MakeAbstractInt returns the AbstractInt value x.
func MakeAbstractInt(x int64) Value { return Value{typ: types.AbstractInt, bits: uint64(x)} }

// MakeAbstractFloat returns the AbstractFloat value x. x must be finite (see FloatValue for
// a checked constructor).
func MakeAbstractFloat(x float64) Value {
	return Value{typ: types.AbstractFloat, bits: math.Float64bits(x)}
}

// MakeI32 returns the i32 value x.
func MakeI32(x int32) Value { return Value{typ: types.I32, bits: uint64(int64(x))} }

// MakeU32 returns the u32 value x.
func MakeU32(x uint32) Value { return Value{typ: types.U32, bits: uint64(x)} }

// MakeF32 returns the f32 value x. x must be finite.
func MakeF32(x float32) Value {
	return Value{typ: types.F32, bits: math.Float64bits(float64(x))}
}

// MakeF16 returns the f16 value nearest to x (ties to even). x must be within the finite
// range of f16 (see FloatValue for a checked constructor).
func MakeF16(x float64) Value {
	return Value{typ: types.F16, bits: math.Float64bits(RoundF16(x))}
}

// MakeComposite returns the vector, matrix, array or structure of type t with the given
// components: vector components, matrix columns, array elements or structure members, each
// already of the component type. It does not check them; see Construct for the checked,
// converting value constructors. The slice is retained.
func MakeComposite(t types.Type, elems []Value) Value {
	return Value{typ: t, elems: elems}
}

func makeInt(s *types.Scalar, x int64) Value {
	if s.Kind == types.KindU32 {
		return Value{typ: s, bits: uint64(uint32(x))}
	}
	if s.Kind == types.KindI32 {
		return Value{typ: s, bits: uint64(int64(int32(x)))}
	}
	return Value{typ: s, bits: uint64(x)}
}

func makeFloat(s *types.Scalar, x float64) Value {
	return Value{typ: s, bits: math.Float64bits(x)}
}

// Zero returns the zero value of t: false, 0, 0.0, or the composite of zero values. t must be
// a scalar, vector, matrix, fixed-size array or structure; Zero returns the invalid Value for
// other types.
func Zero(t types.Type) Value {
	switch t := t.(type) {
	case *types.Scalar:
		if t.IsFloat() {
			return makeFloat(t, 0)
		}
		return Value{typ: t}
	case *types.Vector:
		return splat(t, Zero(t.Elem))
	case *types.Matrix:
		col := Zero(t.Column())
		cols := make([]Value, t.Cols)
		for i := range cols {
			cols[i] = col
		}
		return Value{typ: t, elems: cols}
	case *types.Array:
		if t.Count <= 0 {
			return Value{}
		}
		e := Zero(t.Elem)
		if !e.IsValid() {
			return Value{}
		}
		return Value{typ: t, elems: []Value{e}, rep: t.Count}
	case *types.Struct:
		elems := make([]Value, len(t.Members))
		for i, m := range t.Members {
			elems[i] = Zero(m.Type)
			if !elems[i].IsValid() {
				return Value{}
			}
		}
		return Value{typ: t, elems: elems}
	}
	return Value{}
}

func splat(t *types.Vector, s Value) Value {
	elems := make([]Value, t.N)
	for i := range elems {
		elems[i] = s
	}
	return Value{typ: t, elems: elems}
}

// IsValid reports whether v is a value (and not the zero Value).
func (v Value) IsValid() bool { return v.typ != nil }

// Type returns the type of v.
func (v Value) Type() types.Type { return v.typ }

// IsScalar reports whether v is a scalar.
func (v Value) IsScalar() bool {
	_, ok := v.typ.(*types.Scalar)
	return ok
}

// Bool returns the value of a bool scalar (and whether any other scalar is nonzero).
func (v Value) Bool() bool { return v.bits != 0 && !v.isNegZero() }

func (v Value) isNegZero() bool {
	s, ok := v.typ.(*types.Scalar)
	return ok && s.IsFloat() && v.bits == 1<<63
}

// Int64 returns the value of an integer scalar (u32 zero-extended); floats are truncated
// toward zero (and clamped to the int64 range) and bools give 0 or 1.
func (v Value) Int64() int64 {
	if s, ok := v.typ.(*types.Scalar); ok && s.IsFloat() {
		return FloatToInt(v.float(), s, types.AbstractInt)
	}
	return int64(v.bits)
}

// Float64 returns the value of a numeric scalar as a float64 (integers are converted, with
// rounding for AbstractInt beyond 2**53).
func (v Value) Float64() float64 {
	s, ok := v.typ.(*types.Scalar)
	if !ok {
		return 0
	}
	switch s.Kind {
	case types.KindAbstractFloat, types.KindF32, types.KindF16:
		return v.float()
	case types.KindU32:
		return float64(v.bits)
	}
	return float64(int64(v.bits))
}

func (v Value) float() float64 { return math.Float64frombits(v.bits) }
func (v Value) int() int64     { return int64(v.bits) }

// Bits returns the bit pattern of a scalar in its own format: 0 or 1 for bool, the 32-bit
// two's complement or unsigned value for i32 and u32, the IEEE-754 binary32 or binary16 bits
// for f32 and f16, the 64-bit patterns for AbstractInt and AbstractFloat. This is what a
// SPIR-V OpConstant or a host buffer holds.
func (v Value) Bits() uint64 {
	s, ok := v.typ.(*types.Scalar)
	if !ok {
		return 0
	}
	switch s.Kind {
	case types.KindI32:
		return uint64(uint32(v.bits))
	case types.KindF32:
		return uint64(math.Float32bits(float32(v.float())))
	case types.KindF16:
		return uint64(F16Bits(v.float()))
	}
	return v.bits
}

// Len returns the number of components of a composite (0 for scalars).
func (v Value) Len() int {
	if v.rep > 0 {
		return v.rep
	}
	return len(v.elems)
}

// Index returns component i of a composite: a vector component, a matrix column, an array
// element or a structure member. It panics if i is out of range, like a slice index.
func (v Value) Index(i int) Value {
	if v.rep > 0 {
		if i < 0 || i >= v.rep {
			panic(fmt.Sprintf("constant: index %d out of range [0:%d]", i, v.rep))
		}
		return v.elems[0]
	}
	return v.elems[i]
}

// IsZero reports whether v is the zero value of its type (-0.0 counts as zero).
func (v Value) IsZero() bool {
	if v.elems == nil {
		return v.bits == 0 || v.isNegZero()
	}
	for _, e := range v.elems {
		if !e.IsZero() {
			return false
		}
	}
	return true
}

// Identical reports whether a and b have identical types and bit-identical components (so
// 0.0 and -0.0 differ). It is the equality of constant deduplication, not WGSL's ==.
func Identical(a, b Value) bool {
	if a.typ != b.typ && !types.Identical(a.typ, b.typ) {
		return false
	}
	if a.bits != b.bits || a.Len() != b.Len() {
		return false
	}
	if a.rep > 0 && b.rep > 0 {
		return Identical(a.elems[0], b.elems[0])
	}
	for i := range a.Len() {
		if !Identical(a.Index(i), b.Index(i)) {
			return false
		}
	}
	return true
}

// Swizzle returns the vector of v's components at the given indices, or the single
// component when there is one index. Indices must be in range.
func Swizzle(v Value, idx ...int) Value {
	if len(idx) == 1 {
		return v.elems[idx[0]]
	}
	elems := make([]Value, len(idx))
	for i, j := range idx {
		elems[i] = v.elems[j]
	}
	return Value{typ: types.Vec(len(idx), v.typ.(*types.Vector).Elem), elems: elems}
}
