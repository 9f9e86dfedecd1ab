package spirv

import (
	"fmt"
	"math"
)

// constKey identifies a de-duplicated scalar or null constant by opcode,
// type and value words. Constants of different types never share an id, and
// spec constants are never de-duplicated.
type constKey struct {
	op     Op
	typ    ID
	lo, hi uint32
}

// NoSpecID, passed as a spec constant's specID, leaves it without a SpecId
// decoration.
const NoSpecID = ^uint32(0)

func (b *Builder) cachedConst(k constKey, words int) ID {
	if id, ok := b.consts[k]; ok {
		return id
	}
	id := b.NewID()
	switch words {
	case 0:
		b.globals = append(b.globals, opWord(k.op, 3), k.typ, id)
	case 1:
		b.globals = append(b.globals, opWord(k.op, 4), k.typ, id, k.lo)
	default:
		b.globals = append(b.globals, opWord(k.op, 5), k.typ, id, k.lo, k.hi)
	}
	b.consts[k] = id
	return id
}

// ConstantBool returns OpConstantTrue or OpConstantFalse.
func (b *Builder) ConstantBool(v bool) ID {
	op := OpConstantFalse
	if v {
		op = OpConstantTrue
	}
	return b.cachedConst(constKey{op: op, typ: b.TypeBool()}, 0)
}

// Constant returns the OpConstant of scalar type typ (made by TypeInt or
// TypeFloat) whose bit pattern is bits: the low width bits are the value.
// Narrow signed integers are sign-extended into the word and narrow
// unsigned ones and floats zero-extended, as the specification requires;
// 64-bit values take two words, low-order first.
func (b *Builder) Constant(typ ID, bits uint64) ID {
	lo, hi, n := b.scalarWords(typ, bits)
	return b.cachedConst(constKey{op: OpConstant, typ: typ, lo: lo, hi: hi}, n)
}

// ConstantInt returns the integer constant v of integer type typ.
func (b *Builder) ConstantInt(typ ID, v int64) ID { return b.Constant(typ, uint64(v)) }

// ConstantFloat returns the float constant v of float type typ, converted to
// the type's width (16-bit values round to nearest even).
func (b *Builder) ConstantFloat(typ ID, v float64) ID {
	return b.Constant(typ, b.floatBits(typ, v))
}

// ConstantU32 returns a 32-bit unsigned integer constant.
func (b *Builder) ConstantU32(v uint32) ID { return b.Constant(b.TypeInt(32, false), uint64(v)) }

// ConstantI32 returns a 32-bit signed integer constant.
func (b *Builder) ConstantI32(v int32) ID { return b.Constant(b.TypeInt(32, true), uint64(v)) }

// ConstantF32 returns a 32-bit float constant.
func (b *Builder) ConstantF32(v float32) ID {
	return b.Constant(b.TypeFloat(32), uint64(math.Float32bits(v)))
}

// ConstantComposite returns OpConstantComposite of type typ.
func (b *Builder) ConstantComposite(typ ID, constituents ...ID) ID {
	k := longKey('C', "", append([]ID{typ}, constituents...))
	if id, ok := b.constLong[k]; ok {
		return id
	}
	id := b.appendInst(&b.globals, 0, OpConstantComposite, typ, nil, constituents)
	if b.constLong == nil {
		b.constLong = map[string]ID{}
	}
	b.constLong[k] = id
	return id
}

// ConstantNull returns OpConstantNull of type typ.
func (b *Builder) ConstantNull(typ ID) ID {
	return b.cachedConst(constKey{op: OpConstantNull, typ: typ}, 0)
}

// Undef returns a module-scope OpUndef of type typ.
func (b *Builder) Undef(typ ID) ID {
	return b.cachedConst(constKey{op: OpUndef, typ: typ}, 0)
}

// SpecConstantBool returns a new OpSpecConstantTrue or OpSpecConstantFalse
// with default v, decorated SpecId specID unless specID is NoSpecID.
func (b *Builder) SpecConstantBool(v bool, specID uint32) ID {
	op := OpSpecConstantFalse
	if v {
		op = OpSpecConstantTrue
	}
	id := b.appendInst(&b.globals, 0, op, b.TypeBool(), nil, nil)
	b.specID(id, specID)
	return id
}

// SpecConstant returns a new OpSpecConstant of scalar type typ with default
// bit pattern bits (encoded as by Constant), decorated SpecId specID unless
// specID is NoSpecID.
func (b *Builder) SpecConstant(typ ID, bits uint64, specID uint32) ID {
	lo, hi, n := b.scalarWords(typ, bits)
	id := b.appendInst(&b.globals, 0, OpSpecConstant, typ, nil, []uint32{lo, hi}[:n])
	b.specID(id, specID)
	return id
}

// SpecConstantFloat is SpecConstant with a float default converted to the
// type's width.
func (b *Builder) SpecConstantFloat(typ ID, v float64, specID uint32) ID {
	return b.SpecConstant(typ, b.floatBits(typ, v), specID)
}

// SpecConstantComposite returns a new OpSpecConstantComposite.
func (b *Builder) SpecConstantComposite(typ ID, constituents ...ID) ID {
	return b.appendInst(&b.globals, 0, OpSpecConstantComposite, typ, nil, constituents)
}

// SpecConstantOp returns a new OpSpecConstantOp computing op over operands
// (ids of constants, or literals where op takes them).
func (b *Builder) SpecConstantOp(typ ID, op Op, operands ...uint32) ID {
	return b.appendInst(&b.globals, 0, OpSpecConstantOp, typ, []uint32{uint32(op)}, operands)
}

func (b *Builder) specID(id ID, specID uint32) {
	if specID != NoSpecID {
		b.Decorate(id, DecorationSpecId, specID)
	}
}

// scalarWords encodes bits as a literal of scalar type typ.
func (b *Builder) scalarWords(typ ID, bits uint64) (lo, hi uint32, n int) {
	s, ok := b.scalars[typ]
	if !ok || s.kind == scalarBool {
		panic(fmt.Sprintf("spirv: constant of type %%%d, which is not an integer or float type made by this builder", typ))
	}
	switch {
	case s.width == 64:
		lo, hi = Literal64(bits)
		return lo, hi, 2
	case s.width == 32:
		return uint32(bits), 0, 1
	case s.kind == scalarInt && s.signed:
		shift := 64 - s.width
		return uint32(int64(bits<<shift) >> shift), 0, 1
	default:
		return uint32(bits) & (1<<s.width - 1), 0, 1
	}
}

// floatBits converts v to the bit pattern of float type typ.
func (b *Builder) floatBits(typ ID, v float64) uint64 {
	s := b.scalars[typ]
	if s.kind != scalarFloat {
		panic(fmt.Sprintf("spirv: float constant of type %%%d, which is not a float type made by this builder", typ))
	}
	switch s.width {
	case 16:
		return uint64(F16Bits(v))
	case 32:
		return uint64(math.Float32bits(float32(v)))
	default:
		return math.Float64bits(v)
	}
}
