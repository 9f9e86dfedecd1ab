package constant

import (
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Convert converts v to type to, component-wise for vectors, matrices, arrays and the builtin
// result structures, with the spec's scalar conversions:
//
//   - AbstractInt to i32 or u32 keeps the value and is an error when it does not fit
//     ("value 3000000000 does not fit in i32"); i32 and u32 convert to each other by
//     reinterpreting the bits.
//   - Any number to a float type rounds to a neighbouring value of the type and is an error
//     when the value lies outside the type's finite range ("Floating Point Conversion").
//   - A float to an integer type truncates toward zero and clamps to the range of the target
//     type; the bounds are the extreme values also exact in the source format, so 1e20f
//     gives 2147483520i. This is not an error, in const-expressions included.
//   - bool to a number gives 0 or 1; a number to bool gives whether it is nonzero.
//
// These rules serve both the automatic conversions of abstract values (the caller decides
// which conversions are feasible, see types.ConversionRank) and the value constructors i32(e),
// u32(e), f32(e), f16(e), bool(e), vecN<T>(e) and matCxR<T>(e).
func Convert(v Value, to types.Type) (Value, error) {
	if v.typ == to {
		return v, nil
	}
	switch to := to.(type) {
	case *types.Scalar:
		if s, ok := v.typ.(*types.Scalar); ok {
			return convertScalar(v, s, to)
		}
	case *types.Vector:
		if from, ok := v.typ.(*types.Vector); ok && from.N == to.N {
			return convertElems(v, to, func(int) types.Type { return to.Elem })
		}
	case *types.Matrix:
		if from, ok := v.typ.(*types.Matrix); ok && from.Cols == to.Cols && from.Rows == to.Rows {
			col := to.Column()
			return convertElems(v, to, func(int) types.Type { return col })
		}
	case *types.Array:
		if _, ok := v.typ.(*types.Array); ok && to.Count == v.Len() {
			return convertElems(v, to, func(int) types.Type { return to.Elem })
		}
	case *types.Struct:
		if from, ok := v.typ.(*types.Struct); ok && len(from.Members) == len(to.Members) &&
			(from == to || from.Builtin && to.Builtin) {
			return convertElems(v, to, func(i int) types.Type { return to.Members[i].Type })
		}
	}
	if types.Identical(v.typ, to) {
		return v, nil
	}
	return Value{}, fmt.Errorf("cannot convert a value of type %s to %s", typeName(v.typ), typeName(to))
}

func typeName(t types.Type) string {
	if t == nil {
		return "<invalid>"
	}
	return t.String()
}

func convertElems(v Value, to types.Type, elemType func(int) types.Type) (Value, error) {
	if v.rep > 0 { // every element is the same: convert it once
		c, err := Convert(v.elems[0], elemType(0))
		if err != nil {
			return Value{}, err
		}
		return Value{typ: to, elems: []Value{c}, rep: v.rep}, nil
	}
	elems := make([]Value, len(v.elems))
	for i, e := range v.elems {
		c, err := Convert(e, elemType(i))
		if err != nil {
			return Value{}, err
		}
		elems[i] = c
	}
	return Value{typ: to, elems: elems}, nil
}

// ConvertElem converts v, a scalar, vector, matrix, array of those or builtin result
// structure, to the same shape built on scalar s: ConvertElem(vec3(1, 2, 3), f32) is
// vec3<f32>(1.0f, 2.0f, 3.0f).
func ConvertElem(v Value, s *types.Scalar) (Value, error) {
	if v.typ == nil {
		return Value{}, fmt.Errorf("cannot convert an invalid value")
	}
	return Convert(v, types.WithScalar(v.typ, s))
}

func convertScalar(v Value, from, to *types.Scalar) (Value, error) {
	switch {
	case to.Kind == types.KindBool:
		return MakeBool(!v.IsZero()), nil
	case from.Kind == types.KindBool:
		if to.IsFloat() {
			return makeFloat(to, float64(v.bits)), nil
		}
		return makeInt(to, int64(v.bits)), nil
	case from.IsInteger() && to.IsInteger():
		if from.Kind == types.KindAbstractInt && !fitsInt(v.int(), to) {
			return Value{}, fmt.Errorf("value %d does not fit in %s", v.int(), to)
		}
		return makeInt(to, v.int()), nil
	case from.IsInteger(): // to a float type
		var x float64
		switch to.Kind {
		case types.KindF32:
			x = float64(float32(v.int())) // one correctly rounded conversion
		default:
			x = float64(v.int())
		}
		return floatConversion(v, to, x)
	case to.IsInteger(): // from a float type
		return makeInt(to, FloatToInt(v.float(), from, to)), nil
	}
	return floatConversion(v, to, v.float())
}

// floatConversion finishes a conversion to float type to of v, whose value is x (perhaps
// already rounded to to's precision).
func floatConversion(v Value, to *types.Scalar, x float64) (Value, error) {
	if math.Abs(x) > maxFinite(to.Kind) {
		return Value{}, fmt.Errorf("value %s is outside the finite range of %s", v, to)
	}
	return makeFloat(to, roundTo(to.Kind, x)), nil
}

// fitsInt reports whether x is a value of the integer type s.
func fitsInt(x int64, s *types.Scalar) bool {
	switch s.Kind {
	case types.KindI32:
		return x >= math.MinInt32 && x <= math.MaxInt32
	case types.KindU32:
		return x >= 0 && x <= math.MaxUint32
	}
	return true
}

// FloatToInt is the spec's scalar floating point to integral conversion: truncate, then
// clamp to the integers of the target type that the source format also represents exactly.
// A NaN, whose conversion the spec leaves indeterminate, gives 0 (as the SPIR-V does, see
// transform.FloatToIntSaturate).
func FloatToInt(x float64, from, to *types.Scalar) int64 {
	if x != x {
		return 0
	}
	var lo, hi int64
	switch to.Kind {
	case types.KindI32:
		lo, hi = math.MinInt32, math.MaxInt32
	case types.KindU32:
		lo, hi = 0, math.MaxUint32
	default:
		lo, hi = math.MinInt64, math.MaxInt64
	}
	t := math.Trunc(x)
	if t <= float64(lo) { // the lower bounds are powers of two (or 0), exact in every format
		return lo
	}
	if top := largestNotAbove(hi, from.Kind); t >= top {
		return int64(top)
	}
	return int64(t)
}

// largestNotAbove returns the largest value of float kind k that is at most hi, for hi one of
// MaxInt32, MaxUint32 and MaxInt64.
func largestNotAbove(hi int64, k types.ScalarKind) float64 {
	switch k {
	case types.KindF16:
		return MaxF16 // every hi is beyond the range of f16
	case types.KindF32:
		r := float32(hi)
		if float64(r) > float64(hi) || r >= 1<<63 {
			r = math.Nextafter32(r, 0)
		}
		return float64(r)
	}
	r := float64(hi)
	if r >= 1<<63 { // MaxInt64 rounded up to 2**63
		r = math.Nextafter(r, 0)
	}
	return r
}

// roundTo rounds x to the precision of float kind k (ties to even). Out-of-range values become
// infinite.
func roundTo(k types.ScalarKind, x float64) float64 {
	switch k {
	case types.KindF32:
		return float64(float32(x))
	case types.KindF16:
		return RoundF16(x)
	}
	return x
}

func maxFinite(k types.ScalarKind) float64 {
	switch k {
	case types.KindF32:
		return math.MaxFloat32
	case types.KindF16:
		return MaxF16
	}
	return math.MaxFloat64
}

// FloatValue returns the value of float type s nearest to x (ties to even), or an error when x
// is infinite, NaN, or rounds to infinity in s. It is the checked constructor for literals
// (1.5h, 3.4028235e38f) and override values.
func FloatValue(s *types.Scalar, x float64) (Value, error) {
	if !s.IsFloat() {
		return Value{}, fmt.Errorf("%s is not a floating-point type", s)
	}
	r := roundTo(s.Kind, x)
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return Value{}, fmt.Errorf("value %g is not representable in %s", x, s)
	}
	return makeFloat(s, r), nil
}

