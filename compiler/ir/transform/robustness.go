package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Robustness clamps every index into an array, matrix or vector so that no access leaves
// its object: pointer access chains, and extract/insert on values. An index that is not a
// constant in range becomes min(u32(index), count - 1); for a runtime-sized array the count
// is arrayLength of the pointer to it, for an override-sized one its count value.
//
// Texture accesses get the same treatment (see textureRobustness): textureLoad reads a
// texel within bounds, textureStore outside them does nothing, as WGSL allows.
func Robustness(m *ir.Module) {
	st := m.Staging()
	for _, f := range m.Funcs {
		b := ir.NewBuilder(f)
		var texels []*ir.Inst
		ir.Walk(f.Body, func(in *ir.Inst) {
			var t types.Type
			first := 1
			switch in.Op {
			case ir.OpBuiltin:
				if fn := in.Builtin(); fn == builtins.FnTextureLoad || fn == builtins.FnTextureStore {
					texels = append(texels, in)
				}
				return
			case ir.OpAccess:
				t = m.Type(in.Args[0]).(*types.Pointer).Elem
			case ir.OpExtract:
				t = m.Type(in.Args[0])
			case ir.OpInsert:
				t, first = m.Type(in.Args[0]), 2
			default:
				return
			}
			for i := first; i < len(in.Args); i++ {
				idx := in.Args[i]
				if _, ok := t.(*types.Struct); ok {
					t = ir.ElemType(t, int(m.Const(idx).Int()))
					continue
				}
				c := m.Const(idx)
				n := ir.NumElems(t)
				if c == nil || n == 0 || c.Int() < 0 || int(c.Int()) >= n {
					st.Before(b, in)
					in.Args[i] = clampIndex(m, b, in, i, t, idx)
				}
				t = ir.ElemType(t, 0)
			}
		})
		st.Place()
		textureRobustness(m, b, texels)
	}
}

func clampIndex(m *ir.Module, b *ir.Builder, in *ir.Inst, i int, t types.Type, idx ir.Value) ir.Value {
	if m.Type(idx) != types.Type(types.U32) {
		idx = b.Convert(types.U32, idx)
	}
	var last ir.Value
	switch a := t.(type) {
	case *types.Array:
		switch {
		case a.IsRuntimeSized():
			// The pointer to the array is the access chain so far.
			p := in.Args[0]
			if i > 1 {
				p = b.Access(in.Args[0], in.Args[1:i]...)
			}
			last = b.Sub(b.Builtin(builtins.FnArrayLength, p), m.ConstU32(1))
		case a.IsOverrideSized():
			n := m.ArrayCount(a)
			if m.Type(n) != types.Type(types.U32) {
				n = b.Convert(types.U32, n)
			}
			last = b.Sub(n, m.ConstU32(1))
		default:
			last = m.ConstU32(uint32(a.Count - 1))
		}
	default:
		last = m.ConstU32(uint32(ir.NumElems(t) - 1))
	}
	return b.Builtin(builtins.FnMin, idx, last)
}
