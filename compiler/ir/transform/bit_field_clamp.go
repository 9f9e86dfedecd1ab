package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
)

// BitFieldClamp clamps the offset and count of extractBits and insertBits as WGSL does
// (o = min(offset, 32), c = min(count, 32 - o)); SPIR-V's bit-field instructions are
// undefined when offset + count exceeds the width.
func BitFieldClamp(m *ir.Module) {
	st := m.Staging()
	for _, f := range m.Funcs {
		if !f.MayCall(builtins.FnExtractBits) && !f.MayCall(builtins.FnInsertBits) {
			continue
		}
		b := ir.NewBuilder(f)
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op != ir.OpBuiltin {
				return
			}
			first := 1
			switch in.Builtin() {
			case builtins.FnExtractBits:
			case builtins.FnInsertBits:
				first = 2
			default:
				return
			}
			off, count := in.Args[first], in.Args[first+1]
			if co, cc := m.Const(off), m.Const(count); co != nil && cc != nil && co.Bits+cc.Bits <= 32 {
				return
			}
			st.Before(b, in)
			w := m.ConstU32(32)
			o := b.Builtin(builtins.FnMin, off, w)
			in.Args[first] = o
			in.Args[first+1] = b.Builtin(builtins.FnMin, count, b.Sub(w, o))
		})
		st.Place()
	}
}
