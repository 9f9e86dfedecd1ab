package sema

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Uniformity analysis, as the spec's "Uniformity" section defines it.
//
// Each function is analyzed once, callees first (c.prog.Funcs is in that order, and recursion
// is forbidden). Walking the body builds a directed graph whose nodes stand for "this point of
// the control flow is uniform" or "this value is uniform", and whose edges are implications.
// A path from RequiredToBeUniform.S to MayBeNonUniform is a uniformity failure of severity S;
// what RequiredToBeUniform.S reaches among CF_start and the parameters becomes the function's
// call site and parameter tags, which its callers use in turn.
//
// Since the implementation supports the subgroup_uniformity language extension, the analysis
// runs once per uniformity scope: the workgroup (or draw) scope for barriers and derivatives,
// and, when the module calls any subgroup or quad builtin, the subgroup scope for those.
//
// Nodes are indices into slices and edges a linked list per node, so a function's graph is a
// few flat arrays reused from one function to the next.

// uniformityScope is the set of invocations a uniformity analysis is about.
type uniformityScope uint8

const (
	workgroupScope uniformityScope = iota // workgroup or draw: barriers and derivatives
	subgroupScope                         // subgroup and quad builtins
)

// The special nodes of every function graph come first; the interior nodes the walk over
// the body adds come after the parameters' nodes.
const (
	nRequiredError   int32 = iota // RequiredToBeUniform.error
	nRequiredWarning              // RequiredToBeUniform.warning
	nRequiredInfo                 // RequiredToBeUniform.info
	nMayBeNonUniform
	nCFStart
	nValueReturn
	nFirstParam
)

// nodeKind says what a node stands for, to explain failures.
type nodeKind uint8

const (
	nkPlain       nodeKind = iota
	nkDiverge              // control flow depends on a value: syn is the condition, aux its divKind
	nkRead                 // the value of an identifier: syn is the *syntax.IdentExpr
	nkCall                 // the control flow at a call: syn is the *syntax.CallExpr
	nkArg                  // argument aux of the call syn
	nkArgContents          // the memory pointer argument aux of the call syn points to, before the call
	nkResult               // the value the call syn returns
	nkPtrResult            // the memory pointer argument aux of the call syn points to, after the call
)

// divKind is the construct whose condition a nkDiverge node stands for.
type divKind uint8

const (
	divIf divKind = iota
	divSwitch
	divFor
	divWhile
	divBreakIf
	divAnd
	divOr
)

var divNames = [...]string{
	divIf: "'if' condition", divSwitch: "'switch' selector", divFor: "'for' condition",
	divWhile: "'while' condition", divBreakIf: "'break if' condition",
	divAnd: "left operand of '&&'", divOr: "left operand of '||'",
}

// paramReq is a parameter tag (or parameter return tag): what must be uniform about the
// argument.
type paramReq uint8

const (
	reqNone     paramReq = iota
	reqValue             // the argument value (for a pointer: the memory view, not its contents)
	reqContents          // the contents of the memory the pointer argument points to, and the pointer
)

// why records which call in a function made one of its tags require uniformity, so a failure
// in a caller can be explained down to the builtin that needs it.
type why struct {
	call     *syntax.CallExpr
	arg      int32 // the argument that must be uniform, or -1: the call's control flow
	contents bool  // the memory argument arg points to must be uniform
	// div is where control flow depends on the parameter on the way, if it does.
	div     diag.Span
	divKind divKind
	// use is where the parameter is read on the way, when known.
	use diag.Span
}

var noSpan = diag.Span{Start: -1, End: -1}

// funcUniformity holds the tags of one analyzed function.
type funcUniformity struct {
	// callSite is the severity of CallSiteRequiredToBeUniform, zero for CallSiteNoRestriction.
	callSite    filterSeverity
	callSiteWhy why
	// returnNonUniform is the function tag ReturnValueMayBeNonUniform.
	returnNonUniform bool
	params           []paramUniformity
}

type paramUniformity struct {
	// req and reqSev are the parameter tag.
	req    paramReq
	reqSev filterSeverity
	why    why
	// ret is the parameter return tag.
	ret paramReq
	// pointer marks function-address-space pointers, whose contents the call may change:
	// mayBecomeNonUniform is the pointer parameter tag; otherwise the contents afterwards are
	// uniform when the call is in uniform control flow and the arguments (or the contents of
	// the pointer arguments) listed are uniform.
	pointer             bool
	mayBecomeNonUniform bool
	fromValues          []int32
	fromContents        []int32
}

// paramNodes are the graph nodes of one parameter of the function being analyzed.
type paramNodes struct {
	value    int32 // param_i
	contents int32 // param_i_contents, -1 unless a function-address-space pointer
	out      int32 // Value_return_i_contents, -1 unless a function-address-space pointer
	local    int32 // the variable the pointer desugars to, -1 unless a function-space pointer
	uniform  bool  // an entry-point parameter holding only uniform built-in values
}

