package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
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
//
// This file holds the graph and the driver; the rules are in uniformity_stmt.go (statements)
// and uniformity_expr.go (expressions and calls), the function-level tags in
// uniformity_funcs.go, and the failures and their explanations in uniformity_report.go.

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
	// Only the calls of builtins that need uniformity (barriers and derivatives at workgroup
	// scope, subgroup operations at subgroup scope) require anything to be uniform: a
	// program without them has nothing to report, and most programs have none of one kind
	// or the other, so the graph is not built for them.
	workgroup, subgroup := callsNeedingUniformity(c.prog)
	if !workgroup && !subgroup {
		return
	}
	u := &uniformity{c: c, locals: map[Object]int32{}}
	if workgroup {
		u.run(workgroupScope)
	}
	if subgroup {
		u.run(subgroupScope)
	}
}

// callsNeedingUniformity reports whether a function of p calls a builtin that needs
// uniformity at workgroup scope, and one that needs it at subgroup scope.
func callsNeedingUniformity(p *Program) (workgroup, subgroup bool) {
	for _, f := range p.Funcs {
		for _, b := range f.Builtins {
			switch b.Uniformity {
			case builtins.UniformityBarrier, builtins.UniformityDerivative:
				workgroup = true
			case builtins.UniformitySubgroup, builtins.UniformitySubgroupUniform:
				subgroup = true
			}
		}
	}
	return workgroup, subgroup
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
