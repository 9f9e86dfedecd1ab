package backend

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// funcState is the emitter's state inside one function.
type funcState struct {
	irf *ir.Func
	f   *spirv.Function
	// inner holds the pointer to member 0 of each buffer wrapper the function uses directly.
	inner map[ir.Value]spirv.ID
	// targets maps each construct to where its exits go.
	targets map[*ir.Inst]*target
	// dead is set when the rest of the current IR block is unreachable (a construct none of
	// whose paths reach its merge block); the SPIR-V block is then already terminated.
	dead bool
	// loops are the loops being emitted, innermost last, each with whether its body (not
	// its continuing block) is being emitted.
	loops []openLoop
}

type openLoop struct {
	t      *target
	inBody bool
}

// target is a construct's merge (and, for loops, header and continue) labels and the edges
// found so far into them.
type target struct {
	in                   *ir.Inst
	merge, header, cont  spirv.ID
	incoming             []spirv.ID // per edge into merge: the construct's results, then the label
	edges, continueEdges int
}

func (e *emitter) function(f *ir.Func) {
	b := e.b
	ret := e.typeID(f.Result)
	params := make([]spirv.ID, len(f.Params))
	for i, p := range f.Params {
		params[i] = e.typeID(e.m.Type(p))
	}
	sf := b.BeginFunction(e.funcIDs[f], ret, b.TypeFunction(ret, params...), spirv.FunctionControlNone)
	if f.Stage == ir.StageNone {
		// An entry point's name is in its OpEntryPoint already.
		e.name(sf.ID(), f.Name)
	}
	for i, p := range f.Params {
		id := sf.Param(params[i])
		e.ids[p] = id
		e.name(id, e.m.Name(p))
	}
	// One funcState serves every function in turn: its tables are cleared, not made again.
	fs := e.fnState
	if fs == nil {
		fs = &funcState{inner: map[ir.Value]spirv.ID{}, targets: map[*ir.Inst]*target{}}
		e.fnState = fs
	}
	clear(fs.inner)
	clear(fs.targets)
	*fs = funcState{irf: f, f: sf, inner: fs.inner, targets: fs.targets, loops: fs.loops[:0]}
	e.fn = fs
	e.pos = f.Pos
	sf.Block(0)
	e.preamble(f)
	e.block(f.Body)
	if sf.Current() != 0 {
		sf.Unreachable()
	}
	sf.End()
	e.fn, e.pos = nil, ir.NoPos
}

// preamble makes, at the top of the entry block, the pointers to the store types of the
// buffers the function uses other than as the base of an access chain.
func (e *emitter) preamble(f *ir.Func) {
	for _, a := range e.info[f].inner {
		g := e.m.Global(a)
		e.fn.inner[a] = e.fn.f.AccessChain(e.ptrType(g.Space, g.Type), e.wrapped[a], e.constU32(0))
	}
}

// operand returns the id of v as an instruction operand.
func (e *emitter) operand(v ir.Value) spirv.ID {
	if e.m.Kind(v) == ir.KindGlobal {
		if _, ok := e.wrapped[v]; ok {
			return e.fn.inner[v]
		}
	}
	return e.value(v)
}

// operands returns the ids of vs in a scratch slice, valid until the next call.
func (e *emitter) operands(vs []ir.Value) []spirv.ID {
	ids := e.scratch[:0]
	for _, v := range vs {
		ids = append(ids, e.operand(v))
	}
	e.scratch = ids
	return ids
}

func (e *emitter) block(blk *ir.Block) {
	for _, in := range blk.Insts {
		if e.fn.dead {
			return
		}
		if e.lines != nil {
			e.setLine(in.Pos)
		}
		if in.Pos.IsValid() {
			e.pos = in.Pos
		}
		e.inst(in)
	}
}

// open starts the SPIR-V block label as the place where emission continues.
func (e *emitter) open(label spirv.ID) {
	e.fn.f.Block(label)
	e.fn.dead = false
}

// edge records a branch from the current block into t's merge block carrying args.
func (e *emitter) edge(t *target, args []ir.Value) {
	if len(t.in.Results()) == 0 {
		t.edges++
		e.fn.f.Branch(t.merge)
		return
	}
	for _, a := range args {
		t.incoming = append(t.incoming, e.operand(a))
	}
	t.incoming = append(t.incoming, e.fn.f.Current())
	t.edges++
	e.fn.f.Branch(t.merge)
}

