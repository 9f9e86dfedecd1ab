package transform

import (
	"math"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Fold replaces instructions whose operands are all constants by their constant results,
// with WGSL's runtime semantics (wrapping integer arithmetic, x/0 = x, x%0 = 0, masked shift
// amounts, saturating float → int conversion): arithmetic, comparisons, logic, select,
// conversions, bitcasts, construction, splats, swizzles and extraction. Folded instructions
// are removed; module-scope expressions fold too.
func Fold(m *ir.Module) {
	// repl maps a folded instruction's result to its constant (0: not folded), indexed by
	// value; the walk rewrites the operands of every instruction after it (definitions come
	// before uses), so that folding goes on through them.
	repl := make([]ir.Value, m.NumValues())
	folded := false
	get := func(v ir.Value) ir.Value {
		if int(v) < len(repl) && repl[v] != 0 {
			return repl[v]
		}
		return v
	}
	ir.WalkModule(m, func(in *ir.Inst) {
		if folded {
			for i, a := range in.Args {
				in.Args[i] = get(a)
			}
			for _, c := range in.Cases() {
				for i, v := range c.Values {
					c.Values[i] = get(v)
				}
			}
		}
		if in.Result == 0 || !in.Op.IsPure() {
			return
		}
		for _, a := range in.Args {
			if m.Const(a) == nil {
				return
			}
		}
		if c, ok := foldInst(m, in); ok {
			repl[in.Result] = c
			folded = true
		}
	})
	if !folded {
		return
	}
	ir.ReplaceOutsideInsts(m, get)
	ir.RemoveInsts(m, func(in *ir.Inst) bool { return get(in.Result) != in.Result })
}

func foldInst(m *ir.Module, in *ir.Inst) (ir.Value, bool) {
	rt := m.Type(in.Result)
	arg := func(i int) *ir.Constant { return m.Const(in.Args[i]) }
	switch in.Op {
	case ir.OpConstruct:
		if mt, ok := rt.(*types.Matrix); ok && len(in.Args) == mt.Cols*mt.Rows {
			cols := make([]ir.Value, mt.Cols)
			for c := range cols {
				cols[c] = m.ConstComposite(mt.Column(), in.Args[c*mt.Rows:(c+1)*mt.Rows]...)
			}
			return m.ConstComposite(mt, cols...), true
		}
		if vt, ok := rt.(*types.Vector); ok {
			var comps []ir.Value
			for i := range in.Args {
				comps = append(comps, components(m, in.Args[i])...)
			}
			if len(comps) != vt.N {
				return 0, false
			}
			return m.ConstComposite(vt, comps...), true
		}
		return m.ConstComposite(rt, in.Args...), true
	case ir.OpSplat:
		return m.ConstSplat(rt, in.Args[0]), true
	case ir.OpSwizzle:
		comps := components(m, in.Args[0])
		sel := in.Swizzle()
		if len(sel) == 1 {
			return comps[sel[0]], true
		}
		out := make([]ir.Value, len(sel))
		for i, c := range sel {
			out[i] = comps[c]
		}
		return m.ConstComposite(rt, out...), true
	case ir.OpExtract:
		v := in.Args[0]
		for _, i := range in.Args[1:] {
			c := m.Const(v)
			n := ir.NumElems(c.Type)
			k := int(m.Const(i).Int())
			if k < 0 || k >= n {
				return 0, false
			}
			v = m.ConstElem(c, k)
		}
		return v, true
	case ir.OpSelect:
		cond := components(m, in.Args[0])
		if len(cond) == 1 {
			if arg(0).Bool() {
				return in.Args[1], true
			}
			return in.Args[2], true
		}
		t, f := components(m, in.Args[1]), components(m, in.Args[2])
		out := make([]ir.Value, len(cond))
		for i := range out {
			if m.Const(cond[i]).Bool() {
				out[i] = t[i]
			} else {
				out[i] = f[i]
			}
		}
		return m.ConstComposite(rt, out...), true
	case ir.OpConvert, ir.OpBitcast, ir.OpNeg, ir.OpNot:
		if types.ElemScalar(rt) == nil {
			return 0, false
		}
		if _, ok := rt.(*types.Matrix); ok {
			return 0, false
		}
		src := components(m, in.Args[0])
		if in.Op == ir.OpBitcast && len(src) != ir.NumElemsOrOne(rt) {
			return 0, false // vec2<f16> <-> u32 and friends
		}
		out := make([]ir.Value, len(src))
		rs := types.ElemScalar(rt)
		for i, x := range src {
			out[i] = foldUnary(m, in.Op, rs, m.Const(x))
		}
		return shaped(m, rt, out), true
	}
	if in.Op.IsBinary() {
		if _, ok := rt.(*types.Matrix); ok {
			return 0, false
		}
		tx, ty := m.Type(in.Args[0]), m.Type(in.Args[1])
		if _, ok := tx.(*types.Matrix); ok {
			return 0, false
		}
		if _, ok := ty.(*types.Matrix); ok {
			return 0, false
		}
		xs, ys := components(m, in.Args[0]), components(m, in.Args[1])
		n := max(len(xs), len(ys))
		out := make([]ir.Value, n)
		s := types.ElemScalar(tx)
		for i := range out {
			x, y := xs[min(i, len(xs)-1)], ys[min(i, len(ys)-1)]
			out[i] = foldBinary(m, in.Op, s, m.Const(x), m.Const(y))
		}
		return shaped(m, rt, out), true
	}
	return 0, false
}

// components returns the scalar components of a scalar or vector constant.
func components(m *ir.Module, v ir.Value) []ir.Value {
	c := m.Const(v)
	vt, ok := c.Type.(*types.Vector)
	if !ok {
		return []ir.Value{v}
	}
	out := make([]ir.Value, vt.N)
	for i := range out {
		out[i] = m.ConstElem(c, i)
	}
	return out
}

func shaped(m *ir.Module, t types.Type, comps []ir.Value) ir.Value {
	if _, ok := t.(*types.Vector); ok {
		return m.ConstComposite(t, comps...)
	}
	return comps[0]
}

func foldUnary(m *ir.Module, op ir.Op, to *types.Scalar, x *ir.Constant) ir.Value {
	from := x.Scalar()
	switch op {
	case ir.OpNeg:
		if from.IsFloat() {
			return m.ConstFloat(from, -x.Float())
		}
		return m.ConstInt(from, -x.Int())
	case ir.OpNot:
		if from == types.Bool {
			return m.ConstBool(!x.Bool())
		}
		return m.ConstScalar(from, ^x.Bits)
	case ir.OpBitcast:
		return m.ConstScalar(to, x.Bits)
	}
	// Conversion.
	switch {
	case from == to:
		return m.ConstScalar(to, x.Bits)
	case to == types.Bool:
		if from.IsFloat() {
			return m.ConstBool(x.Float() != 0 || math.IsNaN(x.Float()))
		}
		return m.ConstBool(x.Bits != 0)
	case from == types.Bool:
		if to.IsFloat() {
			return m.ConstFloat(to, float64(x.Bits))
		}
		return m.ConstInt(to, int64(x.Bits))
	case from.IsFloat() && to.IsFloat():
		return m.ConstFloat(to, x.Float())
	case from.IsFloat():
		f := math.Trunc(x.Float())
		lo, hi := intRange(from, to)
		switch {
		case math.IsNaN(f):
			f = 0
		case f < lo:
			f = lo
		case f > hi:
			f = hi
		}
		return m.ConstInt(to, int64(f))
	case to.IsFloat():
		return m.ConstFloat(to, float64(x.Int()))
	}
	return m.ConstScalar(to, x.Bits) // i32 <-> u32
}

func foldBinary(m *ir.Module, op ir.Op, s *types.Scalar, x, y *ir.Constant) ir.Value {
	r := ir.EvalBinary(op, s.Kind, x.Bits, y.Bits)
	if op.IsComparison() {
		return m.ConstBool(r != 0)
	}
	return m.ConstScalar(s, r)
}
