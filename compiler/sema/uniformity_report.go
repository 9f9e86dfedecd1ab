package sema

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The uniformity failures: which requirement reaches which non-uniform value, and the
// diagnostics with the path that explains it (see uniformity.go).

// fail reports the calls RequiredToBeUniform.s needs uniform that may be non-uniform.
func (u *uniformity) fail(s int32, cur uint32) {
	if len(u.next) == 0 {
		u.pathsToNonUniform()
	}
	for _, n := range u.required[s] {
		if u.mark[n] == cur && u.next[n] >= 0 {
			u.report(n, sevOfIndex[s])
		}
	}
}

// pathsToNonUniform finds, for every node, the next node of a shortest path to
// MayBeNonUniform (-1 when there is none), by a breadth-first search over reversed edges.
func (u *uniformity) pathsToNonUniform() {
	n := len(u.head)
	off := growInt32(u.revOff, n+1)
	clear(off)
	for _, t := range u.eTo {
		off[t+1]++
	}
	for i := 1; i <= n; i++ {
		off[i] += off[i-1]
	}
	rev := growInt32(u.revList, len(u.eTo))
	fill := growInt32(u.stack, n)
	copy(fill, off[:n])
	for x := int32(0); x < int32(n); x++ {
		for e := u.head[x]; e >= 0; e = u.eNext[e] {
			t := u.eTo[e]
			rev[fill[t]] = x
			fill[t]++
		}
	}
	next := growInt32(u.next, n)
	for i := range next {
		next[i] = -1
	}
	next[nMayBeNonUniform] = nMayBeNonUniform
	queue := append(fill[:0], nMayBeNonUniform)
	for i := 0; i < len(queue); i++ {
		t := queue[i]
		for _, x := range rev[off[t]:off[t+1]] {
			if next[x] < 0 {
				next[x] = t
				queue = append(queue, x)
			}
		}
	}
	u.revOff, u.revList, u.stack, u.next = off, rev, queue, next
}

// uNote is one note of a uniformity diagnostic.
type uNote struct {
	span diag.Span
	msg  string
}

// trigger is where a uniformity failure is reported: the call of the builtin that needs
// uniformity, or its argument.
type trigger struct {
	span diag.Span
	rule string
	msg  string
	// direct is set when the builtin is called by the function being explained itself.
	direct bool
}

// report reports the failure of the requirement node n of the current function: a call
// that must be in uniform control flow, or an argument that must be uniform.
func (u *uniformity) report(n int32, sev filterSeverity) {
	call, _ := u.syn[n].(*syntax.CallExpr)
	if call == nil {
		return
	}
	arg := int32(-1)
	if u.kind[n] != nkCall {
		arg = u.aux[n]
	}
	t, notes := u.explain(u.fn, call, arg, u.kind[n] == nkArgContents)
	if u.reported[t.span.Start] {
		return
	}
	if u.reported == nil {
		u.reported = map[diag.Pos]bool{}
	}
	u.reported[t.span.Start] = true
	d := u.c.emit(t.span, t.rule, sev, t.msg)
	if d == nil {
		return
	}
	for _, nt := range notes {
		u.c.note(d, nt.span, "%s", nt.msg)
	}
	// The path in this function from the requirement to the non-uniform source.
	div, src := int32(-1), n
	for x := n; x != nMayBeNonUniform && x >= 0; x = u.next[x] {
		if u.kind[x] == nkDiverge {
			div = x
		}
		src = x
	}
	if div >= 0 {
		u.c.note(d, u.syn[div].Span(), "control flow depends on this possibly non-uniform %s", divNames[u.aux[div]])
	}
	if span, msg := u.describeSource(src); msg != "" {
		u.c.note(d, span, "%s", msg)
	}
}