// memRoot is the originating variable of a memory view.
type memRoot struct {
	local   int32  // a function-scope variable (or desugared pointer parameter), or -1
	obj     Object // otherwise the module-scope variable or pointer parameter, if known
	partial bool   // the view is not all of the variable
}

// local is a function-scope variable, let or desugared pointer parameter.
type local struct {
	// val is the node of the variable's current value (or of the let's value).
	val int32
	// ptr marks lets of pointer type; root is what they point into.
	ptr  bool
	root memRoot
	// Scratch space for joining the branches of an if statement.
	seen, stampA, stampB uint32
	valA, valB           int32
}

// assignment is an entry of the undo log of variable values, kept inside branches.
type assignment struct{ v, old int32 }

type varValue struct{ v, val int32 }

// flowTarget is a loop or switch statement that break (or continue) statements leave.
type flowTarget struct {
	loop bool
	// outer is how many variables of varStack were in scope at the statement: those are the
	// ones whose values flow out of it.
	outer int32
	// exits[p] joins the values of varStack[p] where control leaves the statement.
	exits []int32
	// conts[p] joins the values of varStack[p] at continue statements (loops); contScope is
	// the index in scopes of the scope the continuing block sees, -1 when it sees only the
	// outer variables.
	conts     []int32
	contScope int
}

type uniformity struct {
	c     *checker
	scope uniformityScope
	infos map[*Func]*funcUniformity
	// reported holds the trigger locations already reported, so several paths to one
	// failure give one diagnostic.
	reported map[diag.Pos]bool

	// The graph of the function being analyzed.
	head   []int32
	kind   []nodeKind
	aux    []int32
	syn    []syntax.Node
	eTo    []int32
	eNext  []int32
	nFixed int32 // the special and parameter nodes
	// required[s] lists the successors of RequiredToBeUniform.s in the order they were added.
	required [3][]int32

	// Traversals.
	mark    []uint32
	parent  []int32
	stamp   uint32
	stack   []int32
	next    []int32 // towards MayBeNonUniform, computed on failure
	revOff  []int32
	revList []int32

	// The function being analyzed.
	fn       *Func
	params   []paramNodes
	locals   map[Object]int32
	loc      []local
	varStack []int32 // the variables in scope
	scopes   []int32 // len(varStack) where each open scope starts
	log      []assignment
	logging  int
	targets  []flowTarget
	nTargets int
	pairs    []varValue
	cfs      []int32
	args     []callArg
	seen     uint32
}

type callArg struct {
	val, node, contents int32
}

// uniformity runs the uniformity analysis over every function. Functions with errors are
// analyzed too: what failed to check counts as uniform, so no failure is made up.
func (c *checker) uniformity() {
	if c.legacy {
		return // the 2021 draft predates uniformity analysis
	}
	u := &uniformity{c: c, locals: map[Object]int32{}}
	u.run(workgroupScope)
	if usesSubgroupOps(c.prog) {
		u.run(subgroupScope)
	}
}

func usesSubgroupOps(p *Program) bool {
	for _, f := range p.Funcs {
		for _, b := range f.Builtins {
			if b.Uniformity.TriggeringRule() == "subgroup_uniformity" {
				return true
			}
		}
	}
	return false
}

func (u *uniformity) run(scope uniformityScope) {
	u.scope = scope
	u.infos = make(map[*Func]*funcUniformity, len(u.c.prog.Funcs))
	u.reported = nil
	for _, f := range u.c.prog.Funcs {
		if f.Decl != nil && f.Decl.Body != nil {
			u.analyze(f)
		}
	}
}

// ---- The graph ----

func (u *uniformity) node(k nodeKind, syn syntax.Node, aux int32) int32 {
	n := int32(len(u.head))
	u.head = append(u.head, -1)
	u.kind = append(u.kind, k)
	u.aux = append(u.aux, aux)
	u.syn = append(u.syn, syn)
	return n
}

func (u *uniformity) edge(from, to int32) {
	if h := u.head[from]; h >= 0 && u.eTo[h] == to {
		return
	}
	u.eTo = append(u.eTo, to)
	u.eNext = append(u.eNext, u.head[from])
	u.head[from] = int32(len(u.eTo) - 1)
}

// join returns a node for a value that depends on a and b, both computed at control flow cf.
// Every value node reaches its control flow node or MayBeNonUniform, so cf adds nothing.
func (u *uniformity) join(cf, a, b int32) int32 {
	switch {
	case a == cf || a == b:
		return b
	case b == cf:
		return a
	}
	n := u.node(nkPlain, nil, 0)
	u.edge(n, a)
	u.edge(n, b)
	return n
}

func (u *uniformity) reset() {
	u.head, u.kind, u.aux, u.syn = u.head[:0], u.kind[:0], u.aux[:0], u.syn[:0]
	clear(u.syn[:cap(u.syn)])
	u.eTo, u.eNext = u.eTo[:0], u.eNext[:0]
	for i := range u.required {
		u.required[i] = u.required[i][:0]
	}
	u.params = u.params[:0]
	clear(u.locals)
	u.loc = u.loc[:0]
	u.varStack, u.scopes, u.log, u.pairs = u.varStack[:0], u.scopes[:0], u.log[:0], u.pairs[:0]
	u.logging, u.nTargets = 0, 0
	u.next = u.next[:0]
}