// mergeBlock opens t's merge block and defines the construct's results there.
func (e *emitter) mergeBlock(t *target) {
	sf := e.fn.f
	e.open(t.merge)
	if t.edges == 0 {
		e.unreachableMerge()
		e.fn.dead = true
		return
	}
	n := len(t.in.Results())
	for i, r := range t.in.Results() {
		if t.edges == 1 {
			e.ids[r] = t.incoming[i]
			continue
		}
		pairs := make([]spirv.ID, 0, 2*t.edges)
		for k := 0; k < t.edges; k++ {
			pairs = append(pairs, t.incoming[k*(n+1)+i], t.incoming[k*(n+1)+n])
		}
		e.ids[r] = sf.Phi(e.typeID(e.m.Type(r)), pairs...)
	}
}

// unreachableMerge ends a merge block that no path reaches. It is OpUnreachable, except
// inside a continue construct, where every block must be structurally post-dominated by the
// back-edge block, so that a block ending the path is invalid: there the merge block goes on
// to the continue target of the innermost loop, which is inside the continue construct (a
// construct there that never completes leaves a loop nested in the continuing block, by a
// break or a continue).
func (e *emitter) unreachableMerge() {
	sf := e.fn.f
	inContinuing := false
	for _, l := range e.fn.loops {
		inContinuing = inContinuing || !l.inBody
	}
	if n := len(e.fn.loops); inContinuing && e.fn.loops[n-1].inBody {
		t := e.fn.loops[n-1].t
		t.continueEdges++
		sf.Branch(t.cont)
		return
	}
	sf.Unreachable()
}

func (e *emitter) control(in *ir.Inst) {
	b, sf := e.b, e.fn.f
	switch in.Op {
	case ir.OpIf:
		t := &target{in: in, merge: b.NewID()}
		e.fn.targets[in] = t
		cond := e.operand(in.Args[0])
		// A block that only leaves (an exit_if, a break or a continue carrying nothing) is
		// not emitted: the header branches straight to where it goes.
		thenL, directThen := e.directTarget(in.Then())
		elseL, directElse := e.directTarget(in.Else())
		if directThen && directElse && thenL == elseL {
			// Both go to the same place: emit the then block, so that the header has two
			// distinct successors.
			thenL, directThen = b.NewID(), false
			e.undoDirect(in.Then())
		}
		if !directThen {
			thenL = b.NewID()
		}
		if !directElse {
			elseL = b.NewID()
		}
		sf.SelectionMerge(t.merge, spirv.SelectionControlNone)
		sf.BranchConditional(cond, thenL, elseL)
		if !directThen {
			e.open(thenL)
			e.block(in.Then())
		}
		if !directElse {
			e.open(elseL)
			e.block(in.Else())
		}
		e.setLine(in.Pos)
		e.mergeBlock(t)
	case ir.OpLoop:
		t := &target{in: in, merge: b.NewID(), header: b.NewID(), cont: b.NewID()}
		e.fn.targets[in] = t
		body := b.NewID()
		sf.Branch(t.header)
		e.open(t.header)
		sf.LoopMerge(t.merge, t.cont, spirv.LoopControlNone)
		sf.Branch(body)
		e.open(body)
		e.fn.loops = append(e.fn.loops, openLoop{t: t, inBody: true})
		e.block(in.Body())
		e.setLine(in.Pos)
		e.open(t.cont)
		e.fn.loops[len(e.fn.loops)-1].inBody = false
		if t.continueEdges == 0 {
			sf.Branch(t.header) // unreachable continue construct
		} else {
			e.block(in.Continuing())
		}
		e.fn.loops = e.fn.loops[:len(e.fn.loops)-1]
		e.setLine(in.Pos)
		e.mergeBlock(t)
	case ir.OpSwitch:
		t := &target{in: in, merge: b.NewID()}
		e.fn.targets[in] = t
		sel := e.operand(in.Args[0])
		labels := make([]spirv.ID, len(in.Cases()))
		var def spirv.ID
		var cases []spirv.SwitchCase
		for i, c := range in.Cases() {
			labels[i] = b.NewID()
			if c.Default {
				def = labels[i]
			}
			for _, v := range c.Values {
				cases = append(cases, spirv.SwitchCase{Value: uint32(e.m.Const(v).Bits), Label: labels[i]})
			}
		}
		sf.SelectionMerge(t.merge, spirv.SelectionControlNone)
		sf.Switch(sel, def, cases...)
		for i := range in.Cases() {
			e.open(labels[i])
			e.block(in.Blocks()[i])
		}
		e.setLine(in.Pos)
		e.mergeBlock(t)
	}
}

