package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// PruneClamps removes the u32 min(x, y) whose result is always x because x <= y can be
// proved: mostly the bounds clamps of Robustness on indices the program already checked.
// It runs after CSE, so that equal values are the same value. What it knows of a value:
//
//   - an upper bound from how it is computed: a constant; x % c and x & c; min, select;
//     x >> c; local_invocation_index and local_invocation_id loaded in a compute entry point
//     with a constant workgroup size; a call of a function whose every return value has
//     such a bound;
//   - facts from the conditions that guard it: in the then block of `if a < b` (and the
//     other comparisons, !, & and |, and the ifs that && and || become), and after an if
//     whose then or else block does not come back (an early return or break), the
//     condition's truth holds.
//
// min(x, y) is x when x is already min(a, y) (integers, vectors too), when x < L is known
// and y is L - 1 (a runtime-sized array's last index:
// L is its arrayLength), or when the upper bound of x is at most y's constant value.
// Nothing else changes, so an index not proved in bounds stays clamped.
func PruneClamps(m *ir.Module) {
	p := &pruner{m: m, facts: map[ir.Value][]bound{}, repl: map[ir.Value]ir.Value{},
		rets: map[*ir.Func]retBound{}, exits: exits{}}
	for _, f := range m.Funcs {
		p.f = f
		p.block(f.Body)
		clear(p.repl)
	}
}

// bound is a fact x < v (x <= v when !strict).
type bound struct {
	v      ir.Value
	strict bool
}

type pruner struct {
	m     *ir.Module
	f     *ir.Func
	facts map[ir.Value][]bound
	log   []ir.Value // the values facts were added to, in order, for popping scopes
	repl  map[ir.Value]ir.Value
	rets  map[*ir.Func]retBound
	exits exits // the pass changes no control flow
}

func (p *pruner) block(blk *ir.Block) {
	mark := len(p.log)
	for _, in := range blk.Insts {
		if len(p.repl) > 0 {
			for i, a := range in.Args {
				if r, ok := p.repl[a]; ok {
					in.Args[i] = r
				}
			}
		}
		switch in.Op {
		case ir.OpIf:
			cond := in.Args[0]
			m := len(p.log)
			p.assume(cond, true, 0)
			p.block(in.Then())
			p.pop(m)
			p.assume(cond, false, 0)
			p.block(in.Else())
			p.pop(m)
			// What holds after the if: the condition of the only block that comes back.
			thenBack, elseBack := p.exits.reaches(in.Then(), in), p.exits.reaches(in.Else(), in)
			if thenBack && !elseBack {
				p.assume(cond, true, 0)
			} else if elseBack && !thenBack {
				p.assume(cond, false, 0)
			}
			continue
		case ir.OpLoop, ir.OpSwitch:
			for _, nb := range in.Blocks() {
				m := len(p.log)
				p.block(nb)
				p.pop(m)
			}
			continue
		}
		if in.Op == ir.OpBuiltin && in.Builtin() == builtins.FnMin && in.Result != 0 &&
			(p.clampedBy(in.Args[0], in.Args[1]) ||
				p.m.Type(in.Result) == types.Type(types.U32) && p.provedLE(in.Args[0], in.Args[1])) {
			x := in.Args[0]
			name, xname := p.m.Name(in.Result), p.m.Name(x)
			if name == "" || name == xname || xname == "" && p.m.Kind(x) == ir.KindInst {
				if name != "" {
					p.m.SetName(x, name)
				}
				p.repl[in.Result] = x // its uses come later in the walk
			}
		}
	}
	p.pop(mark)
}

// clampedBy reports whether x is min(a, y) for an integer x: min(x, y) is then x (a
// texel coordinate clamped twice to the same size, say).
func (p *pruner) clampedBy(x, y ir.Value) bool {
	d := p.m.Def(x)
	s := types.ElemScalar(p.m.Type(x))
	return d != nil && d.Op == ir.OpBuiltin && d.Builtin() == builtins.FnMin && p.sameValue(d.Args[1], y) &&
		s != nil && s.IsInteger()
}

// sameValue reports whether a and b are equal: the same value, or the same binary operation
// of the same first operand and of constants that are equal once a scalar is splatted
// (size - 1u and size - vec2(1u)).
func (p *pruner) sameValue(a, b ir.Value) bool {
	if a == b {
		return true
	}
	da, db := p.m.Def(a), p.m.Def(b)
	if da == nil || db == nil || da.Op != db.Op || !da.Op.IsBinary() || da.Args[0] != db.Args[0] ||
		!types.Identical(p.m.Type(a), p.m.Type(b)) {
		return false
	}
	ca, okA := p.splatBits(da.Args[1])
	cb, okB := p.splatBits(db.Args[1])
	return okA && okB && ca == cb
}

