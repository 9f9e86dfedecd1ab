package ir

import (
	"math"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Constant is a constant value. Constants are de-duplicated: asking twice for the same
// constant gives the same Value.
type Constant struct {
	Type types.Type
	// Bits holds a scalar: 0 or 1 for bool, the 32-bit pattern of i32, u32 and f32, the
	// 16-bit pattern of f16.
	Bits uint64
	// Elems are the constituents of a composite (vector components, matrix columns, array
	// elements, structure members); nil for scalars and for Zero.
	Elems []Value
	// Zero marks the zero value of a composite type.
	Zero bool
}

// IsZero reports whether c is the zero value of its type (scalar zero is +0).
func (c *Constant) IsZero() bool {
	return c.Zero || c.Elems == nil && c.Bits == 0
}

// Scalar returns the scalar type of a scalar constant, or nil.
func (c *Constant) Scalar() *types.Scalar {
	s, _ := c.Type.(*types.Scalar)
	return s
}

// Int returns a scalar integer constant as an int64 (sign-extended for i32).
func (c *Constant) Int() int64 {
	if c.Type == types.I32 {
		return int64(int32(uint32(c.Bits)))
	}
	return int64(c.Bits)
}

// Float returns a scalar float constant as a float64.
func (c *Constant) Float() float64 {
	if c.Type == types.F16 {
		return float64(F16ToF32(uint16(c.Bits)))
	}
	return float64(math.Float32frombits(uint32(c.Bits)))
}

// Bool returns a bool constant.
func (c *Constant) Bool() bool { return c.Bits != 0 }

type constKey struct {
	t     types.Type
	bits  uint64
	elems string
	zero  bool
}

func (m *Module) constant(c Constant) Value {
	if s, ok := c.Type.(*types.Scalar); ok && c.Elems == nil && !c.Zero && c.Bits>>32 == 0 {
		// Scalars, most of the constants, are keyed by kind and bits alone: no hashing of
		// an interface and a string.
		k := uint64(s.Kind)<<56 | c.Bits
		if v, ok := m.scalarIdx[k]; ok {
			return v
		}
		if m.scalarIdx == nil {
			m.scalarIdx = map[uint64]Value{}
		}
		v := m.addConst(c)
		m.scalarIdx[k] = v
		return v
	}
	k := constKey{t: c.Type, bits: c.Bits, zero: c.Zero}
	if c.Elems != nil {
		var sb strings.Builder
		for _, e := range c.Elems {
			sb.WriteByte(byte(e))
			sb.WriteByte(byte(e >> 8))
			sb.WriteByte(byte(e >> 16))
			sb.WriteByte(byte(e >> 24))
		}
		k.elems = sb.String()
	}
	if v, ok := m.constIdx[k]; ok {
		return v
	}
	v := m.addConst(c)
	m.constIdx[k] = v
	return v
}

func (m *Module) addConst(c Constant) Value {
	v := m.newValue(c.Type, KindConst)
	m.values[v].idx = int32(len(m.consts))
	m.consts = append(m.consts, c)
	return v
}

// ConstScalar returns the scalar constant of type t with the bit pattern bits.
func (m *Module) ConstScalar(t *types.Scalar, bits uint64) Value {
	switch t.Kind {
	case types.KindBool:
		if bits != 0 {
			bits = 1
		}
	case types.KindF16:
		bits &= 0xffff
	default:
		bits &= 0xffffffff
	}
	return m.constant(Constant{Type: t, Bits: bits})
}

// ConstBool returns the bool constant b.
func (m *Module) ConstBool(b bool) Value {
	var bits uint64
	if b {
		bits = 1
	}
	return m.ConstScalar(types.Bool, bits)
}

// ConstI32 returns the i32 constant x.
func (m *Module) ConstI32(x int32) Value { return m.ConstScalar(types.I32, uint64(uint32(x))) }

// ConstU32 returns the u32 constant x.
func (m *Module) ConstU32(x uint32) Value { return m.ConstScalar(types.U32, uint64(x)) }

// ConstF32 returns the f32 constant x.
func (m *Module) ConstF32(x float32) Value {
	return m.ConstScalar(types.F32, uint64(math.Float32bits(x)))
}

// ConstF16 returns the f16 constant nearest to x.
func (m *Module) ConstF16(x float32) Value { return m.ConstScalar(types.F16, uint64(F32ToF16(x))) }

// ConstInt returns the integer constant x of scalar type t (i32 or u32), wrapping.
func (m *Module) ConstInt(t *types.Scalar, x int64) Value { return m.ConstScalar(t, uint64(x)) }

// ConstFloat returns the float constant nearest to x of scalar type t (f32 or f16).
func (m *Module) ConstFloat(t *types.Scalar, x float64) Value {
	if t.Kind == types.KindF16 {
		return m.ConstF16(float32(x))
	}
	return m.ConstF32(float32(x))
}

// ConstComposite returns the composite constant of type t with the given constituents.
func (m *Module) ConstComposite(t types.Type, elems ...Value) Value {
	zero := true
	for _, e := range elems {
		if c := m.Const(e); c == nil || !c.IsZero() {
			zero = false
			break
		}
	}
	if zero {
		return m.Zero(t)
	}
	return m.constant(Constant{Type: t, Elems: append([]Value(nil), elems...)})
}

// Zero returns the zero value of t.
func (m *Module) Zero(t types.Type) Value {
	if s, ok := t.(*types.Scalar); ok {
		return m.ConstScalar(s, 0)
	}
	return m.constant(Constant{Type: t, Zero: true})
}

// ConstSplat returns the constant of type t (a scalar or vector) with every component equal
// to the scalar constant s.
func (m *Module) ConstSplat(t types.Type, s Value) Value {
	v, ok := t.(*types.Vector)
	if !ok {
		return s
	}
	elems := make([]Value, v.N)
	for i := range elems {
		elems[i] = s
	}
	return m.ConstComposite(t, elems...)
}

// ConstElem returns constituent i of the composite constant c (expanding zero values).
func (m *Module) ConstElem(c *Constant, i int) Value {
	if c.Elems != nil {
		return c.Elems[i]
	}
	return m.Zero(ElemType(c.Type, i))
}

// ElemType returns the type of constituent i of the composite type t, or nil.
func ElemType(t types.Type, i int) types.Type {
	switch t := t.(type) {
	case *types.Vector:
		return t.Elem
	case *types.Matrix:
		return t.Column()
	case *types.Array:
		return t.Elem
	case *types.Struct:
		if i >= 0 && i < len(t.Members) {
			return t.Members[i].Type
		}
	}
	return nil
}

// NumElems returns the number of constituents of a fixed-size composite type (vectors,
// matrices, sized arrays, structures), or 0.
func NumElems(t types.Type) int {
	switch t := t.(type) {
	case *types.Vector:
		return t.N
	case *types.Matrix:
		return t.Cols
	case *types.Array:
		return t.Count
	case *types.Struct:
		return len(t.Members)
	}
	return 0
}

// F32ToF16 converts x to the nearest binary16 bit pattern (ties to even); out-of-range
// values become infinities and NaNs stay NaNs.
func F32ToF16(x float32) uint16 {
	b := math.Float32bits(x)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		m := mant | 0x800000
		return sign | uint16(roundShift32(m, uint(14-e)))
	}
	return sign | (uint16(e)<<10 + uint16(roundShift32(mant, 13)))
}

