package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// DeadCode removes what cannot affect the program: instructions without effects whose
// results are unused (pure operations, loads, access chains, pure builtins, variables never
// used), repeated until nothing changes; the instructions after a construct from which
// control never comes back; and, when the module has entry points, functions no entry point
// calls.
func DeadCode(m *ir.Module) {
	removeAfterNoReturn(m)
	removeUnused(m)
	removeUncalled(m)
}

// removeUnused removes the instructions without effects whose results are unused, and
// then those whose results only they used, and so on: it counts the uses once, and each
// instruction it drops takes its operands' uses away, which may make their definitions
// unused in turn. (Such instructions own no blocks, so only their operands use anything.)
func removeUnused(m *ir.Module) {
	uses := ir.Uses(m)
	dead := make([]bool, len(uses))
	deletable := func(in *ir.Inst) bool {
		return in.Result != 0 && !dead[in.Result] && removable(in) && !loadsInput(m, in)
	}
	var work []*ir.Inst
	ir.WalkModule(m, func(in *ir.Inst) {
		if in.Result != 0 && uses[in.Result] == 0 && deletable(in) {
			dead[in.Result] = true
			work = append(work, in)
		}
	})
	if len(work) == 0 {
		return
	}
	for len(work) > 0 {
		in := work[len(work)-1]
		work = work[:len(work)-1]
		for _, a := range in.Args {
			if uses[a]--; uses[a] != 0 {
				continue
			}
			if d := m.Def(a); d != nil && deletable(d) {
				dead[a] = true
				work = append(work, d)
			}
		}
	}
	ir.RemoveInsts(m, func(in *ir.Inst) bool { return in.Result != 0 && dead[in.Result] })
}

// loadsInput reports whether in loads a pipeline input. Such loads stay: the entry point's
// interface lists and decorates the inputs it uses, and an input it uses (sample_index, a
// sample-interpolated location) may make the fragment shader run per sample.
func loadsInput(m *ir.Module, in *ir.Inst) bool {
	if in.Op != ir.OpLoad && in.Op != ir.OpAccess {
		return false
	}
	g := m.Global(in.Args[0])
	return g != nil && g.Space == types.AddrIn
}

func removable(in *ir.Inst) bool {
	switch in.Op {
	case ir.OpLoad, ir.OpAccess, ir.OpVar:
		return true
	case ir.OpBuiltin:
		return in.Builtin().Const()
	}
	return in.Op.IsPure()
}

// removeAfterNoReturn drops the instructions that follow a construct none of whose paths
// continue after it, and ends the block with OpUnreachable.
func removeAfterNoReturn(m *ir.Module) {
	for _, f := range m.Funcs {
		e := exits{}
		var visit func(blk *ir.Block)
		visit = func(blk *ir.Block) {
			for i, in := range blk.Insts {
				for _, nb := range in.Blocks() {
					visit(nb)
				}
				if in.Op.IsControl() && !e.completes(in) && i+1 < len(blk.Insts) {
					if t := blk.Terminator(); i+2 == len(blk.Insts) && t != nil && t.Op == ir.OpUnreachable {
						return
					}
					b := ir.NewBuilder(f)
					b.SetPos(in.Pos)
					blk.Insts = blk.Insts[:i+1]
					b.SetBlock(blk)
					b.Unreachable()
					if l := blk.Parent; l != nil && l.Op == ir.OpLoop && blk == l.Body() && !mayContinue(blk) {
						// The continuing block is unreachable and may use values just removed.
						cont := l.Continuing()
						cont.Insts = nil
						b.SetBlock(cont)
						b.NextIteration()
					}
					return
				}
			}
		}
		visit(f.Body)
	}
}

// exits answers whether control can leave constructs normally. It remembers the answer for
// each construct: the question about a construct asks it again of every construct nested in
// it, so without the memo the work doubles with each level of nesting. The answers hold
// while the constructs' blocks do not change, except by the removal of instructions that
// follow a construct that does not complete, which changes none of them.
type exits map[*ir.Inst]bool

// completes reports whether control can continue after construct in.
func (e exits) completes(in *ir.Inst) bool {
	if v, ok := e[in]; ok {
		return v
	}
	v := true
	switch in.Op {
	case ir.OpIf, ir.OpSwitch:
		v = false
		for _, nb := range in.Blocks() {
			if e.reaches(nb, in) {
				v = true
				break
			}
		}
	case ir.OpLoop:
		v = e.reaches(in.Body(), in) || e.reaches(in.Continuing(), in)
	}
	e[in] = v
	return v
}

// reaches reports whether blk (nested in construct c) may exit c normally: an exit_if of
// c's own block, or a break that targets c, reached without first leaving for good.
func (e exits) reaches(blk *ir.Block, c *ir.Inst) bool {
	for _, in := range blk.Insts {
		switch in.Op {
		case ir.OpExitIf:
			return blk.Parent == c
		case ir.OpBreak:
			return blk.BreakTarget() == c
		case ir.OpBreakIf:
			return blk.Parent == c
		case ir.OpIf, ir.OpSwitch, ir.OpLoop:
			for _, nb := range in.Blocks() {
				if e.reaches(nb, c) {
					return true
				}
			}
			if !e.completes(in) {
				return false
			}
		}
	}
	return false
}

func removeUncalled(m *ir.Module) {
	live := map[*ir.Func]bool{}
	hasEntry := false
	for _, f := range m.Funcs {
		if f.Stage != ir.StageNone {
			hasEntry = true
			for _, g := range ir.CallGraphOrder(f) {
				live[g] = true
			}
		}
	}
	if !hasEntry {
		return
	}
	for _, f := range append([]*ir.Func(nil), m.Funcs...) {
		if !live[f] {
			m.RemoveFunc(f)
		}
	}
}

// mayContinue reports whether blk contains a continue to the loop whose body it is.
func mayContinue(blk *ir.Block) bool {
	for _, in := range blk.Insts {
		if in.Op == ir.OpContinue {
			return true
		}
		if in.Op == ir.OpLoop {
			continue
		}
		for _, nb := range in.Blocks() {
			if mayContinue(nb) {
				return true
			}
		}
	}
	return false
}
