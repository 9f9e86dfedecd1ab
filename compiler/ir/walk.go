package ir

// Walk calls fn for every instruction of blk and of the blocks nested in it, in execution
// order (a construct before its blocks). fn may insert instructions before the one it is
// given (with Builder.SetInsertBefore) or after it; the inserted ones are not visited.
func Walk(blk *Block, fn func(in *Inst)) {
	for i := 0; i < len(blk.Insts); i++ {
		in := blk.Insts[i]
		n := len(blk.Insts)
		fn(in)
		if len(blk.Insts) != n {
			for blk.Insts[i] != in {
				i++
			}
		}
		for _, nb := range in.Blocks() {
			Walk(nb, fn)
		}
	}
}

// WalkModule walks Module.Exprs and then every function body.
func WalkModule(m *Module, fn func(in *Inst)) {
	Walk(m.Exprs, fn)
	for _, f := range m.Funcs {
		Walk(f.Body, fn)
	}
}

// ReplaceValues rewrites every use of a key of repl into its value, everywhere in m:
// instruction operands, switch case values, global initializers, override defaults,
// workgroup and subgroup sizes (not array counts: see ReplaceArrayCounts). Chains (a→b,
// b→c) are followed.
func ReplaceValues(m *Module, repl map[Value]Value) {
	if len(repl) == 0 {
		return
	}
	get := func(v Value) Value {
		for i := 0; i < 8; i++ {
			r, ok := repl[v]
			if !ok {
				break
			}
			v = r
		}
		return v
	}
	WalkModule(m, func(in *Inst) {
		for i, a := range in.Args {
			in.Args[i] = get(a)
		}
		for _, c := range in.Cases() {
			for i, v := range c.Values {
				c.Values[i] = get(v)
			}
		}
	})
	ReplaceOutsideInsts(m, get)
}

// ReplaceOutsideInsts rewrites every use of a value outside instructions into get's result
// for it: global initializers, override defaults, workgroup and subgroup sizes. A pass that
// rewrote the operands of the instructions as it walked them finishes with it.
func ReplaceOutsideInsts(m *Module, get func(Value) Value) {
	for _, g := range m.Globals {
		if g.Init != 0 {
			g.Init = get(g.Init)
		}
	}
	for _, o := range m.Overrides {
		if o.Default != 0 {
			o.Default = get(o.Default)
		}
	}
	for _, f := range m.Funcs {
		for i, v := range f.WorkgroupSize {
			if v != 0 {
				f.WorkgroupSize[i] = get(v)
			}
		}
		if f.SubgroupSize != 0 {
			f.SubgroupSize = get(f.SubgroupSize)
		}
	}
}

// RemoveInsts deletes from every block of m the instructions for which drop returns true.
// Their nested blocks go with them.
func RemoveInsts(m *Module, drop func(in *Inst) bool) {
	var sweep func(blk *Block)
	sweep = func(blk *Block) {
		out := blk.Insts[:0]
		for _, in := range blk.Insts {
			if drop(in) {
				continue
			}
			for _, nb := range in.Blocks() {
				sweep(nb)
			}
			out = append(out, in)
		}
		clear(blk.Insts[len(out):])
		blk.Insts = out
	}
	sweep(m.Exprs)
	for _, f := range m.Funcs {
		sweep(f.Body)
	}
}

// Uses counts the uses of every value of m as operands (switch case values, initializers,
// defaults and workgroup sizes included), indexed by Value.
func Uses(m *Module) []int32 {
	n := make([]int32, m.NumValues())
	WalkModule(m, func(in *Inst) {
		for _, a := range in.Args {
			n[a]++
		}
		for _, c := range in.Cases() {
			for _, v := range c.Values {
				n[v]++
			}
		}
	})
	for _, g := range m.Globals {
		n[g.Init]++
	}
	for _, o := range m.Overrides {
		n[o.Default]++
	}
	for _, f := range m.Funcs {
		for _, v := range f.WorkgroupSize {
			n[v]++
		}
	}
	n[0] = 0
	return n
}

// Loop returns the innermost loop construct enclosing blk (blk itself being one of its
// blocks or nested deeper), or nil.
func (blk *Block) Loop() *Inst {
	for p := blk.Parent; p != nil; p = p.Block.Parent {
		if p.Op == OpLoop {
			return p
		}
	}
	return nil
}

// BreakTarget returns the innermost loop or switch enclosing blk, or nil.
func (blk *Block) BreakTarget() *Inst {
	for p := blk.Parent; p != nil; p = p.Block.Parent {
		if p.Op == OpLoop || p.Op == OpSwitch {
			return p
		}
	}
	return nil
}

// Callees returns the functions f calls directly, in first-call order.
func (f *Func) Callees() []*Func {
	if !f.MayHave(OpCall) {
		return nil
	}
	var out []*Func
	seen := map[*Func]bool{}
	Walk(f.Body, func(in *Inst) {
		if in.Op == OpCall && !seen[in.Callee] {
			seen[in.Callee] = true
			out = append(out, in.Callee)
		}
	})
	return out
}

// CallGraphOrder returns the functions reachable from root (root included), callees before
// callers, each once.
func CallGraphOrder(root *Func) []*Func {
	var out []*Func
	seen := map[*Func]bool{}
	var visit func(f *Func)
	visit = func(f *Func) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, c := range f.Callees() {
			visit(c)
		}
		out = append(out, f)
	}
	visit(root)
	return out
}

// UsedGlobals returns the globals referenced by f and the functions it calls, in
// declaration order.
func UsedGlobals(m *Module, f *Func) []*Global {
	used := make([]bool, len(m.Globals))
	walkUsedGlobals(m, f, func(i int32) { used[i] = true })
	var out []*Global
	for i, g := range m.Globals {
		if used[i] {
			out = append(out, g)
		}
	}
	return out
}

// UsedGlobalsInUseOrder returns the globals referenced by f and the functions it calls, in
// the order of their first use: f's own, then those of its callees in first-call order.
func UsedGlobalsInUseOrder(m *Module, f *Func) []*Global {
	used := make([]bool, len(m.Globals))
	var out []*Global
	walkUsedGlobals(m, f, func(i int32) {
		if !used[i] {
			used[i] = true
			out = append(out, m.Globals[i])
		}
	})
	return out
}

// walkUsedGlobals calls use with the index of the global at each use in f's body, then does
// the same for each function f calls, in first-call order, each function once.
func walkUsedGlobals(m *Module, f *Func, use func(global int32)) {
	seen := map[*Func]bool{}
	var visit func(fn *Func)
	visit = func(fn *Func) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		var callees []*Func
		Walk(fn.Body, func(in *Inst) {
			for _, a := range in.Args {
				if m.Kind(a) == KindGlobal {
					use(m.values[a].idx)
				}
			}
			if in.Op == OpCall {
				callees = append(callees, in.Callee)
			}
		})
		for _, c := range callees {
			visit(c)
		}
	}
	visit(f)
}
