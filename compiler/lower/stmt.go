package lower

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// stmts lowers a statement list. Statements after one that leaves the block (return,
// break, continue, discard) are unreachable and not lowered.
func (l *lowerer) stmts(list []syntax.Stmt) {
	for _, s := range list {
		if l.b.Terminated() {
			return
		}
		l.stmt(s)
	}
}

// body lowers the statements of a block, then takes the position of its closing brace for
// the instructions that end it.
func (l *lowerer) body(c *syntax.CompoundStmt) {
	l.stmts(c.Stmts)
	l.closeBrace(c.Loc)
}

func (l *lowerer) stmt(s syntax.Stmt) {
	b := l.b
	l.at(s)
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		l.body(s)
	case *syntax.VarDecl:
		l.localVar(s)
	case *syntax.LetDecl:
		l.let(s)
	case *syntax.ConstDecl, *syntax.ConstAssert:
		// Constants have no code: their uses are replaced by their values.
	case *syntax.AssignStmt:
		l.assign(s)
	case *syntax.IncDecStmt:
		l.incDec(s)
	case *syntax.CallStmt:
		l.value(s.Call)
	case *syntax.ReturnStmt:
		if s.Value == nil {
			b.Return()
			return
		}
		if v := l.valueAs(s.Value, l.fn.Result); v != 0 {
			b.Return(v)
		}
	case *syntax.DiscardStmt:
		// WGSL's discard demotes the invocation to a helper and execution goes on; the IR's
		// discard does not end its block either (transform.DemoteToHelper or the backend's
		// OpDemoteToHelperInvocation give it its meaning).
		b.Discard()
	case *syntax.BreakStmt:
		b.Break()
	case *syntax.ContinueStmt:
		b.Continue()
	case *syntax.BreakIfStmt:
		// The 2021 draft's `break if` inside a loop body.
		if v := l.value(s.Cond); v != 0 {
			b.If(v, nil, func() { b.Break() }, nil)
		}
	case *syntax.IfStmt:
		l.ifStmt(s)
	case *syntax.SwitchStmt:
		l.switchStmt(s)
	case *syntax.LoopStmt:
		l.loopStmt(s)
	case *syntax.ForStmt:
		l.forStmt(s)
	case *syntax.WhileStmt:
		b.Loop(func() {
			l.exitUnless(s.Cond)
			l.body(s.Body)
		}, nil)
	default:
		l.errorf(s, "this statement cannot be lowered")
	}
}

func (l *lowerer) localVar(d *syntax.VarDecl) {
	v, ok := l.p.Defs[d].(*sema.Var)
	if !ok {
		l.errorf(d, "variable '%s' was not checked", d.Name.Name)
		return
	}
	var init ir.Value
	if d.Init != nil {
		// A failed initializer was reported; the variable is still made (zeroed), so that
		// its uses report nothing more.
		init = l.valueAs(d.Init, v.Type)
	}
	l.vals[v] = l.b.Var(v.Name(), v.Type, init)
}

func (l *lowerer) let(d *syntax.LetDecl) {
	obj, ok := l.p.Defs[d].(*sema.Let)
	if !ok {
		l.errorf(d, "let '%s' was not checked", d.Name.Name)
		return
	}
	v := l.valueAs(d.Init, obj.Type)
	if v == 0 {
		l.fail(obj)
		return
	}
	if l.m.Kind(v) == ir.KindInst && l.m.Name(v) == "" {
		l.m.SetName(v, obj.Name())
	}
	l.vals[obj] = v
}

// assign lowers `lhs = rhs`, `lhs op= rhs` (lhs evaluated once) and `_ = rhs`.
func (l *lowerer) assign(s *syntax.AssignStmt) {
	if s.Phony {
		// Evaluated for its effects only: a memory view is not even loaded, and a
		// const-expression, which has none, is not materialized (an abstract value may not
		// even fit a concrete type).
		if l.p.TypeOf(s.RHS).Value.IsValid() {
			return
		}
		if l.p.TypeOf(s.RHS).Mode == sema.Reference {
			if _, ok := l.p.TypeOf(s.RHS).Type.(*types.Reference).Elem.(*types.Texture); !ok {
				if _, ok := l.p.TypeOf(s.RHS).Type.(*types.Reference).Elem.(*types.Sampler); !ok {
					l.ref(s.RHS)
				}
			}
			return
		}
		l.value(s.RHS)
		return
	}
	ptr := l.ref(s.LHS)
	if ptr == 0 {
		return
	}
	elem := l.m.Type(ptr).(*types.Pointer).Elem
	if s.Op == syntax.OpNone {
		if v := l.valueAs(s.RHS, elem); v != 0 {
			l.b.Store(ptr, v)
		}
		return
	}
	old := l.b.Load(ptr)
	rhs := l.value(s.RHS)
	if rhs == 0 {
		return
	}
	l.b.Store(ptr, l.b.Binary(binaryOps[s.Op], old, rhs))
}

