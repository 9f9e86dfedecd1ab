package spirv

import "encoding/binary"

// typeKey identifies a de-duplicated type: its opcode and up to three
// operand words (packed where a type has more).
type typeKey struct {
	op      Op
	a, b, c uint32
}

type scalarKind uint8

const (
	scalarBool scalarKind = iota + 1
	scalarInt
	scalarFloat
)

// scalarInfo is what constants need to know about their type.
type scalarInfo struct {
	kind   scalarKind
	width  uint32
	signed bool
}

// cachedType returns the id of the type with key k, emitting it with
// operands on first use.
func (b *Builder) cachedType(k typeKey, operands ...uint32) ID {
	if id, ok := b.types[k]; ok {
		return id
	}
	id := b.NewID()
	b.globals = append(append(b.globals, opWord(k.op, 2+len(operands)), id), operands...)
	b.types[k] = id
	return id
}

// cachedScalar is cachedType for scalar types, which constants look up.
func (b *Builder) cachedScalar(k typeKey, info scalarInfo, operands ...uint32) ID {
	if id, ok := b.types[k]; ok {
		return id
	}
	id := b.cachedType(k, operands...)
	b.scalars[id] = info
	return id
}

// TypeVoid returns OpTypeVoid.
func (b *Builder) TypeVoid() ID { return b.cachedType(typeKey{op: OpTypeVoid}) }

// TypeBool returns OpTypeBool.
func (b *Builder) TypeBool() ID {
	return b.cachedScalar(typeKey{op: OpTypeBool}, scalarInfo{kind: scalarBool})
}

// TypeInt returns OpTypeInt of the given width and signedness. Widths other
// than 32 declare the capability they need (Int8, Int16, Int64).
func (b *Builder) TypeInt(width uint32, signed bool) ID {
	s := uint32(0)
	if signed {
		s = 1
	}
	switch width {
	case 8:
		b.Capability(CapabilityInt8)
	case 16:
		b.Capability(CapabilityInt16)
	case 64:
		b.Capability(CapabilityInt64)
	}
	return b.cachedScalar(typeKey{op: OpTypeInt, a: width, b: s},
		scalarInfo{kind: scalarInt, width: width, signed: signed}, width, s)
}

// TypeFloat returns OpTypeFloat of the given width. Widths 16 and 64 declare
// the Float16 and Float64 capabilities.
func (b *Builder) TypeFloat(width uint32) ID {
	switch width {
	case 16:
		b.Capability(CapabilityFloat16)
	case 64:
		b.Capability(CapabilityFloat64)
	}
	return b.cachedScalar(typeKey{op: OpTypeFloat, a: width}, scalarInfo{kind: scalarFloat, width: width}, width)
}

// TypeVector returns OpTypeVector of n components of type elem.
func (b *Builder) TypeVector(elem ID, n uint32) ID {
	return b.cachedType(typeKey{op: OpTypeVector, a: elem, b: n}, elem, n)
}

// TypeMatrix returns OpTypeMatrix of n columns of vector type col.
func (b *Builder) TypeMatrix(col ID, n uint32) ID {
	return b.cachedType(typeKey{op: OpTypeMatrix, a: col, b: n}, col, n)
}

// TypeArray returns an OpTypeArray without an ArrayStride decoration;
// length is the id of a constant (see ConstantU32). The id is shared by every
// caller asking for the same array, so never decorate it: use
// TypeArrayStride for a strided array.
func (b *Builder) TypeArray(elem, length ID) ID {
	return b.cachedType(typeKey{op: OpTypeArray, a: elem, b: length}, elem, length)
}

// TypeArrayStride returns an OpTypeArray decorated with ArrayStride stride.
// Arrays with different strides, and decorated and undecorated arrays, are
// distinct types; stride 0 means undecorated, as TypeArray.
func (b *Builder) TypeArrayStride(elem, length ID, stride uint32) ID {
	if stride == 0 {
		return b.TypeArray(elem, length)
	}
	k := typeKey{op: OpTypeArray, a: elem, b: length, c: stride}
	if id, ok := b.types[k]; ok {
		return id
	}
	id := b.cachedType(k, elem, length)
	b.Decorate(id, DecorationArrayStride, stride)
	return id
}

// TypeRuntimeArray returns an OpTypeRuntimeArray without an ArrayStride
// decoration.
func (b *Builder) TypeRuntimeArray(elem ID) ID {
	return b.cachedType(typeKey{op: OpTypeRuntimeArray, a: elem}, elem)
}