// splatBits returns the bits of a scalar constant or of a vector constant whose components
// are all the same.
func (p *pruner) splatBits(v ir.Value) (uint64, bool) {
	c := p.m.Const(v)
	switch {
	case c == nil:
		return 0, false
	case c.Elems == nil:
		return c.Bits, true // a scalar, or a zero vector
	}
	first, ok := p.splatBits(c.Elems[0])
	for _, e := range c.Elems[1:] {
		if x, ok2 := p.splatBits(e); !ok || !ok2 || x != first {
			return 0, false
		}
	}
	return first, ok
}

func (p *pruner) pop(mark int) {
	for i := len(p.log) - 1; i >= mark; i-- {
		x := p.log[i]
		fs := p.facts[x]
		if len(fs) == 1 {
			delete(p.facts, x)
		} else {
			p.facts[x] = fs[:len(fs)-1]
		}
	}
	p.log = p.log[:mark]
}

func (p *pruner) add(x, v ir.Value, strict bool) {
	if p.m.Type(x) != types.Type(types.U32) {
		return
	}
	p.facts[x] = append(p.facts[x], bound{v, strict})
	p.log = append(p.log, x)
}

// assume records what cond == truth implies.
func (p *pruner) assume(cond ir.Value, truth bool, depth int) {
	in := p.m.Def(cond)
	if in == nil || depth > 4 {
		return
	}
	switch in.Op {
	case ir.OpNot:
		p.assume(in.Args[0], !truth, depth+1)
		return
	case ir.OpAnd, ir.OpOr:
		if p.m.Type(cond) == types.Type(types.Bool) && (in.Op == ir.OpAnd) == truth {
			p.assume(in.Args[0], truth, depth+1)
			p.assume(in.Args[1], truth, depth+1)
		}
		return
	case ir.OpIf:
		p.assumeIfResult(in, cond, truth, depth)
		return
	}
	if len(in.Args) != 2 || p.m.Type(in.Args[0]) != types.Type(types.U32) {
		return
	}
	a, b := in.Args[0], in.Args[1]
	op := in.Op
	if !truth {
		switch op {
		case ir.OpLt:
			op = ir.OpGe
		case ir.OpLe:
			op = ir.OpGt
		case ir.OpGt:
			op = ir.OpLe
		case ir.OpGe:
			op = ir.OpLt
		default:
			return
		}
	}
	switch op {
	case ir.OpLt:
		p.add(a, b, true)
	case ir.OpLe:
		p.add(a, b, false)
	case ir.OpGt:
		p.add(b, a, true)
	case ir.OpGe:
		p.add(b, a, false)
	}
}

// assumeIfResult handles a condition that is a result of an if whose one block delivers a
// constant (the lowering of && and ||): the result's truth tells which block ran.
func (p *pruner) assumeIfResult(x *ir.Inst, v ir.Value, truth bool, depth int) {
	k := -1
	for i, r := range x.Results() {
		if r == v {
			k = i
		}
	}
	delivered := func(blk *ir.Block) (ir.Value, bool) {
		t := blk.Terminator()
		if t == nil || t.Op != ir.OpExitIf || k >= len(t.Args) {
			return 0, false
		}
		return t.Args[k], true
	}
	tv, tok := delivered(x.Then())
	ev, eok := delivered(x.Else())
	constIs := func(v ir.Value, want bool) bool {
		c := p.m.Const(v)
		return c != nil && c.Type == types.Type(types.Bool) && c.Bool() == want
	}
	switch {
	case k < 0 || !tok || !eok:
	case constIs(tv, !truth): // the then block did not run
		p.assume(x.Args[0], false, depth+1)
		p.assume(ev, truth, depth+1)
	case constIs(ev, !truth): // the else block did not run
		p.assume(x.Args[0], true, depth+1)
		p.assume(tv, truth, depth+1)
	}
}

// provedLE reports whether x <= y always holds where the facts hold.
func (p *pruner) provedLE(x, y ir.Value) bool {
	// x < L and y = L - 1.
	if sub := p.m.Def(y); sub != nil && sub.Op == ir.OpSub && isConstOne(p.m, sub.Args[1]) {
		for _, f := range p.facts[x] {
			if f.strict && f.v == sub.Args[0] {
				return true
			}
		}
	}
	c := p.m.Const(y)
	if c == nil {
		return false
	}
	ub, ok := p.upper(x, 0)
	return ok && ub <= uint32(c.Bits)
}

