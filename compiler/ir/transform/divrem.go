package transform

import (
	"math"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// IntDivRem gives integer division and remainder WGSL's semantics, which SPIR-V leaves
// undefined: e1 / 0 is e1, e1 % 0 is 0, and for i32 the most negative value divided by -1
// is itself (remainder 0). Both come from one rewrite: the divisor becomes 1 where it is 0
// (or -1 with a most negative dividend), via select.
//
// An i32 remainder also becomes e1 - e2 * (e1 / e2): Vulkan leaves OpSRem undefined when
// an operand is negative (unless VK_KHR_maintenance8), while OpSDiv truncates as WGSL's %
// needs.
//
// Module-scope override-expressions (OpSpecConstantOp) get the same rewrite: a negative
// remainder is defined there too, and a zero divisor, a pipeline-creation error WGSL's
// implementation cannot report from SPIR-V, at least gives a value rather than undefined
// behaviour.
func IntDivRem(m *ir.Module) {
	eachInst(m, []ir.Op{ir.OpDiv, ir.OpRem}, func(at stagedAt, in *ir.Inst) {
		if in.Op != ir.OpDiv && in.Op != ir.OpRem {
			return
		}
		s := types.ElemScalar(m.Type(in.Result))
		if !s.IsInteger() {
			return
		}
		signedRem := in.Op == ir.OpRem && s.Kind == types.KindI32
		x, y := in.Args[0], in.Args[1]
		guard := true
		if c := m.Const(y); c != nil && c.Elems == nil && !c.Zero {
			// A constant divisor other than 0 and -1 needs no guard.
			guard = c.Bits == 0 || (s.Kind != types.KindU32 && c.Int() == -1)
		}
		if !guard && !signedRem {
			return
		}
		b := at.before(in)
		t := m.Type(in.Result)
		x, y = splatOperands(b, t, x, y)
		if guard {
			bad := b.Eq(y, m.ConstSplat(t, m.ConstInt(s, 0)))
			if s.Kind == types.KindI32 {
				minInt := m.ConstSplat(t, m.ConstInt(s, math.MinInt32))
				negOne := m.ConstSplat(t, m.ConstInt(s, -1))
				bad = b.Or(bad, b.And(b.Eq(x, minInt), b.Eq(y, negOne)))
			}
			y = b.Select(bad, m.ConstSplat(t, m.ConstInt(s, 1)), y)
		}
		in.Args[0], in.Args[1] = x, y
		if signedRem {
			in.SetOp(ir.OpSub)
			in.Args[1] = b.Mul(b.Div(x, y), y)
		}
	})
}

// eachInst calls fn for every instruction of m's override-expressions and function
// bodies, with the means to add instructions before it. Functions that have none of the
// operations ops (see ir.Func.MayHave), the ones fn rewrites, are skipped.
func eachInst(m *ir.Module, ops []ir.Op, fn func(at stagedAt, in *ir.Inst)) {
	// The override-expressions are few: they get their instructions directly, which keeps
	// them in m.Exprs from the start (see ir.Module.IsModuleScope).
	at := stagedAt{b: m.ExprBuilder()}
	ir.Walk(m.Exprs, func(in *ir.Inst) { fn(at, in) })
	st := m.Staging()
	for _, f := range m.Funcs {
		if !mayHaveAny(f, ops) {
			continue
		}
		at := stagedAt{ir.NewBuilder(f), st}
		ir.Walk(f.Body, func(in *ir.Inst) { fn(at, in) })
		at.st.Place()
	}
}

// stagedAt adds instructions before those of the block being walked: staged (see
// ir.Staging) when st is set, directly otherwise.
type stagedAt struct {
	b  *ir.Builder
	st *ir.Staging
}

// before returns the builder, set to add instructions before in.
func (at stagedAt) before(in *ir.Inst) *ir.Builder {
	if at.st == nil {
		at.b.SetInsertBefore(in)
	} else {
		at.st.Before(at.b, in)
	}
	return at.b
}

// splatOperands makes both operands of a mixed scalar/vector operation vectors of type t.
func splatOperands(b *ir.Builder, t types.Type, x, y ir.Value) (ir.Value, ir.Value) {
	if _, ok := t.(*types.Vector); !ok {
		return x, y
	}
	m := b.Module()
	if _, ok := m.Type(x).(*types.Scalar); ok {
		x = b.Splat(t, x)
	}
	if _, ok := m.Type(y).(*types.Scalar); ok {
		y = b.Splat(t, y)
	}
	return x, y
}

// mayHaveAny reports whether f may have an instruction with one of the operations ops.
func mayHaveAny(f *ir.Func, ops []ir.Op) bool {
	for _, op := range ops {
		if f.MayHave(op) {
			return true
		}
	}
	return false
}