func sevIndex(s filterSeverity) int32 {
	switch s {
	case sevWarning:
		return nRequiredWarning
	case sevInfo:
		return nRequiredInfo
	}
	return nRequiredError
}

var sevOfIndex = [3]filterSeverity{sevError, sevWarning, sevInfo}

// require adds the edge RequiredToBeUniform.sev -> n.
func (u *uniformity) require(sev filterSeverity, n int32) {
	s := sevIndex(sev)
	u.edge(s, n)
	u.required[s] = append(u.required[s], n)
}

// ---- Functions ----

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

// ---- Failures ----

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

// ---- Statements ----

func (u *uniformity) pushScope() { u.scopes = append(u.scopes, int32(len(u.varStack))) }

func (u *uniformity) popScope() {
	last := len(u.scopes) - 1
	u.varStack = u.varStack[:u.scopes[last]]
	u.scopes = u.scopes[:last]
}

func (u *uniformity) newLocal(obj Object, val int32) int32 {
	id := int32(len(u.loc))
	u.loc = append(u.loc, local{val: val, root: memRoot{local: -1}})
	u.locals[obj] = id
	return id
}

// setVar gives variable v a new value, logging the old one inside branches.
func (u *uniformity) setVar(v, val int32) {
	if u.logging > 0 {
		u.log = append(u.log, assignment{v, u.loc[v].val})
	}
	u.loc[v].val = val
}

// undo restores the variable values of before log entry mark.
func (u *uniformity) undo(mark int) {
	for i := len(u.log) - 1; i >= mark; i-- {
		a := u.log[i]
		u.loc[a.v].val = a.old
	}
	u.log = u.log[:mark]
}

// stmtList analyzes statements in order; those after one without Next are unreachable and
// take no part.
func (u *uniformity) stmtList(list []syntax.Stmt, cf int32) (int32, Behavior) {
	b := BehNext
	for _, s := range list {
		if !b.has(BehNext) {
			break
		}
		var sb Behavior
		cf, sb = u.stmt(s, cf)
		b = (b &^ BehNext) | sb
	}
	return cf, b
}

func (u *uniformity) block(b *syntax.CompoundStmt, cf int32) (int32, Behavior) {
	if b == nil {
		return cf, BehNext
	}
	u.pushScope()
	cf, beh := u.stmtList(b.Stmts, cf)
	u.popScope()
	return cf, beh
}

func (u *uniformity) stmt(s syntax.Stmt, cf int32) (int32, Behavior) {
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		return u.block(s, cf)
	case *syntax.VarDecl:
		val := cf
		if s.Init != nil {
			val = u.value(s.Init, cf)
		}
		if v, ok := u.c.prog.Defs[s].(*Var); ok {
			u.varStack = append(u.varStack, u.newLocal(v, val))
		}
	case *syntax.LetDecl:
		val := u.value(s.Init, cf)
		if l, ok := u.c.prog.Defs[s].(*Let); ok {
			id := u.newLocal(l, val)
			if _, ok := l.Type.(*types.Pointer); ok {
				u.loc[id].ptr, u.loc[id].root = true, u.root(s.Init)
			}
		}
	case *syntax.AssignStmt:
		if s.Phony {
			u.value(s.RHS, cf)
			break
		}
		u.assign(s.LHS, s.RHS, s.Op != syntax.OpNone, cf)
	case *syntax.IncDecStmt:
		u.assign(s.X, nil, true, cf)
	case *syntax.CallStmt:
		u.call(s.Call, cf)
	case *syntax.ReturnStmt:
		if s.Value != nil {
			u.edge(nValueReturn, u.value(s.Value, cf))
		}
		u.pointerOutputs()
		return cf, BehReturn
	case *syntax.BreakStmt:
		if u.nTargets > 0 {
			u.recordExit(u.nTargets - 1)
		}
		return cf, BehBreak
	case *syntax.ContinueStmt:
		if t := u.innermostLoop(); t >= 0 {
			u.recordContinue(t)
		}
		return cf, BehContinue
	case *syntax.BreakIfStmt:
		// Only the 2021 draft writes break if outside a continuing block.
		v := u.value(s.Cond, cf)
		n := u.node(nkDiverge, s.Cond, int32(divBreakIf))
		u.edge(n, v)
		if t := u.innermostLoop(); t >= 0 {
			u.recordExit(t)
		}
		return n, BehBreak | BehNext
	case *syntax.IfStmt:
		return u.ifStmt(s, cf)
	case *syntax.SwitchStmt:
		return u.switchStmt(s, cf)
	case *syntax.LoopStmt:
		return u.loopStmt(s, cf)
	case *syntax.ForStmt:
		return u.forStmt(s, cf)
	case *syntax.WhileStmt:
		return u.whileStmt(s, cf)
	}
	// const, const_assert, discard and empty statements leave uniformity alone.
	return cf, BehNext
}

