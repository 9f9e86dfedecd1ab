package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ShiftMask masks shift amounts to the operand's bit width (e2 & 31), as WGSL defines
// runtime shifts; SPIR-V leaves shifts by the width or more undefined. Override-expressions
// are masked too: there such a shift is a pipeline-creation error that SPIR-V cannot
// report, and a defined value is better than an undefined one.
func ShiftMask(m *ir.Module) {
	eachInst(m, []ir.Op{ir.OpShl, ir.OpShr}, func(at stagedAt, in *ir.Inst) {
		if in.Op != ir.OpShl && in.Op != ir.OpShr {
			return
		}
		y := in.Args[1]
		if c := m.Const(y); c != nil && c.Elems == nil && !c.Zero && c.Bits < 32 {
			return
		}
		bits := 8 * types.ElemScalar(m.Type(in.Args[0])).Size()
		b := at.before(in)
		in.Args[1] = b.And(y, m.ConstSplat(m.Type(y), m.ConstU32(uint32(bits-1))))
	})
}
