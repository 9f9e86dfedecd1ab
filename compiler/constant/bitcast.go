package constant

import (
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Bitcast evaluates bitcast<to>(v): the reinterpretation of v's bits as a value of type to,
// for i32, u32, f32, f16 scalars and vectors of the same total width (32 or 64 bits,
// vec2<f16> being 32 bits and vec4<f16> 64, component 0 in the least significant half as the
// internal layout rules place it). AbstractInt arguments (and vectors of them) are first
// converted to u32, which is an error when they do not fit. bitcast to the same type is the
// identity. A float result that is infinite or NaN is an error in constant expressions.
func Bitcast(v Value, to types.Type) (Value, error) {
	if v.typ == nil || to == nil {
		return Value{}, fmt.Errorf("bitcast of an invalid value")
	}
	if s := types.ElemScalar(v.typ); s == types.AbstractInt {
		var err error
		if v, err = ConvertElem(v, types.U32); err != nil {
			return Value{}, err
		}
	}
	if v.typ == to {
		return v, nil
	}
	// Spread v into 16-bit halves, least significant first.
	var halves [8]uint16 // up to vec4 of 32-bit components
	n := 0
	from, fromN := bitcastShape(v.typ)
	toS, toN := bitcastShape(to)
	if from == nil || toS == nil || from.Size()*fromN != toS.Size()*toN {
		return Value{}, fmt.Errorf("bitcast from %s to %s is not defined", typeName(v.typ), typeName(to))
	}
	each(v, func(c Value) {
		b := c.Bits()
		halves[n] = uint16(b)
		n++
		if from.Size() == 4 {
			halves[n] = uint16(b >> 16)
			n++
		}
	})
	elems := make([]Value, toN)
	n = 0
	for i := range elems {
		b := uint32(halves[n])
		n++
		if toS.Size() == 4 {
			b |= uint32(halves[n]) << 16
			n++
		}
		c, err := fromBits(toS, b)
		if err != nil {
			return Value{}, fmt.Errorf("bitcast<%s>(%s) %w", to, v, err)
		}
		elems[i] = c
	}
	if toN == 1 {
		return elems[0], nil
	}
	return Value{typ: to, elems: elems}, nil
}

// bitcastShape returns the concrete numeric component type and count of a scalar or vector.
func bitcastShape(t types.Type) (*types.Scalar, int) {
	s, n := types.ElemScalar(t), 1
	if v, ok := t.(*types.Vector); ok {
		n = v.N
	} else if _, ok := t.(*types.Scalar); !ok {
		return nil, 0
	}
	if s.Kind == types.KindBool || s.IsAbstract() {
		return nil, 0
	}
	return s, n
}

func each(v Value, f func(Value)) {
	if v.elems == nil {
		f(v)
		return
	}
	for _, e := range v.elems {
		f(e)
	}
}

// fromBits returns the value of s with bit pattern b (only the low 16 bits for f16).
func fromBits(s *types.Scalar, b uint32) (Value, error) {
	var x float64
	switch s.Kind {
	case types.KindI32:
		return MakeI32(int32(b)), nil
	case types.KindU32:
		return MakeU32(b), nil
	case types.KindF32:
		x = float64(math.Float32frombits(b))
	default:
		x = F16FromBits(uint16(b))
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return Value{}, fmt.Errorf("is an %s infinity or NaN (bits 0x%x) in constant expression", s, b)
	}
	return makeFloat(s, x), nil
}