// directTarget reports whether blk, a block of an if, is nothing but a terminator that
// carries no values and goes to a label of an enclosing construct, and returns that label,
// counting the edge as the terminator would.
func (e *emitter) directTarget(blk *ir.Block) (spirv.ID, bool) {
	if len(blk.Insts) != 1 {
		return 0, false
	}
	in := blk.Insts[0]
	if len(in.Args) != 0 {
		return 0, false
	}
	switch in.Op {
	case ir.OpExitIf:
		t := e.fn.targets[blk.Parent]
		if len(t.in.Results()) != 0 {
			return 0, false
		}
		t.edges++
		return t.merge, true
	case ir.OpBreak:
		t := e.fn.targets[blk.BreakTarget()]
		if len(t.in.Results()) != 0 {
			return 0, false
		}
		t.edges++
		return t.merge, true
	case ir.OpContinue:
		t := e.fn.targets[blk.Loop()]
		t.continueEdges++
		return t.cont, true
	}
	return 0, false
}

// undoDirect takes back the edge directTarget counted for blk.
func (e *emitter) undoDirect(blk *ir.Block) {
	in := blk.Insts[0]
	switch in.Op {
	case ir.OpExitIf:
		e.fn.targets[blk.Parent].edges--
	case ir.OpBreak:
		e.fn.targets[blk.BreakTarget()].edges--
	case ir.OpContinue:
		e.fn.targets[blk.Loop()].continueEdges--
	}
}

func (e *emitter) terminator(in *ir.Inst) {
	sf := e.fn.f
	blk := in.Block
	switch in.Op {
	case ir.OpReturn:
		if len(in.Args) == 1 {
			sf.ReturnValue(e.operand(in.Args[0]))
		} else {
			sf.Return()
		}
	case ir.OpExitIf:
		e.edge(e.fn.targets[blk.Parent], in.Args)
	case ir.OpBreak:
		e.edge(e.fn.targets[blk.BreakTarget()], in.Args)
	case ir.OpContinue:
		t := e.fn.targets[blk.Loop()]
		t.continueEdges++
		sf.Branch(t.cont)
	case ir.OpBreakIf:
		t := e.fn.targets[blk.Parent]
		t.edges++ // loops have no results
		sf.BranchConditional(e.operand(in.Args[0]), t.merge, t.header)
	case ir.OpNextIteration:
		sf.Branch(e.fn.targets[blk.Parent].header)
	case ir.OpKill:
		if e.ver >= spirv.Version1_6 {
			sf.TerminateInvocation()
		} else {
			sf.Kill()
		}
	case ir.OpUnreachable:
		sf.Unreachable()
	}
}

// variable emits an OpVar. A variable of the function's top-level block is created once
// per call, so a constant initializer (or zero) goes on the OpVariable; elsewhere (in a loop,
// say) the initialisation is a store where the IR has it.
func (e *emitter) variable(in *ir.Inst) {
	sf := e.fn.f
	pt := e.m.Type(in.Result).(*types.Pointer)
	ptr := e.typeID(pt)
	var init ir.Value
	if len(in.Args) == 1 {
		init = in.Args[0]
	}
	if in.Block == e.fn.irf.Body && (init == 0 || e.m.IsModuleScope(init) && e.m.Kind(init) != ir.KindGlobal) {
		iv := spirv.ID(0)
		if init != 0 {
			iv = e.value(init)
		} else {
			iv = e.b.ConstantNull(e.typeID(pt.Elem))
		}
		e.ids[in.Result] = sf.Variable(ptr, iv)
	} else {
		v := sf.Variable(ptr, 0)
		e.ids[in.Result] = v
		if init != 0 {
			sf.Store(v, e.operand(init))
		} else {
			sf.Store(v, e.b.ConstantNull(e.typeID(pt.Elem)))
		}
	}
	e.name(e.ids[in.Result], e.m.Name(in.Result))
}
