package ir

// CloneFunc adds to m a copy of f named name: the same result, parameters (fresh values of
// the same types, names and interface attributes) and body (fresh instructions and
// values). It returns the copy and the map from f's parameters and instruction results to
// the copy's. Module-scope values are shared. The copy is appended to m.Funcs; it is not an
// entry point.
func (m *Module) CloneFunc(f *Func, name string) (*Func, map[Value]Value) {
	g := m.NewFunc(name, f.Result)
	repl := make(map[Value]Value, len(f.Params))
	for i, p := range f.Params {
		repl[p] = g.AddParam(m.Name(p), m.Type(p), f.ParamIO[i])
	}
	g.ResultIO = f.ResultIO
	g.Pos, g.Span = f.Pos, f.Span
	// Results first, operands afterwards: a construct's results are used after it, but its
	// blocks' exits name them; renaming once every value has its copy needs no order.
	m.cloneBlock(f.Body, g.Body, g, repl)
	var rename func(blk *Block)
	rename = func(blk *Block) {
		for _, in := range blk.Insts {
			for i, a := range in.Args {
				if r, ok := repl[a]; ok {
					in.Args[i] = r
				}
			}
			for _, nb := range in.Blocks() {
				rename(nb)
			}
		}
	}
	rename(g.Body)
	return g, repl
}

// cloneBlock appends copies of the instructions of src to dst, recording in repl the copy
// of every value they define.
func (m *Module) cloneBlock(src, dst *Block, f *Func, repl map[Value]Value) {
	dst.Insts = make([]*Inst, 0, len(src.Insts))
	for _, in := range src.Insts {
		c := m.newInst(in.Op)
		c.Args = m.args(in.Args...)
		c.Aux = in.Aux
		if c.Op == OpBuiltin {
			f.fns.add(in.Builtin())
		}
		c.Pos, c.spanBack, c.spanLen, c.OverrideExpr = in.Pos, in.spanBack, in.spanLen, in.OverrideExpr
		c.Callee = in.Callee
		c.Block = dst
		f.ops.add(c.Op)
		copyValue := func(v Value) Value {
			nv := m.newValue(m.values[v].typ, KindInst)
			m.values[nv].inst = c
			m.SetName(nv, m.Name(v))
			repl[v] = nv
			return nv
		}
		if in.Result != 0 {
			c.Result = copyValue(in.Result)
		}
		if in.ctl != nil {
			ctl := m.control(c)
			if in.ctl.results != nil {
				ctl.results = make([]Value, len(in.ctl.results))
				for i, v := range in.ctl.results {
					ctl.results[i] = copyValue(v)
				}
			}
			if in.ctl.cases != nil {
				ctl.cases = make([]Case, len(in.ctl.cases))
				for i, cs := range in.ctl.cases {
					ctl.cases[i] = Case{Values: append([]Value(nil), cs.Values...), Default: cs.Default}
				}
			}
			for _, nb := range in.ctl.blocks {
				cb := &Block{Parent: c, Func: f}
				ctl.blocks = append(ctl.blocks, cb)
				m.cloneBlock(nb, cb, f, repl)
			}
		}
		dst.Insts = append(dst.Insts, c)
	}
}