// assign analyzes lhs = rhs (rhs nil for ++ and --); update marks lhs op= rhs, ++ and --,
// whose new value depends on the old one.
func (u *uniformity) assign(lhs, rhs syntax.Expr, update bool, cf int32) {
	root, dep := u.lhs(lhs, cf)
	val := cf
	if rhs != nil {
		val = u.value(rhs, cf)
	}
	if root.local < 0 {
		return // module-scope memory: loads from it are non-uniform anyway
	}
	n := u.node(nkPlain, nil, 0)
	u.edge(n, cf)
	u.edge(n, val)
	if dep >= 0 {
		u.edge(n, dep)
	}
	if update || root.partial {
		// A partial assignment keeps the rest of the old value.
		u.edge(n, u.loc[root.local].val)
	}
	u.setVar(root.local, n)
}

// lhs analyzes the left side of an assignment (an LHSValue): the variable written, and the
// node of the values that select which part of it (indices, pointers), -1 if none.
func (u *uniformity) lhs(e syntax.Expr, cf int32) (memRoot, int32) {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return u.lhs(e.X, cf)
	case *syntax.UnaryExpr:
		return u.lhs(e.X, cf)
	case *syntax.MemberExpr:
		r, dep := u.lhs(e.X, cf)
		r.partial = true
		return r, dep
	case *syntax.IndexExpr:
		r, dep := u.lhs(e.X, cf)
		r.partial = true
		i := u.value(e.Index, cf)
		if dep < 0 {
			return r, i
		}
		return r, u.join(cf, dep, i)
	case *syntax.IdentExpr:
		switch o := u.c.prog.UseOf(e).(type) {
		case *Let:
			if id, ok := u.locals[o]; ok && u.loc[id].ptr {
				return u.loc[id].root, u.loc[id].val
			}
		default:
			return u.root(e), -1
		}
	}
	return memRoot{local: -1}, -1
}

// root finds the originating variable of a reference or pointer expression.
func (u *uniformity) root(e syntax.Expr) memRoot {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return u.root(e.X)
	case *syntax.UnaryExpr:
		if e.Op == syntax.OpAddrOf || e.Op == syntax.OpDeref {
			return u.root(e.X)
		}
	case *syntax.MemberExpr:
		r := u.root(e.X)
		r.partial = true
		return r
	case *syntax.IndexExpr:
		r := u.root(e.X)
		r.partial = true
		return r
	case *syntax.IdentExpr:
		switch o := u.c.prog.UseOf(e).(type) {
		case *Var:
			if id, ok := u.locals[o]; ok {
				return memRoot{local: id}
			}
			return memRoot{local: -1, obj: o}
		case *Let:
			if id, ok := u.locals[o]; ok && u.loc[id].ptr {
				return u.loc[id].root
			}
		case *Param:
			if o.Index < len(u.params) && u.params[o.Index].local >= 0 {
				return memRoot{local: u.params[o.Index].local}
			}
			return memRoot{local: -1, obj: o}
		}
	}
	return memRoot{local: -1}
}

// mutableMemory reports whether loads from a module-scope variable or through a pointer
// parameter outside the function address space may be non-uniform.
func mutableMemory(o Object) bool {
	switch o := o.(type) {
	case *Var:
		return o.Access != types.Read
	case *Param:
		p, ok := o.Type.(*types.Pointer)
		return ok && p.Access != types.Read
	}
	return false
}

func (u *uniformity) ifStmt(s *syntax.IfStmt, cf int32) (int32, Behavior) {
	v := u.value(s.Cond, cf)
	in := u.node(nkDiverge, s.Cond, int32(divIf))
	u.edge(in, v)
	mark, before := len(u.log), int32(len(u.loc))
	u.logging++
	cf1, b1 := u.block(s.Then, in)
	thenStart := len(u.pairs)
	u.collectAssigned(mark, before)
	u.undo(mark)
	cf2, b2 := in, BehNext
	if s.Else != nil {
		cf2, b2 = u.stmt(s.Else, in)
	}
	elseStart := len(u.pairs)
	u.collectAssigned(mark, before)
	u.undo(mark)
	u.logging--

	// Join the values of the variables either branch assigned, from the branches that
	// reach the end of the if statement.
	if b1.has(BehNext) || b2.has(BehNext) {
		u.seen++
		a, b := u.seen, u.seen+1
		u.seen++
		for _, p := range u.pairs[thenStart:elseStart] {
			u.loc[p.v].stampA, u.loc[p.v].valA = a, p.val
		}
		for _, p := range u.pairs[elseStart:] {
			u.loc[p.v].stampB, u.loc[p.v].valB = b, p.val
		}
		for i, p := range u.pairs[thenStart:] {
			l := &u.loc[p.v]
			if thenStart+i >= elseStart && l.stampA == a {
				continue // assigned in both branches: done with the then branch's entry
			}
			pre, tv, ev := l.val, l.val, l.val
			if l.stampA == a {
				tv = l.valA
			}
			if l.stampB == b {
				ev = l.valB
			}
			out := ev
			switch {
			case b1.has(BehNext) && b2.has(BehNext):
				out = u.join(-1, tv, ev)
			case b1.has(BehNext):
				out = tv
			}
			if out != pre {
				u.setVar(p.v, out)
			}
		}
	}
	u.pairs = u.pairs[:thenStart]

	beh := b1 | b2
	if beh == BehNext {
		return cf, beh
	}
	end := u.node(nkPlain, nil, 0)
	u.edge(end, cf1)
	u.edge(end, cf2)
	return end, beh
}