// TypeRuntimeArrayStride returns an OpTypeRuntimeArray decorated with
// ArrayStride stride (see TypeArrayStride).
func (b *Builder) TypeRuntimeArrayStride(elem ID, stride uint32) ID {
	if stride == 0 {
		return b.TypeRuntimeArray(elem)
	}
	k := typeKey{op: OpTypeRuntimeArray, a: elem, c: stride}
	if id, ok := b.types[k]; ok {
		return id
	}
	id := b.cachedType(k, elem)
	b.Decorate(id, DecorationArrayStride, stride)
	return id
}

// TypeStruct returns a new OpTypeStruct every time: structs carry member
// decorations (Offset, Block...) that make equal shapes different types.
func (b *Builder) TypeStruct(members ...ID) ID {
	id := b.NewID()
	b.appendTypeLong(OpTypeStruct, id, members)
	return id
}

// TypeStructKeyed returns the struct type with the given members that was
// created with the same key, or a new one. The key names what the caller's
// decorations will make of the struct (e.g. "std430 Particle"); members are
// part of the identity too.
func (b *Builder) TypeStructKeyed(key string, members ...ID) ID {
	k := longKey('S', key, members)
	if id, ok := b.typesLong[k]; ok {
		return id
	}
	id := b.TypeStruct(members...)
	if b.typesLong == nil {
		b.typesLong = map[string]ID{}
	}
	b.typesLong[k] = id
	return id
}

// TypePointer returns OpTypePointer to elem in storage class sc. Before
// SPIR-V 1.3 the StorageBuffer class declares
// SPV_KHR_storage_buffer_storage_class.
func (b *Builder) TypePointer(sc StorageClass, elem ID) ID {
	if sc == StorageClassStorageBuffer && b.version < Version1_3 {
		b.Extension("SPV_KHR_storage_buffer_storage_class")
	}
	return b.cachedType(typeKey{op: OpTypePointer, a: uint32(sc), b: elem}, uint32(sc), elem)
}

// TypeFunction returns OpTypeFunction with the given return and parameter
// types.
func (b *Builder) TypeFunction(ret ID, params ...ID) ID {
	k := longKey('F', "", append([]ID{ret}, params...))
	if id, ok := b.typesLong[k]; ok {
		return id
	}
	id := b.NewID()
	b.appendTypeLong(OpTypeFunction, id, append([]ID{ret}, params...))
	if b.typesLong == nil {
		b.typesLong = map[string]ID{}
	}
	b.typesLong[k] = id
	return id
}

// ImageType is the operands of OpTypeImage.
type ImageType struct {
	SampledType  ID // scalar type of a texel component
	Dim          Dim
	Depth        uint32 // 0 not depth, 1 depth, 2 unknown
	Arrayed      bool
	Multisampled bool
	Sampled      uint32 // 1 sampled, 2 storage, 0 known at run time only
	Format       ImageFormat
}

// TypeImage returns OpTypeImage. Capabilities the image needs beyond Shader
// (Sampled1D, StorageImageExtendedFormats...) are the caller's to declare.
func (b *Builder) TypeImage(t ImageType) ID {
	bit := func(v bool) uint32 {
		if v {
			return 1
		}
		return 0
	}
	k := typeKey{op: OpTypeImage, a: t.SampledType, b: uint32(t.Dim),
		c: uint32(t.Format) | t.Depth<<16 | bit(t.Arrayed)<<18 | bit(t.Multisampled)<<19 | t.Sampled<<20}
	return b.cachedType(k, t.SampledType, uint32(t.Dim), t.Depth, bit(t.Arrayed), bit(t.Multisampled), t.Sampled, uint32(t.Format))
}

// TypeSampler returns OpTypeSampler.
func (b *Builder) TypeSampler() ID { return b.cachedType(typeKey{op: OpTypeSampler}) }

// TypeSampledImage returns OpTypeSampledImage of image type img.
func (b *Builder) TypeSampledImage(img ID) ID {
	return b.cachedType(typeKey{op: OpTypeSampledImage, a: img}, img)
}

func (b *Builder) appendTypeLong(op Op, id ID, operands []ID) {
	if 2+len(operands) > maxWordCount {
		b.fail("%v with %d operands does not fit an instruction", op, len(operands))
		return
	}
	b.globals = append(append(b.globals, opWord(op, 2+len(operands)), id), operands...)
}

// longKey makes a map key of a tag, a string and words.
func longKey(tag byte, s string, words []uint32) string {
	buf := make([]byte, 0, 1+len(s)+1+4*len(words))
	buf = append(append(append(buf, tag), s...), 0)
	for _, w := range words {
		buf = binary.LittleEndian.AppendUint32(buf, w)
	}
	return string(buf)
}
