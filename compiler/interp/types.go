package interp

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// A value is held as words: its scalars in order (vector components, matrix columns one
// after the other, array elements, structure members, depth first), one 32-bit word each.
// bool is 0 or 1, i32 and u32 their bits, f32 its binary32 bits, f16 its binary16 bits in the
// low half. A pointer is two words, its region and its byte offset (see memory.go); a texture
// or a sampler one, the index of its global.
//
// The same value in memory has the layout of compiler/layout, the SPIR-V's: scalars of 4
// bytes (bool too, as 0 or 1), f16 of 2, at the offsets and strides of the layout. typeInfo
// describes both shapes of a type.

// typeInfo is what the interpreter knows of a type.
type typeInfo struct {
	t types.Type
	// words is the size of a value.
	words int
	// size is the size in memory (SizeOf; an override-sized array's with its count).
	size int
	// scalar is the scalar type of scalars, vectors, matrices and atomics.
	scalar *types.Scalar
	// dense reports that the memory is the words, 4 bytes each, in order, with no gap: a
	// load or store is a copy.
	dense bool
	// leaves locate each word in memory, for types of at most maxLeaves words that are not
	// dense: byte offsets, 2-byte ones for f16.
	leaves []leaf
	// For arrays: the element, the count and the stride in memory.
	elem   *typeInfo
	count  int
	stride int
	// For structures: the members, their first word in a value and their byte offsets.
	members     []*typeInfo
	memberWords []int
	memberOffs  []int
	// For matrices: the byte distance between columns.
	colStride int
	// runtime marks a runtime-sized array, or a structure ending in one.
	runtime bool
}

// leaf is one scalar of a value in memory.
type leaf struct {
	off  uint32
	half bool // an f16: 2 bytes
}

// maxLeaves bounds the leaves a type keeps: larger values are copied element by element.
const maxLeaves = 256

// info returns the typeInfo of t, computing it (and that of its parts) the first time. It is
// called while a Program is built only: Programs are read-only once made.
func (p *Program) info(t types.Type) *typeInfo {
	if ti, ok := p.types[t]; ok {
		return ti
	}
	ti := &typeInfo{t: t}
	lay := p.lay
	switch t := t.(type) {
	case *types.Scalar:
		ti.words, ti.size, ti.scalar = 1, scalarSize(t), t
	case *types.Atomic:
		ti.words, ti.size, ti.scalar = 1, 4, t.Elem
	case *types.Vector:
		ti.words, ti.size, ti.scalar = t.N, t.N*scalarSize(t.Elem), t.Elem
	case *types.Matrix:
		ti.words, ti.scalar = t.Cols*t.Rows, t.Elem
		ti.colStride = lay.MatrixStride(t)
		ti.size = t.Cols * ti.colStride
	case *types.Array:
		ti.elem = p.info(t.Elem)
		ti.stride = lay.ArrayStride(t)
		switch {
		case t.IsRuntimeSized():
			ti.runtime = true
		case t.IsOverrideSized():
			ti.count = p.arrayCount(t)
		default:
			ti.count = t.Count
		}
		ti.words = ti.count * ti.elem.words
		ti.size = ti.count * ti.stride
	case *types.Struct:
		sl := lay.Struct(t)
		ti.size = sl.Size
		for i, m := range t.Members {
			mi := p.info(m.Type)
			ti.members = append(ti.members, mi)
			ti.memberWords = append(ti.memberWords, ti.words)
			ti.memberOffs = append(ti.memberOffs, sl.Members[i].Offset)
			ti.words += mi.words
			if mi.runtime {
				ti.runtime = true
			}
		}
	case *types.Pointer:
		ti.words = 2
	case *types.Texture, *types.Sampler:
		ti.words = 1
	}
	p.types[t] = ti
	if !ti.runtime && ti.words <= maxLeaves && ti.words > 0 && ti.size > 0 {
		ti.leaves = make([]leaf, 0, ti.words)
		ti.collectLeaves(0)
		ti.dense = true
		for i, l := range ti.leaves {
			if l.half || l.off != uint32(4*i) {
				ti.dense = false
			}
		}
		if ti.dense {
			ti.leaves = nil
		}
	} else if ti.elem != nil && ti.elem.dense && ti.stride == 4*ti.elem.words {
		ti.dense = true
	}
	return ti
}

// collectLeaves appends the leaves of ti, placed at byte offset base.
func (ti *typeInfo) collectLeaves(base uint32) {
	switch t := ti.t.(type) {
	case *types.Scalar, *types.Atomic:
		ti.leaves = append(ti.leaves, leaf{off: base, half: ti.scalar.Kind == types.KindF16})
	case *types.Vector:
		sz := uint32(scalarSize(t.Elem))
		for i := range t.N {
			ti.leaves = append(ti.leaves, leaf{off: base + uint32(i)*sz, half: sz == 2})
		}
	case *types.Matrix:
		sz := uint32(scalarSize(t.Elem))
		for c := range t.Cols {
			for r := range t.Rows {
				ti.leaves = append(ti.leaves, leaf{off: base + uint32(c*ti.colStride) + uint32(r)*sz, half: sz == 2})
			}
		}
	default:
		// Arrays and structures: the leaves of their parts, moved.
		parts, offs := ti.parts()
		for i, part := range parts {
			if part.leaves == nil && !part.dense {
				part.leaves = make([]leaf, 0, part.words)
				part.collectLeaves(0)
			}
			if part.dense {
				for k := range part.words {
					ti.leaves = append(ti.leaves, leaf{off: base + uint32(offs[i]+4*k)})
				}
				continue
			}
			for _, l := range part.leaves {
				ti.leaves = append(ti.leaves, leaf{off: base + uint32(offs[i]) + l.off, half: l.half})
			}
		}
	}
}

// parts returns the constituents of an array or structure with their byte offsets.
func (ti *typeInfo) parts() ([]*typeInfo, []int) {
	if ti.elem != nil {
		parts, offs := make([]*typeInfo, ti.count), make([]int, ti.count)
		for i := range parts {
			parts[i], offs[i] = ti.elem, i*ti.stride
		}
		return parts, offs
	}
	return ti.members, ti.memberOffs
}

func scalarSize(s *types.Scalar) int {
	if s.Kind == types.KindF16 {
		return 2
	}
	return 4
}

// elemWords returns the words of constituent i of a composite value: its first word and
// its type.
func (ti *typeInfo) constituent(i int) (first int, part *typeInfo, ok bool) {
	switch t := ti.t.(type) {
	case *types.Vector:
		return i, nil, i >= 0 && i < t.N
	case *types.Matrix:
		return i * t.Rows, nil, i >= 0 && i < t.Cols
	case *types.Array:
		return i * ti.elem.words, ti.elem, i >= 0 && i < ti.count
	case *types.Struct:
		if i < 0 || i >= len(ti.members) {
			return 0, nil, false
		}
		return ti.memberWords[i], ti.members[i], true
	}
	return 0, nil, false
}

// arrayCount returns the element count of an override-sized array, from the module-scope
// value bound to it.
func (p *Program) arrayCount(a *types.Array) int {
	v := p.m.ArrayCount(a)
	if v == 0 {
		return 0
	}
	w, err := p.moduleValue(v)
	if err != nil || len(w) != 1 {
		return 0
	}
	return int(int32(w[0]))
}

// scalarOf returns the scalar type of a scalar, vector or matrix type.
func scalarOf(t types.Type) *types.Scalar { return types.ElemScalar(t) }

// valueType is the type of an IR value.
func (p *Program) valueType(v ir.Value) *typeInfo { return p.info(p.m.Type(v)) }