// collectAssigned appends to pairs the current value of every variable declared before
// local id before that was assigned since log entry mark.
func (u *uniformity) collectAssigned(mark int, before int32) {
	u.seen++
	for _, a := range u.log[mark:] {
		if l := &u.loc[a.v]; a.v < before && l.seen != u.seen {
			l.seen = u.seen
			u.pairs = append(u.pairs, varValue{a.v, l.val})
		}
	}
}

func (u *uniformity) switchStmt(s *syntax.SwitchStmt, cf int32) (int32, Behavior) {
	v := u.value(s.Selector, cf)
	sel := u.node(nkDiverge, s.Selector, int32(divSwitch))
	u.edge(sel, v)
	t := u.pushTarget(false, -1)
	mark := len(u.log)
	cfStart := len(u.cfs)
	u.logging++
	var b Behavior
	for _, cl := range s.Clauses {
		cfi, bi := u.block(cl.Body, sel)
		b |= bi
		u.cfs = append(u.cfs, cfi)
		if bi.has(BehNext) {
			u.recordExit(t)
		}
		u.undo(mark)
	}
	u.logging--
	u.finishExits(t)
	u.nTargets--
	if b.has(BehBreak) {
		b = (b | BehNext) &^ BehBreak
	}
	if b == BehNext {
		u.cfs = u.cfs[:cfStart]
		return cf, b
	}
	end := u.node(nkPlain, nil, 0)
	for _, c := range u.cfs[cfStart:] {
		u.edge(end, c)
	}
	u.cfs = u.cfs[:cfStart]
	return end, b
}

// pushTarget enters a loop or switch statement; targets are reused by depth, so callers hold
// the index, not a pointer.
func (u *uniformity) pushTarget(loop bool, contScope int) int {
	if u.nTargets == len(u.targets) {
		u.targets = append(u.targets, flowTarget{})
	}
	i := u.nTargets
	u.nTargets++
	t := &u.targets[i]
	t.loop, t.outer, t.contScope = loop, int32(len(u.varStack)), contScope
	t.exits = t.exits[:0]
	for range t.outer {
		t.exits = append(t.exits, -1)
	}
	t.conts = t.conts[:0]
	return i
}

func (u *uniformity) innermostLoop() int {
	for i := u.nTargets - 1; i >= 0; i-- {
		if u.targets[i].loop {
			return i
		}
	}
	return -1
}

// recordExit adds the current values of the outer variables to their values after target t.
func (u *uniformity) recordExit(t int) {
	for p := range u.targets[t].outer {
		x := u.targets[t].exits[p]
		if x < 0 {
			x = u.node(nkPlain, nil, 0)
			u.targets[t].exits[p] = x
		}
		u.edge(x, u.loc[u.varStack[p]].val)
	}
}

// finishExits gives the outer variables their values after target t.
func (u *uniformity) finishExits(t int) {
	for p, x := range u.targets[t].exits {
		if x >= 0 {
			u.setVar(u.varStack[p], x)
		}
	}
}

// recordContinue adds the current values of the variables the continuing block of loop t
// sees to their values at its start.
func (u *uniformity) recordContinue(t int) {
	tg := &u.targets[t]
	visible := int(tg.outer)
	if cs := tg.contScope; cs >= 0 {
		visible = len(u.varStack)
		if cs+1 < len(u.scopes) {
			visible = int(u.scopes[cs+1])
		}
	}
	for p := range visible {
		for len(tg.conts) <= p {
			tg.conts = append(tg.conts, -1)
		}
		if tg.conts[p] < 0 {
			tg.conts[p] = u.node(nkPlain, nil, 0)
		}
		u.edge(tg.conts[p], u.loc[u.varStack[p]].val)
	}
}

// joinContinues gives the variables their values at the start of the continuing block of
// loop t: those at continue statements and, when the body reaches its end, those there.
func (u *uniformity) joinContinues(t int, bodyNext bool) {
	for p, x := range u.targets[t].conts {
		if x < 0 || p >= len(u.varStack) {
			continue
		}
		v := u.varStack[p]
		if bodyNext {
			u.edge(x, u.loc[v].val)
		}
		u.setVar(v, x)
	}
}

// loopEntry creates CF' and the variables' values at the start of each iteration.
func (u *uniformity) loopEntry() (cfLoop int32, insStart int) {
	cfLoop = u.node(nkPlain, nil, 0)
	insStart = len(u.pairs)
	for _, v := range u.varStack {
		in := u.node(nkPlain, nil, 0)
		u.edge(in, u.loc[v].val)
		u.setVar(v, in)
		u.pairs = append(u.pairs, varValue{v, in})
	}
	return cfLoop, insStart
}

