package sema

import (
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The uniformity analysis of a function as a whole: the parameters and entry point inputs,
// the tags a function gets from its graph for its callers (see uniformity.go).

func (u *uniformity) analyze(f *Func) {
	u.reset()
	u.fn = f
	for i := int32(0); i < nFirstParam; i++ {
		u.node(nkPlain, nil, 0)
	}
	for _, p := range f.Params {
		pn := paramNodes{value: u.node(nkPlain, nil, 0), contents: -1, out: -1, local: -1}
		if isFunctionPointer(p.Type) {
			pn.contents = u.node(nkPlain, nil, 0)
			pn.out = u.node(nkPlain, nil, 0)
		}
		if f.IsEntryPoint() {
			pn.uniform = u.uniformEntryParam(p)
		}
		u.params = append(u.params, pn)
	}
	u.nFixed = int32(len(u.head))

	u.pushScope()
	for i, p := range f.Params {
		if pn := &u.params[i]; pn.contents >= 0 {
			// A function-space pointer parameter is a variable initialized with what it
			// points to.
			pn.local = u.newLocal(p, pn.contents)
			u.varStack = append(u.varStack, pn.local)
		}
	}
	_, beh := u.stmtList(f.Decl.Body.Stmts, nCFStart)
	if beh.has(BehNext) {
		u.pointerOutputs()
	}
	u.popScope()
	u.finish()
}

func isFunctionPointer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && p.Space == types.AddrFunction
}

// uniformEntryParam reports whether an entry-point parameter holds only uniform built-in
// values. The analysis does not look at structure members separately.
func (u *uniformity) uniformEntryParam(p *Param) bool {
	if st, ok := p.Type.(*types.Struct); ok {
		for _, m := range st.Members {
			if !u.uniformBuiltinValue(m.IO.Builtin) {
				return false
			}
		}
		return true
	}
	return u.uniformBuiltinValue(p.IO.Builtin)
}

// uniformBuiltinValue reports whether the spec considers a built-in input value uniform.
func (u *uniformity) uniformBuiltinValue(name string) bool {
	switch name {
	case "workgroup_id", "num_workgroups", "num_subgroups":
		return true
	case "subgroup_size":
		return u.fn.Stage == Compute
	case "subgroup_id":
		return u.scope == subgroupScope
	}
	return false
}

// pointerOutputs adds Value_return_i_contents -> the current contents, where the function
// returns.
func (u *uniformity) pointerOutputs() {
	for _, pn := range u.params {
		if pn.out >= 0 {
			u.edge(pn.out, u.loc[pn.local].val)
		}
	}
}

// finish computes the function's tags from its graph, and reports its failures.
func (u *uniformity) finish() {
	f := u.fn
	info := &funcUniformity{params: make([]paramUniformity, len(f.Params))}
	u.infos[f] = info
	n := len(u.head)
	u.mark = growUint32(u.mark, n)
	u.parent = growInt32(u.parent, n)

	// The three severities share one visited set of interior nodes, so a node required at
	// error severity does not also give a warning tag.
	base := u.stamp + 1
	u.stamp += 3
	for s := int32(0); s < 3; s++ {
		cur := base + uint32(s)
		u.traverse(s, cur, base)
		if u.mark[nMayBeNonUniform] == cur {
			u.fail(s, cur)
			continue
		}
		sev := sevOfIndex[s]
		if u.mark[nCFStart] == cur && info.callSite == sevDefault {
			info.callSite, info.callSiteWhy = sev, u.trace(nCFStart, s)
		}
		for i := range info.params {
			pt, pn := &info.params[i], &u.params[i]
			if pt.req != reqNone {
				continue
			}
			switch {
			case pn.contents >= 0 && u.mark[pn.contents] == cur:
				pt.req, pt.reqSev, pt.why = reqContents, sev, u.trace(pn.contents, s)
			case u.mark[pn.value] == cur:
				pt.req, pt.reqSev, pt.why = reqValue, sev, u.trace(pn.value, s)
			}
		}
	}

	if f.Result != nil {
		st := u.traverseFrom(nValueReturn)
		info.returnNonUniform = u.mark[nMayBeNonUniform] == st
		for i := range info.params {
			info.params[i].ret = u.reached(i, st)
		}
	}
	for i, pn := range u.params {
		if pn.out < 0 {
			continue
		}
		pt := &info.params[i]
		pt.pointer = true
		st := u.traverseFrom(pn.out)
		if u.mark[nMayBeNonUniform] == st {
			pt.mayBecomeNonUniform = true
			continue
		}
		for j := range u.params {
			switch u.reached(j, st) {
			case reqValue:
				pt.fromValues = append(pt.fromValues, int32(j))
			case reqContents:
				pt.fromContents = append(pt.fromContents, int32(j))
			}
		}
	}
}

// reached says which node of parameter i a traversal marked st reached.
func (u *uniformity) reached(i int, st uint32) paramReq {
	pn := &u.params[i]
	switch {
	case pn.contents >= 0 && u.mark[pn.contents] == st:
		return reqContents
	case u.mark[pn.value] == st:
		return reqValue
	}
	return reqNone
}

// traverse marks with cur the nodes reachable from RequiredToBeUniform.s, skipping interior
// nodes an earlier severity (marked from base) visited, and records how each was reached.
func (u *uniformity) traverse(s int32, cur, base uint32) {
	u.mark[s] = cur
	u.parent[s] = -1
	stack := append(u.stack[:0], s)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for e := u.head[x]; e >= 0; e = u.eNext[e] {
			t := u.eTo[e]
			if m := u.mark[t]; m == cur || (t >= u.nFixed && m >= base) {
				continue
			}
			u.mark[t] = cur
			u.parent[t] = x
			stack = append(stack, t)
		}
	}
	u.stack = stack
}

// traverseFrom marks the nodes reachable from start with a fresh stamp, which it returns.
func (u *uniformity) traverseFrom(start int32) uint32 {
	u.stamp++
	st := u.stamp
	u.mark[start] = st
	stack := append(u.stack[:0], start)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for e := u.head[x]; e >= 0; e = u.eNext[e] {
			if t := u.eTo[e]; u.mark[t] != st {
				u.mark[t] = st
				stack = append(stack, t)
			}
		}
	}
	u.stack = stack
	return st
}

// trace follows a traversal from RequiredToBeUniform.s back from n, to find the call that
// requires n to be uniform.
func (u *uniformity) trace(n, s int32) why {
	w := why{arg: -1, div: noSpan, use: noSpan}
	if p := u.parent[n]; p >= 0 && u.kind[p] == nkRead {
		w.use = u.syn[p].Span()
	}
	for x, steps := n, 0; x >= 0 && steps <= len(u.head); x, steps = u.parent[x], steps+1 {
		if u.kind[x] == nkDiverge && !w.div.IsValid() {
			w.div, w.divKind = u.syn[x].Span(), divKind(u.aux[x])
		}
		if u.parent[x] == s {
			w.call, _ = u.syn[x].(*syntax.CallExpr)
			if u.kind[x] == nkArg || u.kind[x] == nkArgContents {
				w.arg, w.contents = u.aux[x], u.kind[x] == nkArgContents
			}
			break
		}
	}
	return w
}