// explain follows the requirement of a call in fn (on its control flow, or on argument arg)
// down to the builtin that needs uniformity, with notes from the innermost call outwards.
func (u *uniformity) explain(fn *Func, call *syntax.CallExpr, arg int32, contents bool) (trigger, []uNote) {
	name := call.Callee.Name.Name
	ci := u.c.prog.CallOf(call)
	if ci == nil || ci.Kind != CallFunc {
		t := trigger{span: call.Loc, direct: true}
		if ci != nil && ci.Builtin != nil {
			t.rule = ci.Builtin.Overload.Uniformity.TriggeringRule()
		}
		switch {
		case arg >= 0 && int(arg) < len(call.Args):
			t.span = call.Args[arg].Span()
			t.msg = fmt.Sprintf("'%s' requires argument %d to be uniform", name, arg)
		case u.scope == subgroupScope:
			t.msg = fmt.Sprintf("'%s' must only be called from subgroup uniform control flow", name)
		default:
			t.msg = fmt.Sprintf("'%s' must only be called from uniform control flow", name)
		}
		return t, nil
	}
	g := ci.Func
	gi := u.infos[g]
	if arg < 0 {
		if gi == nil || gi.callSiteWhy.call == nil {
			return trigger{span: call.Loc, direct: true, msg: fmt.Sprintf("'%s' must only be called from uniform control flow", name)}, nil
		}
		w := gi.callSiteWhy
		t, notes := u.explain(g, w.call, w.arg, w.contents)
		how := "called by"
		if !t.direct {
			how = "called indirectly by"
		}
		t.direct = false
		return t, append(notes, uNote{call.Loc, fmt.Sprintf("%s '%s' from '%s'", how, g.name, fn.name)})
	}
	if gi == nil || int(arg) >= len(gi.params) || gi.params[arg].why.call == nil || int(arg) >= len(call.Args) {
		return trigger{span: call.Loc, direct: true, msg: fmt.Sprintf("'%s' requires argument %d to be uniform", name, arg)}, nil
	}
	w := gi.params[arg].why
	t, notes := u.explain(g, w.call, w.arg, w.contents)
	t.direct = false
	if w.div.IsValid() {
		notes = append(notes, uNote{w.div, "control flow depends on this possibly non-uniform " + divNames[w.divKind]})
	}
	p := g.Params[arg]
	at := p.span
	if w.use.IsValid() {
		at = w.use
	}
	passed := "possibly non-uniform value passed here"
	if contents {
		notes = append(notes, uNote{at, fmt.Sprintf("the memory parameter '%s' of '%s' points to may hold a non-uniform value", p.name, g.name)})
		passed = "possibly non-uniform value passed via pointer here"
	} else {
		notes = append(notes, uNote{at, fmt.Sprintf("parameter '%s' of '%s' may be non-uniform", p.name, g.name)})
	}
	return t, append(notes, uNote{call.Args[arg].Span(), passed})
}

// describeSource explains why node n, which has an edge to MayBeNonUniform, may be
// non-uniform.
func (u *uniformity) describeSource(n int32) (diag.Span, string) {
	syn := u.syn[n]
	if syn == nil {
		return noSpan, ""
	}
	switch u.kind[n] {
	case nkRead:
		id := syn.(*syntax.IdentExpr)
		switch o := u.c.prog.UseOf(id).(type) {
		case *Var:
			return id.Loc, fmt.Sprintf("reading from %s'%s' may result in a non-uniform value", memoryDesc(o), o.name)
		case *Let:
			if l, ok := u.locals[o]; ok {
				if g, ok := u.loc[l].root.obj.(*Var); ok {
					return id.Loc, fmt.Sprintf("reading from %s'%s' through '%s' may result in a non-uniform value", memoryDesc(g), g.name, o.name)
				}
			}
		case *Param:
			if _, ok := o.Type.(*types.Pointer); ok {
				return id.Loc, fmt.Sprintf("reading through pointer parameter '%s' of '%s' may result in a non-uniform value", o.name, u.fn.name)
			}
			what := "parameter"
			switch {
			case o.IO.Builtin != "":
				what = "builtin"
			case o.IO.Location >= 0:
				what = "user-defined input"
			}
			return id.Loc, fmt.Sprintf("%s '%s' of '%s' may be non-uniform", what, o.name, u.fn.name)
		}
	case nkResult:
		call := syn.(*syntax.CallExpr)
		return call.Loc, fmt.Sprintf("return value of '%s' may be non-uniform", call.Callee.Name.Name)
	case nkPtrResult:
		call := syn.(*syntax.CallExpr)
		return call.Args[u.aux[n]].Span(), fmt.Sprintf("contents of pointer may become non-uniform after calling '%s'", call.Callee.Name.Name)
	case nkArgContents:
		call := syn.(*syntax.CallExpr)
		return call.Args[u.aux[n]].Span(), "the memory this pointer points to may hold a non-uniform value"
	}
	return syn.Span(), "result of expression may be non-uniform"
}

// memoryDesc names the address space of a module-scope variable for messages.
func memoryDesc(v *Var) string {
	switch v.Space {
	case types.AddrStorage:
		return "read_write storage buffer "
	case types.AddrWorkgroup:
		return "workgroup storage variable "
	case types.AddrPrivate:
		return "module-scope private variable "
	}
	return ""
}