// loopBack adds the edges from the start of an iteration to the end of the previous one.
func (u *uniformity) loopBack(cfLoop, cfEnd int32, insStart int) {
	for _, p := range u.pairs[insStart:] {
		if val := u.loc[p.v].val; val != p.val {
			u.edge(p.val, val)
		}
	}
	u.edge(cfLoop, cfEnd)
}

// loopExit finishes loop target t and returns the control flow after it.
func (u *uniformity) loopExit(t int, cf, cfLoop, cf1 int32, insStart int, body Behavior) int32 {
	u.edge(cfLoop, cf)
	u.finishExits(t)
	u.nTargets--
	u.pairs = u.pairs[:insStart]
	switch {
	case !body.has(BehReturn):
		// Control flow is uniform again after a loop that only completes normally.
		return cf
	case body&(BehNext|BehContinue) != 0:
		return cfLoop
	}
	return cf1
}

func (u *uniformity) loopStmt(s *syntax.LoopStmt, cf int32) (int32, Behavior) {
	u.pushScope() // the body's, which the continuing block sees
	t := u.pushTarget(true, len(u.scopes)-1)
	cfLoop, ins := u.loopEntry()
	cf1, b1 := u.stmtList(s.Body.Stmts, cfLoop)
	b2 := BehNext
	if b1&(BehNext|BehContinue) != 0 {
		u.joinContinues(t, b1.has(BehNext))
		cf2 := cf1
		if s.Continuing != nil {
			u.pushScope()
			cf2, b2 = u.stmtList(s.Continuing.Body.Stmts, cf1)
			if bi := s.Continuing.BreakIf; bi != nil && b2.has(BehNext) {
				v := u.value(bi.Cond, cf2)
				n := u.node(nkDiverge, bi.Cond, int32(divBreakIf))
				u.edge(n, v)
				u.recordExit(t)
				cf2 = n
				b2 |= BehBreak
			}
			u.popScope()
		}
		u.loopBack(cfLoop, cf2, ins)
	}
	u.popScope()
	return u.loopExit(t, cf, cfLoop, cf1, ins, b1), loopBehavior(b1, b2)
}

func (u *uniformity) forStmt(s *syntax.ForStmt, cf int32) (int32, Behavior) {
	u.pushScope()
	defer u.popScope()
	if s.Init != nil {
		cf, _ = u.stmt(s.Init, cf)
	}
	return u.condLoop(s.Cond, divFor, s.Body, s.Update, cf)
}

func (u *uniformity) whileStmt(s *syntax.WhileStmt, cf int32) (int32, Behavior) {
	return u.condLoop(s.Cond, divWhile, s.Body, nil, cf)
}

// condLoop analyzes for and while loops as their desugaring:
// loop { if !cond { break; } body continuing { update } }.
func (u *uniformity) condLoop(cond syntax.Expr, dk divKind, body *syntax.CompoundStmt, update syntax.Stmt, cf int32) (int32, Behavior) {
	t := u.pushTarget(true, -1)
	cfLoop, ins := u.loopEntry()
	start := cfLoop
	var b1 Behavior
	if cond != nil {
		v := u.value(cond, cfLoop)
		start = u.node(nkDiverge, cond, int32(dk))
		u.edge(start, v)
		u.recordExit(t)
		b1 = BehBreak
	}
	cf1, bb := u.block(body, start)
	b1 |= bb
	if bb&(BehNext|BehContinue) != 0 {
		u.joinContinues(t, bb.has(BehNext))
		cf2 := cf1
		if update != nil {
			cf2, _ = u.stmt(update, cf1)
		}
		u.loopBack(cfLoop, cf2, ins)
	}
	return u.loopExit(t, cf, cfLoop, cf1, ins, b1), loopBehavior(b1, BehNext)
}

// loopBehavior is the behavior of a loop whose body has behavior body and whose continuing
// block has behavior cont, as the checker computes it.
func loopBehavior(body, cont Behavior) Behavior {
	switch {
	case body == BehReturn:
		return BehReturn
	case !(body | cont).has(BehBreak):
		return (body | cont) &^ (BehContinue | BehNext)
	}
	return (body | cont | BehNext) &^ (BehBreak | BehContinue)
}

// ---- Expressions ----

// value analyzes an expression whose value is used (an RHSValue), applying the load rule
// where the checker did.
func (u *uniformity) value(e syntax.Expr, cf int32) int32 {
	switch e := e.(type) {
	case *syntax.IntLit, *syntax.FloatLit, *syntax.BoolLit:
		return cf
	case *syntax.BinaryExpr, *syntax.CallExpr:
		return u.expr(e, cf, false)
	case *syntax.IdentExpr:
		// Only variables are memory views here; lets and parameters are values, even of
		// pointer type.
		obj := u.c.prog.UseOf(e)
		_, isVar := obj.(*Var)
		return u.identObj(e, obj, cf, isVar)
	case *syntax.UnaryExpr:
		if e.Op != syntax.OpDeref {
			return u.expr(e, cf, false)
		}
	}
	return u.expr(e, cf, u.c.prog.TypeOf(e).Mode == Reference)
}

