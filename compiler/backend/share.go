package backend

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Before SPIR-V 1.4, explicit layout decorations are allowed on types used in any storage
// class, so a plain composite and its explicitly laid out twin (transform.ForkExplicitLayout)
// can be one SPIR-V type: the decorated one. That saves the duplicate type, its names, and
// the member-by-member copies between the twins that OpCopyLogical would otherwise replace.
//
// shareConvert pairs every plain type with the first explicit twin an OpConvert between
// layout twins relates it to (nested members and elements too); typeID then emits the twin
// for the plain type. Later conversions between the plain type and another twin (a std140
// one, say) stay member by member, between distinct SPIR-V types.
//
// scan calls shareConvert for each OpConvert, before SPIR-V 1.4.
func (e *emitter) shareConvert(in *ir.Inst) {
	to, from := e.m.Type(in.Result), e.m.Type(in.Args[0])
	switch to.(type) {
	case *types.Struct, *types.Array:
	default:
		return
	}
	if types.Identical(to, from) || !ir.LayoutTwins(to, from) {
		return
	}
	if explicitType(from) && !explicitType(to) {
		e.pairTwin(to, from)
	} else if explicitType(to) && !explicitType(from) {
		e.pairTwin(from, to)
	}
}

// explicitType reports whether t is a composite carrying an explicit layout.
func explicitType(t types.Type) bool {
	switch t := t.(type) {
	case *types.Struct:
		return explicitStruct(t)
	case *types.Array:
		return t.Stride != 0
	}
	return false
}

// arrayKey is an array type as the SPIR-V builder caches it, without its stride.
type arrayKey struct{ elem, length uint32 }

// pairTwin records that plain type p is emitted as its twin x, and so on down the members.
// Structures are nominal: p itself maps to x. Arrays are structural: every unstrided array
// of p's SPIR-V element type and length gets x's stride.
func (e *emitter) pairTwin(p, x types.Type) {
	if types.Identical(p, x) || !explicitType(x) || explicitType(p) {
		return
	}
	switch p := p.(type) {
	case *types.Struct:
		if _, ok := e.shared[p]; ok {
			return
		}
		if e.shared == nil {
			e.shared = map[types.Type]types.Type{}
		}
		e.shared[p] = x
		xs := x.(*types.Struct)
		for i, m := range p.Members {
			e.pairTwin(m.Type, xs.Members[i].Type)
		}
	case *types.Array:
		xa := x.(*types.Array)
		if p.IsRuntimeSized() || p.IsOverrideSized() {
			return
		}
		e.pairTwin(p.Elem, xa.Elem)
		k := arrayKey{uint32(e.typeID(p.Elem)), uint32(e.constU32(uint32(p.Count)))}
		if _, ok := e.sharedStride[k]; !ok {
			if e.sharedStride == nil {
				e.sharedStride = map[arrayKey]uint32{}
			}
			e.sharedStride[k] = uint32(xa.Stride)
		}
	}
}