// IntValue returns the value x of integer type s, or an error when x is out of its range. It
// is the checked constructor for literals (42i, 4000000000u) and override values.
func IntValue(s *types.Scalar, x int64) (Value, error) {
	if !s.IsInteger() {
		return Value{}, fmt.Errorf("%s is not an integer type", s)
	}
	if !fitsInt(x, s) {
		return Value{}, fmt.Errorf("value %d does not fit in %s", x, s)
	}
	return makeInt(s, x), nil
}

// OverrideValue converts x, a pipeline-overridable constant as WebGPU passes it (a
// GPUPipelineConstantValue, which is a double), to the override's type s the way WebGPU does:
// bool is x != 0 (NaN is false); i32 and u32 truncate toward zero and must then be in range
// (WebIDL [EnforceRange]); f32 and f16 round to the nearest value and must stay finite. NaN
// and infinities are errors for the numeric types.
func OverrideValue(s *types.Scalar, x float64) (Value, error) {
	switch {
	case s.Kind == types.KindBool:
		return MakeBool(x != 0 && !math.IsNaN(x)), nil
	case math.IsInf(x, 0) || math.IsNaN(x):
		return Value{}, fmt.Errorf("override value %g is not a finite number", x)
	case s.IsFloat():
		return FloatValue(s, x)
	case s.IsInteger():
		t := math.Trunc(x)
		if t < -0x1p63 || t >= 0x1p63 || !fitsInt(int64(t), s) {
			return Value{}, fmt.Errorf("override value %g is out of the range of %s", x, s)
		}
		return makeInt(s, int64(t)), nil
	}
	return Value{}, fmt.Errorf("%s cannot be an override type", s)
}

