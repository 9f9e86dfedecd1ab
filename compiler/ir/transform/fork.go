package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ForkExplicitLayout gives host-shareable memory (uniform, storage and push-constant
// variables, and pointer parameters into them) types that carry their layout explicitly:
// a structure becomes a twin whose members all have offsets, an array a twin with a stride.
// The SPIR-V backend decorates exactly those types with Offset and ArrayStride, so the plain
// types stay undecorated for function, private and workgroup memory, where SPIR-V 1.4 and
// later forbid explicit layouts. Loads from host-shareable memory convert the value to the
// plain type and stores convert it back (OpConvert between layout twins), so every other
// instruction keeps its types.
func ForkExplicitLayout(m *ir.Module, lay *layout.Layouts) {
	f := &forker{m: m, lay: lay, twins: map[types.Type]types.Type{}, retyped: make([]bool, m.NumValues())}
	for _, g := range m.Globals {
		if hostShareable(g.Space) {
			if t := f.explicit(g.Type); t != g.Type {
				m.SetGlobalType(g, t)
			}
			f.retyped[g.Value] = true
		}
	}
	for _, fn := range m.Funcs {
		for _, p := range fn.Params {
			if pt, ok := m.Type(p).(*types.Pointer); ok && hostShareable(pt.Space) {
				m.SetType(p, &types.Pointer{Space: pt.Space, Elem: f.explicit(pt.Elem), Access: pt.Access})
				f.retyped[p] = true
			}
		}
	}
	for _, fn := range m.Funcs {
		b := ir.NewBuilder(fn)
		ir.Walk(fn.Body, func(in *ir.Inst) { f.inst(b, in) })
	}
}

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

func hostShareable(as types.AddressSpace) bool {
	return as == types.AddrUniform || as == types.AddrStorage || as == types.AddrImmediate
}

type forker struct {
	m     *ir.Module
	lay   *layout.Layouts
	twins map[types.Type]types.Type
	// retyped marks the pointers into explicitly laid out memory, indexed by value: a table
	// rather than a map, since every access, load and store asks.
	retyped []bool
}

// isRetyped reports whether v points into explicitly laid out memory (values made by the
// pass itself never do).
func (f *forker) isRetyped(v ir.Value) bool { return int(v) < len(f.retyped) && f.retyped[v] }

// explicit returns the explicitly laid out twin of t (t itself for types without layout
// decorations, and for types that already are explicit).
func (f *forker) explicit(t types.Type) types.Type {
	if tw, ok := f.twins[t]; ok {
		return tw
	}
	var tw types.Type = t
	switch t := t.(type) {
	case *types.Struct:
		if explicitStruct(t) {
			break // already laid out explicitly (by Std140, or in the 2021 dialect)
		}
		sl := f.lay.Struct(t)
		st := &types.Struct{Name: t.Name, Span: t.Span, Block: t.Block, Members: make([]*types.Member, len(t.Members))}
		mems := make([]types.Member, len(t.Members)) // one allocation for the members
		for i, mem := range t.Members {
			nm := &mems[i]
			*nm = *mem
			nm.Type = f.explicit(mem.Type)
			nm.Offset = sl.Members[i].Offset
			st.Members[i] = nm
		}
		tw = st
	case *types.Array:
		stride := t.Stride
		if stride == 0 {
			stride = f.lay.ArrayStride(t)
		}
		elem := f.explicit(t.Elem)
		if elem != t.Elem || stride != t.Stride {
			tw = &types.Array{Elem: elem, Count: t.Count, CountOverride: t.CountOverride, CountName: t.CountName,
				Stride: stride, StrideSpan: t.StrideSpan}
		}
	}
	f.twins[t] = tw
	f.twins[tw] = tw
	return tw
}

func (f *forker) inst(b *ir.Builder, in *ir.Inst) {
	m := f.m
	switch in.Op {
	case ir.OpAccess:
		if !f.isRetyped(in.Args[0]) {
			return
		}
		base := m.Type(in.Args[0]).(*types.Pointer)
		e := base.Elem
		for _, i := range in.Args[1:] {
			k := 0
			if c := m.Const(i); c != nil {
				k = int(c.Int())
			}
			e = ir.ElemType(e, k)
		}
		m.SetType(in.Result, &types.Pointer{Space: base.Space, Elem: e, Access: base.Access})
		f.retyped[in.Result] = true
	case ir.OpLoad:
		if !f.isRetyped(in.Args[0]) {
			return
		}
		e := m.Type(in.Args[0]).(*types.Pointer).Elem
		plain := m.Type(in.Result)
		if types.Identical(e, plain) {
			return
		}
		// Load the twin, and turn this instruction into the conversion to the plain type.
		b.SetInsertBefore(in)
		loaded := b.Load(in.Args[0])
		in.SetOp(ir.OpConvert)
		in.Args[0] = loaded
	case ir.OpStore:
		if !f.isRetyped(in.Args[0]) {
			return
		}
		e := m.Type(in.Args[0]).(*types.Pointer).Elem
		if types.Identical(e, m.Type(in.Args[1])) {
			return
		}
		b.SetInsertBefore(in)
		in.Args[1] = b.Convert(e, in.Args[1])
	}
}
