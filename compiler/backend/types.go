package backend

import (
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// storageClass maps a WGSL address space to its SPIR-V storage class.
func storageClass(as types.AddressSpace) spirv.StorageClass {
	switch as {
	case types.AddrFunction:
		return spirv.StorageClassFunction
	case types.AddrPrivate:
		return spirv.StorageClassPrivate
	case types.AddrWorkgroup:
		return spirv.StorageClassWorkgroup
	case types.AddrUniform:
		return spirv.StorageClassUniform
	case types.AddrStorage:
		return spirv.StorageClassStorageBuffer
	case types.AddrHandle:
		return spirv.StorageClassUniformConstant
	case types.AddrImmediate:
		return spirv.StorageClassPushConstant
	case types.AddrIn:
		return spirv.StorageClassInput
	case types.AddrOut:
		return spirv.StorageClassOutput
	}
	return spirv.StorageClassFunction
}

// isBufferSpace reports whether variables of as are Block-decorated buffers.
func isBufferSpace(as types.AddressSpace) bool {
	return as == types.AddrUniform || as == types.AddrStorage || as == types.AddrImmediate
}

// explicitStruct reports whether s carries an explicit layout (every member has an offset):
// the structures ForkExplicitLayout makes for host-shareable memory, and 2021-draft ones.
func explicitStruct(s *types.Struct) bool {
	if len(s.Members) == 0 || s.Builtin {
		return false
	}
	for _, m := range s.Members {
		if m.Offset < 0 {
			return false
		}
	}
	return true
}

// typeID returns the SPIR-V type of t. Arrays with a Stride and structures with explicit
// offsets are the decorated types of host-shareable memory; everything else is plain.
func (e *emitter) typeID(t types.Type) spirv.ID {
	if p, ok := t.(*types.Pointer); ok {
		// The IR makes pointer types afresh for many of its values: the table of pointer
		// types, keyed by storage class and pointee, is the cache, not the table of types.
		return e.ptrType(p.Space, p.Elem)
	}
	slot := e.canonSlot(t)
	if slot != nil && *slot != 0 {
		return *slot
	}
	if id, ok := e.types[t]; ok {
		return id
	}
	b := e.b
	var id spirv.ID
	switch t := t.(type) {
	case *types.Void:
		id = b.TypeVoid()
	case *types.Scalar:
		switch t.Kind {
		case types.KindBool:
			id = b.TypeBool()
		case types.KindI32:
			id = b.TypeInt(32, true)
		case types.KindU32:
			id = b.TypeInt(32, false)
		case types.KindF32:
			id = b.TypeFloat(32)
		case types.KindF16:
			id = b.TypeFloat(16)
		default:
			e.internal("abstract type %v", t)
		}
	case *types.Vector:
		id = b.TypeVector(e.typeID(t.Elem), uint32(t.N))
	case *types.Matrix:
		id = b.TypeMatrix(e.typeID(t.Column()), uint32(t.Cols))
	case *types.Atomic:
		id = e.typeID(t.Elem)
	case *types.Array:
		elem := e.typeID(t.Elem)
		switch {
		case t.IsRuntimeSized():
			stride := t.Stride
			if stride == 0 {
				stride = e.lay.ArrayStride(t)
			}
			id = b.TypeRuntimeArrayStride(elem, uint32(stride))
		default:
			var n spirv.ID
			stride := uint32(t.Stride)
			if t.IsOverrideSized() {
				v := e.m.ArrayCount(t)
				if v == 0 {
					e.internal("array count %s has no value (ir.Module.BindArrayCount)", t.CountName)
				}
				if o := e.m.Override(v); o != nil {
					if dc := e.m.Const(o.Default); dc != nil && (dc.Bits == 0 || o.Type == types.I32 && int32(uint32(dc.Bits)) < 0) {
						e.failDecl(o.Name, "override '%s' sizes an array but its default is not positive; SPIR-V needs a positive default length: give it a default of at least 1, or set it with --override", o.Name)
					}
				}
				n = e.value(v)
			} else {
				n = e.constU32(uint32(t.Count))
				if stride == 0 {
					stride = e.sharedStride[arrayKey{uint32(elem), uint32(n)}]
				}
			}
			id = b.TypeArrayStride(elem, n, stride)
		}
	case *types.Struct:
		if x, ok := e.shared[t]; ok {
			id = e.typeID(x)
			break
		}
		members := make([]spirv.ID, len(t.Members))
		for i, m := range t.Members {
			members[i] = e.typeID(m.Type)
		}
		id = b.TypeStruct(members...)
		e.name(id, t.Name)
		for i, m := range t.Members {
			if !e.opts.NoNames {
				b.MemberName(id, uint32(i), m.Name)
			}
		}
		if explicitStruct(t) {
			sl := e.lay.Struct(t)
			for i := range t.Members {
				ml := sl.Members[i]
				b.MemberDecorate(id, uint32(i), spirv.DecorationOffset, uint32(ml.Offset))
				if ml.MatrixStride != 0 {
					b.MemberDecorate(id, uint32(i), spirv.DecorationColMajor)
					b.MemberDecorate(id, uint32(i), spirv.DecorationMatrixStride, uint32(ml.MatrixStride))
				}
			}
		}
	case *types.Texture:
		id = e.imageType(t)
	case *types.Sampler:
		id = b.TypeSampler()
	default:
		e.internal("type %v is not supported yet", t)
	}
	e.types[t] = id
	if slot != nil {
		*slot = id
	}
	return id
}

// canonIDs holds the ids of the scalar, vector and matrix types, which are canonical (one
// pointer per shape): the most asked-for types are found without hashing.
type canonIDs struct {
	scalars  [8]spirv.ID
	vectors  [8][3]spirv.ID
	matrices [8][3][3]spirv.ID
}

// canonSlot returns where the id of canonical type t is kept, or nil for other types.
func (e *emitter) canonSlot(t types.Type) *spirv.ID {
	switch t := t.(type) {
	case *types.Scalar:
		return &e.canon.scalars[t.Kind]
	case *types.Vector:
		return &e.canon.vectors[t.Elem.Kind][t.N-2]
	case *types.Matrix:
		return &e.canon.matrices[t.Elem.Kind][t.Cols-2][t.Rows-2]
	}
	return nil
}

func (e *emitter) ptrType(as types.AddressSpace, elem types.Type) spirv.ID {
	return e.ptrTypeID(storageClass(as), e.typeID(elem))
}

func (e *emitter) ptrTypeID(sc spirv.StorageClass, elem spirv.ID) spirv.ID {
	k := ptrKey{sc, elem}
	if id, ok := e.ptrs[k]; ok {
		return id
	}
	id := e.b.TypePointer(sc, elem)
	e.ptrs[k] = id
	return id
}

// matrixIn returns the matrix type at the bottom of t's (nested) arrays, or nil.
func matrixIn(t types.Type) *types.Matrix {
	for {
		switch u := t.(type) {
		case *types.Matrix:
			return u
		case *types.Array:
			t = u.Elem
		default:
			return nil
		}
	}
}