// expr analyzes an expression; load is set when the load rule applies to the memory view
// the expression (or its root identifier) denotes.
func (u *uniformity) expr(e syntax.Expr, cf int32, load bool) int32 {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return u.expr(e.X, cf, load)
	case *syntax.IdentExpr:
		return u.ident(e, cf, load)
	case *syntax.CallExpr:
		return u.call(e, cf)
	case *syntax.UnaryExpr:
		if e.Op == syntax.OpAddrOf || e.Op == syntax.OpDeref {
			return u.expr(e.X, cf, load)
		}
		return u.value(e.X, cf)
	case *syntax.BinaryExpr:
		if e.Op == syntax.OpLogAnd || e.Op == syntax.OpLogOr {
			// The right operand runs only for some invocations when the left one is
			// non-uniform.
			dk := divAnd
			if e.Op == syntax.OpLogOr {
				dk = divOr
			}
			sc := u.node(nkDiverge, e.X, int32(dk))
			u.edge(sc, u.value(e.X, cf))
			return u.value(e.Y, sc)
		}
		return u.join(cf, u.value(e.X, cf), u.value(e.Y, cf))
	case *syntax.MemberExpr:
		return u.expr(e.X, cf, load)
	case *syntax.IndexExpr:
		base := u.expr(e.X, cf, load)
		return u.join(cf, base, u.value(e.Index, cf))
	}
	return cf
}

// read is the value of identifier e that depends on x, at control flow cf.
func (u *uniformity) read(e *syntax.IdentExpr, cf, x int32) int32 {
	if x == cf {
		return cf
	}
	n := u.node(nkRead, e, 0)
	u.edge(n, cf)
	u.edge(n, x)
	return n
}

// source is a read of identifier e that may be non-uniform.
func (u *uniformity) source(e *syntax.IdentExpr) int32 {
	n := u.node(nkRead, e, 0)
	u.edge(n, nMayBeNonUniform)
	return n
}

func (u *uniformity) ident(e *syntax.IdentExpr, cf int32, load bool) int32 {
	return u.identObj(e, u.c.prog.UseOf(e), cf, load)
}

func (u *uniformity) identObj(e *syntax.IdentExpr, obj Object, cf int32, load bool) int32 {
	switch o := obj.(type) {
	case *Var:
		if id, ok := u.locals[o]; ok {
			if !load {
				return cf
			}
			return u.read(e, cf, u.loc[id].val)
		}
		if load && mutableMemory(o) {
			return u.source(e)
		}
	case *Let:
		id, ok := u.locals[o]
		if !ok {
			break
		}
		l := &u.loc[id]
		v := u.read(e, cf, l.val)
		if !load || !l.ptr {
			return v
		}
		// Loading through a pointer: the contents of what it points into.
		switch r := l.root; {
		case r.local >= 0:
			return u.join(cf, v, u.read(e, cf, u.loc[r.local].val))
		case mutableMemory(r.obj):
			return u.join(cf, v, u.source(e))
		}
		return v
	case *Param:
		if o.Index >= len(u.params) {
			break
		}
		pn := &u.params[o.Index]
		switch {
		case u.fn.IsEntryPoint():
			if pn.uniform {
				return cf
			}
			return u.source(e)
		case pn.local >= 0:
			if load {
				return u.read(e, cf, u.loc[pn.local].val)
			}
			return u.read(e, cf, pn.value)
		}
		if _, isPtr := o.Type.(*types.Pointer); isPtr {
			if load && mutableMemory(o) {
				return u.source(e)
			}
			return cf
		}
		return u.read(e, cf, pn.value)
	}
	// Constants, overrides, read-only module-scope variables and memory views not loaded.
	return cf
}