// incDec lowers `lhs++` and `lhs--` on an i32 or u32.
func (l *lowerer) incDec(s *syntax.IncDecStmt) {
	ptr := l.ref(s.X)
	if ptr == 0 {
		return
	}
	old := l.b.Load(ptr)
	one := l.m.ConstInt(l.m.Type(old).(*types.Scalar), 1)
	if s.Inc {
		l.b.Store(ptr, l.b.Add(old, one))
	} else {
		l.b.Store(ptr, l.b.Sub(old, one))
	}
}

func (l *lowerer) ifStmt(s *syntax.IfStmt) {
	cond := l.value(s.Cond)
	if cond == 0 {
		return
	}
	var els func()
	if s.Else != nil {
		els = func() { l.stmt(s.Else) }
	}
	l.b.If(cond, nil, func() { l.body(s.Then) }, els)
}

// exitUnless ends the innermost loop when cond is false: the test of for and while.
func (l *lowerer) exitUnless(cond syntax.Expr) {
	if cond == nil {
		return
	}
	l.at(cond)
	if v := l.value(cond); v != 0 {
		l.b.If(v, nil, nil, func() { l.b.Break() })
	}
}

func (l *lowerer) switchStmt(s *syntax.SwitchStmt) {
	sel := l.value(s.Selector)
	if sel == 0 {
		return
	}
	st := l.m.Type(sel)
	sw := l.b.Switch(sel)
	for i, cl := range s.Clauses {
		var vals []ir.Value
		isDefault := false
		for _, cs := range cl.Selectors {
			if cs.IsDefault() {
				isDefault = true
				continue
			}
			vals = append(vals, l.constant(l.p.TypeOf(cs.Expr).Value, st))
		}
		body := caseStmts(s, i) // with the 2021 draft's fallthrough
		l.at(cl)
		l.b.Case(sw, vals, isDefault, func() {
			l.stmts(body)
			l.closeBrace(cl.Body.Loc)
		})
	}
}

func (l *lowerer) loopStmt(s *syntax.LoopStmt) {
	var continuing func()
	if c := s.Continuing; c != nil {
		continuing = func() {
			l.continuing++
			defer func() { l.continuing-- }()
			stmts, legacyBreak, negate := l.legacyContinuing(c)
			l.stmts(stmts)
			if legacyBreak != nil && !l.b.Terminated() {
				l.breakIf(legacyBreak, negate)
			}
			if c.BreakIf != nil && !l.b.Terminated() {
				l.at(c.BreakIf)
				if v := l.value(c.BreakIf.Cond); v != 0 {
					l.b.BreakIf(v)
				}
			}
			l.closeBrace(c.Loc)
		}
	}
	l.b.Loop(func() {
		l.stmts(s.Body.Stmts)
		// The body's span ends with its last statement: the jump to the continuing block
		// is at `continuing`, or at the loop's closing brace.
		if s.Continuing != nil {
			l.at(s.Continuing)
		} else {
			l.closeBrace(s.Loc)
		}
	}, continuing)
}

// forStmt lowers `for (init; cond; update) { body }` as
// `init; loop { if !cond { break; } body continuing { update } }`.
func (l *lowerer) forStmt(s *syntax.ForStmt) {
	if s.Init != nil {
		l.stmt(s.Init)
	}
	var continuing func()
	if s.Update != nil {
		continuing = func() {
			l.continuing++
			l.stmt(s.Update)
			l.continuing--
		}
	}
	l.at(s)
	l.b.Loop(func() {
		l.exitUnless(s.Cond)
		l.body(s.Body)
	}, continuing)
}