// upper returns an upper bound of the u32 value x.
func (p *pruner) upper(x ir.Value, depth int) (uint32, bool) {
	if c := p.m.Const(x); c != nil {
		return uint32(c.Bits), true
	}
	if depth > 4 {
		return 0, false
	}
	best, ok := uint32(0), false
	better := func(u uint32) {
		if !ok || u < best {
			best, ok = u, true
		}
	}
	for _, f := range p.facts[x] {
		if u, ok := p.upper(f.v, depth+1); ok {
			if f.strict {
				if u == 0 {
					continue // x < 0 cannot hold: the code is unreachable, prove nothing
				}
				u--
			}
			better(u)
		}
	}
	in := p.m.Def(x)
	if in == nil {
		return best, ok
	}
	arg := func(i int) (uint32, bool) { return p.upper(in.Args[i], depth+1) }
	switch in.Op {
	case ir.OpRem:
		if c := p.m.Const(in.Args[1]); c != nil && c.Bits != 0 {
			better(uint32(c.Bits) - 1)
		}
	case ir.OpAnd:
		if u, ok := arg(1); ok {
			better(u)
		}
		if u, ok := arg(0); ok {
			better(u)
		}
	case ir.OpShr:
		if c := p.m.Const(in.Args[1]); c != nil {
			better(^uint32(0) >> (c.Bits & 31))
		}
	case ir.OpSelect:
		a, ok1 := arg(1)
		b, ok2 := arg(2)
		if ok1 && ok2 {
			better(max(a, b))
		}
	case ir.OpBuiltin:
		if in.Builtin() == builtins.FnMin {
			if u, ok := arg(0); ok {
				better(u)
			}
			if u, ok := arg(1); ok {
				better(u)
			}
		}
	case ir.OpExtract:
		if c := p.m.Const(in.Args[1]); c != nil && len(in.Args) == 2 {
			if n, ok := p.invocationBound(in.Args[0], "local_invocation_id", int(c.Bits)); ok {
				better(n)
			}
		}
	case ir.OpLoad:
		if n, ok := p.invocationBound(x, "local_invocation_index", -1); ok {
			better(n)
		}
	case ir.OpCall:
		if n, ok := p.returnBound(in.Callee); ok {
			better(n)
		}
	}
	return best, ok
}

// returnBound returns an upper bound of what f returns (a u32): the largest of the upper
// bounds of its return values, each found without facts. Computed once per function.
func (p *pruner) returnBound(f *ir.Func) (uint32, bool) {
	if r, ok := p.rets[f]; ok {
		return r.u, r.ok
	}
	p.rets[f] = retBound{} // recursion (invalid WGSL anyway) proves nothing
	if f.Result != types.Type(types.U32) {
		return 0, false
	}
	saveF, saveFacts := p.f, p.facts
	p.f, p.facts = f, map[ir.Value][]bound{}
	r := retBound{ok: true}
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op != ir.OpReturn || len(in.Args) != 1 || !r.ok {
			return
		}
		u, ok := p.upper(in.Args[0], 1)
		r.u, r.ok = max(r.u, u), ok
	})
	p.f, p.facts = saveF, saveFacts
	p.rets[f] = r
	return r.u, r.ok
}

type retBound struct {
	u  uint32
	ok bool
}

// invocationBound returns the largest value of a load of the input builtin name in a
// compute entry point with a constant workgroup size: local_invocation_index (comp < 0) or
// component comp of local_invocation_id.
func (p *pruner) invocationBound(v ir.Value, name string, comp int) (uint32, bool) {
	in := p.m.Def(v)
	if in == nil || in.Op != ir.OpLoad || p.f.Stage != ir.StageCompute {
		return 0, false
	}
	g := p.m.Global(in.Args[0])
	if g == nil || g.Space != types.AddrIn || g.IO.Builtin != name {
		return 0, false
	}
	var size [3]uint64
	for i, w := range p.f.WorkgroupSize {
		size[i] = 1
		if w != 0 {
			c := p.m.Const(w)
			if c == nil {
				return 0, false
			}
			size[i] = uint64(uint32(c.Bits))
		}
	}
	n := size[0] * size[1] * size[2]
	if comp >= 0 {
		n = size[comp]
	}
	if n == 0 || n > 1<<32 {
		return 0, false
	}
	return uint32(n - 1), true
}

func isConstOne(m *ir.Module, v ir.Value) bool {
	c := m.Const(v)
	return c != nil && c.Type == types.Type(types.U32) && c.Bits == 1
}