func (u *uniformity) call(e *syntax.CallExpr, cf int32) int32 {
	ci := u.c.prog.CallOf(e)
	if ci != nil && ci.Kind == CallFunc {
		return u.userCall(e, ci.Func, cf)
	}
	base := len(u.args)
	r := cf
	for _, a := range e.Args {
		v := u.value(a, cf)
		u.args = append(u.args, callArg{val: v})
		r = u.join(cf, r, v)
	}
	defer func() { u.args = u.args[:base] }()
	if ci == nil || ci.Kind != CallBuiltin {
		// Value constructors, conversions and bitcast.
		return r
	}
	o := ci.Builtin.Overload
	// requireParams requires the arguments of the overload's @uniform parameters to be
	// uniform, with severity sev.
	requireParams := func(sev filterSeverity) {
		for i, p := range o.Params {
			if p.Uniform && i < len(e.Args) {
				u.require(sev, u.argNode(e, i, u.args[base+i].val))
			}
		}
	}
	switch o.Uniformity {
	case builtins.UniformityBarrier:
		if u.scope == workgroupScope {
			u.require(sevError, u.callNode(e, cf))
			requireParams(sevError)
			return cf
		}
	case builtins.UniformityDerivative:
		if u.scope == workgroupScope {
			if sev := u.c.severityAt(o.Uniformity.TriggeringRule(), e.Loc.Start); sev != sevOff {
				u.require(sev, u.callNode(e, cf))
			}
		}
		return u.nonUniformResult(e)
	case builtins.UniformitySubgroup, builtins.UniformitySubgroupUniform:
		if u.scope != subgroupScope {
			return u.nonUniformResult(e)
		}
		if sev := u.c.severityAt(o.Uniformity.TriggeringRule(), e.Loc.Start); sev != sevOff {
			u.require(sev, u.callNode(e, cf))
			requireParams(sev)
		}
		if o.Uniformity == builtins.UniformitySubgroup {
			return u.nonUniformResult(e)
		}
	case builtins.UniformityNonUniformResult:
		return u.nonUniformResult(e)
	case builtins.UniformityStorageTextureLoad:
		if len(ci.Builtin.Params) > 0 {
			if tex, ok := ci.Builtin.Params[0].(*types.Texture); ok && tex.Kind == types.TexStorage && tex.Access == types.ReadWrite {
				return u.nonUniformResult(e)
			}
		}
	}
	return r
}

func (u *uniformity) callNode(e *syntax.CallExpr, cf int32) int32 {
	n := u.node(nkCall, e, 0)
	u.edge(n, cf)
	return n
}

func (u *uniformity) argNode(e *syntax.CallExpr, i int, val int32) int32 {
	n := u.node(nkArg, e, int32(i))
	u.edge(n, val)
	return n
}

func (u *uniformity) nonUniformResult(e *syntax.CallExpr) int32 {
	n := u.node(nkResult, e, 0)
	u.edge(n, nMayBeNonUniform)
	return n
}

// userCall applies the callee's tags to a call of a user-declared function.
func (u *uniformity) userCall(e *syntax.CallExpr, g *Func, cf int32) int32 {
	base := len(u.args)
	for _, a := range e.Args {
		v := u.value(a, cf)
		u.args = append(u.args, callArg{val: v, contents: -1})
	}
	args := u.args[base:]
	defer func() { u.args = u.args[:base] }()

	call := u.callNode(e, cf)
	result := int32(-1)
	if g.Result != nil {
		result = u.node(nkResult, e, 0)
		u.edge(result, call)
	}
	gi := u.infos[g]
	if gi == nil || len(gi.params) != len(args) {
		// Not analyzed (it has errors): assume no restriction.
		if result < 0 {
			return cf
		}
		for _, a := range args {
			u.edge(result, a.val)
		}
		return result
	}
	if gi.callSite != sevDefault {
		u.require(gi.callSite, call)
	}
	if gi.returnNonUniform && result >= 0 {
		u.edge(result, nMayBeNonUniform)
	}
	for i := range args {
		a := &args[i]
		a.node = u.argNode(e, i, a.val)
		if pt := &gi.params[i]; pt.pointer {
			// The contents of the memory the argument points to, before the call.
			a.contents = u.node(nkArgContents, e, int32(i))
			u.edge(a.contents, a.node)
			switch r := u.root(e.Args[i]); {
			case r.local >= 0:
				u.edge(a.contents, u.loc[r.local].val)
			case mutableMemory(r.obj):
				u.edge(a.contents, nMayBeNonUniform)
			}
		}
	}
	for i := range args {
		pt, a := &gi.params[i], &args[i]
		switch pt.req {
		case reqValue:
			u.require(pt.reqSev, a.node)
		case reqContents:
			u.require(pt.reqSev, a.contents)
		}
		if result >= 0 {
			switch pt.ret {
			case reqValue:
				u.edge(result, a.node)
			case reqContents:
				u.edge(result, a.contents)
			}
		}
	}
	// What the pointer arguments point to after the call.
	for i := range args {
		pt := &gi.params[i]
		if !pt.pointer {
			continue
		}
		out := u.node(nkPtrResult, e, int32(i))
		if pt.mayBecomeNonUniform {
			u.edge(out, nMayBeNonUniform)
		} else {
			u.edge(out, call)
			for _, j := range pt.fromValues {
				u.edge(out, args[j].node)
			}
			for _, j := range pt.fromContents {
				u.edge(out, args[j].contents)
			}
		}
		if r := u.root(e.Args[i]); r.local >= 0 {
			if r.partial {
				// The call writes part of the variable at most.
				u.edge(out, u.loc[r.local].val)
			}
			u.setVar(r.local, out)
		}
	}
	if result < 0 {
		return cf
	}
	return result
}

func growInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/4)
	}
	return s[:n]
}

func growUint32(s []uint32, n int) []uint32 {
	if cap(s) < n {
		t := make([]uint32, n, n+n/4)
		copy(t, s[:cap(s)])
		return t
	}
	return s[:n]
}