// CommonScalar returns the scalar type both a and b convert to for a binary operation: the
// same type, the concrete one when the other is abstract and converts to it (AbstractInt to
// any numeric type, AbstractFloat to f32 or f16), or AbstractFloat for AbstractInt mixed with
// AbstractFloat. ok is false when there is none (i32 with u32, AbstractFloat with i32).
func CommonScalar(a, b *types.Scalar) (s *types.Scalar, ok bool) {
	switch {
	case a == b:
		return a, true
	case types.ConversionRank(a, b) != types.Infinite:
		return b, true
	case types.ConversionRank(b, a) != types.Infinite:
		return a, true
	}
	return nil, false
}

// Construct evaluates the value constructor of type t applied to args, as the spec's
// "Value Constructor Built-in Functions" define it:
//
//   - no arguments: the zero value of t;
//   - a scalar from one scalar, a vector from one vector of the same size, a matrix from one
//     matrix of the same shape: a conversion (see Convert);
//   - a vector from one scalar: the splat;
//   - a vector from scalars and vectors whose components add up to its size, a matrix from
//     column vectors or from all its components in column-major order, an array from its
//     elements, a structure from its members.
//
// In the composite forms each component is converted to t's component type when it is
// abstract (as the automatic conversions of overload resolution would have); the caller has
// checked everything else.
func Construct(t types.Type, args []Value) (Value, error) {
	if len(args) == 0 {
		z := Zero(t)
		if !z.IsValid() {
			return Value{}, fmt.Errorf("type %s has no zero value", typeName(t))
		}
		return z, nil
	}
	switch t := t.(type) {
	case *types.Scalar:
		if len(args) == 1 {
			return Convert(args[0], t)
		}
	case *types.Vector:
		if len(args) == 1 {
			switch a := args[0].typ.(type) {
			case *types.Scalar:
				e, err := autoConvert(args[0], t.Elem)
				if err != nil {
					return Value{}, err
				}
				return splat(t, e), nil
			case *types.Vector:
				if a.N == t.N {
					return Convert(args[0], t)
				}
			}
		}
		elems := make([]Value, 0, t.N)
		for _, a := range args {
			switch a.typ.(type) {
			case *types.Scalar:
				elems = append(elems, a)
			case *types.Vector:
				elems = append(elems, a.elems...)
			default:
				return Value{}, fmt.Errorf("cannot construct %s from a value of type %s", t, typeName(a.typ))
			}
		}
		if len(elems) != t.N {
			return Value{}, fmt.Errorf("%s needs %d components, got %d", t, t.N, len(elems))
		}
		for i, e := range elems {
			c, err := autoConvert(e, t.Elem)
			if err != nil {
				return Value{}, err
			}
			elems[i] = c
		}
		return Value{typ: t, elems: elems}, nil
	case *types.Matrix:
		if len(args) == 1 {
			return Convert(args[0], t)
		}
		col := t.Column()
		cols := make([]Value, t.Cols)
		switch len(args) {
		case t.Cols:
			for i, a := range args {
				c, err := autoConvert(a, col)
				if err != nil {
					return Value{}, err
				}
				cols[i] = c
			}
		case t.Cols * t.Rows:
			for i := range cols {
				c, err := Construct(col, args[i*t.Rows:(i+1)*t.Rows])
				if err != nil {
					return Value{}, err
				}
				cols[i] = c
			}
		default:
			return Value{}, fmt.Errorf("%s needs %d columns or %d components, got %d arguments", t, t.Cols, t.Cols*t.Rows, len(args))
		}
		return Value{typ: t, elems: cols}, nil
	case *types.Array:
		if t.Count != len(args) {
			return Value{}, fmt.Errorf("%s needs %d elements, got %d", t, t.Count, len(args))
		}
		return constructElems(t, args, func(int) types.Type { return t.Elem })
	case *types.Struct:
		if len(t.Members) != len(args) {
			return Value{}, fmt.Errorf("%s needs %d members, got %d", t, len(t.Members), len(args))
		}
		return constructElems(t, args, func(i int) types.Type { return t.Members[i].Type })
	}
	return Value{}, fmt.Errorf("cannot construct %s from %d arguments", typeName(t), len(args))
}

func constructElems(t types.Type, args []Value, elemType func(int) types.Type) (Value, error) {
	elems := make([]Value, len(args))
	for i, a := range args {
		c, err := autoConvert(a, elemType(i))
		if err != nil {
			return Value{}, err
		}
		elems[i] = c
	}
	return Value{typ: t, elems: elems}, nil
}

// autoConvert applies a feasible automatic conversion of v to t, or fails.
func autoConvert(v Value, t types.Type) (Value, error) {
	if v.typ == t || types.Identical(v.typ, t) {
		return v, nil
	}
	if v.typ != nil && types.ConversionRank(v.typ, t) != types.Infinite {
		return Convert(v, t)
	}
	return Value{}, fmt.Errorf("cannot use a value of type %s as %s", typeName(v.typ), typeName(t))
}