func roundShift32(v uint32, s uint) uint32 {
	q := v >> s
	rem := v & (1<<s - 1)
	half := uint32(1) << (s - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	return q
}

// F16ToF32 converts a binary16 bit pattern to float32 (exactly).
func F16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		f := float32(mant) / 1024 / 16384 // mant * 2^-24
		if sign != 0 {
			return -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

// NumElemsOrOne is NumElems, or 1 for a scalar.
func NumElemsOrOne(t types.Type) int {
	if _, ok := t.(*types.Scalar); ok {
		return 1
	}
	return NumElems(t)
}

// ConstValue returns the IR constant of v, a value of a concrete type.
func (m *Module) ConstValue(v constant.Value) Value {
	t := v.Type()
	if s, ok := t.(*types.Scalar); ok {
		return m.ConstScalar(s, v.Bits())
	}
	if v.IsZero() {
		return m.Zero(t)
	}
	elems := make([]Value, v.Len())
	for i := range elems {
		elems[i] = m.ConstValue(v.Index(i))
	}
	return m.ConstComposite(t, elems...)
}

// ConstantValue returns the constant c as a constant.Value, as the constant evaluation takes
// it.
func (m *Module) ConstantValue(c Value) constant.Value {
	k := m.Const(c)
	if s := k.Scalar(); s != nil {
		switch s.Kind {
		case types.KindBool:
			return constant.MakeBool(k.Bool())
		case types.KindI32:
			return constant.MakeI32(int32(uint32(k.Bits)))
		case types.KindU32:
			return constant.MakeU32(uint32(k.Bits))
		case types.KindF16:
			return constant.MakeF16(k.Float())
		}
		return constant.MakeF32(float32(k.Float()))
	}
	if k.Elems == nil {
		return constant.Zero(k.Type)
	}
	elems := make([]constant.Value, len(k.Elems))
	for i, e := range k.Elems {
		elems[i] = m.ConstantValue(e)
	}
	return constant.MakeComposite(k.Type, elems)
}
