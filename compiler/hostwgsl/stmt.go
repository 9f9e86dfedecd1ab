package hostwgsl

import (
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func (w *writer) stmts(list []syntax.Stmt) []syntax.Stmt {
	var out []syntax.Stmt
	for _, s := range list {
		if s := w.stmt(s); s != nil {
			out = append(out, s)
		}
		if w.l.deadCode && leaves(s) {
			break // what follows never runs
		}
	}
	return out
}

// leaves reports whether s transfers control out of its block.
func leaves(s syntax.Stmt) bool {
	switch s.(type) {
	case *syntax.ReturnStmt, *syntax.DiscardStmt, *syntax.BreakStmt, *syntax.ContinueStmt:
		return true
	}
	return false
}

func (w *writer) block(b *syntax.CompoundStmt) *syntax.CompoundStmt {
	if b == nil {
		return nil
	}
	return &syntax.CompoundStmt{Loc: b.Loc, Attrs: w.attrs(b.Attrs), Stmts: w.stmts(b.Stmts)}
}

// derefOfIdent reports whether e is *p for an identifier p (in parentheses or not).
func derefOfIdent(e syntax.Expr) bool {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	u, ok := e.(*syntax.UnaryExpr)
	if !ok || u.Op != syntax.OpDeref {
		return false
	}
	_, ok = u.X.(*syntax.IdentExpr)
	return ok
}

// expandAssign writes lhs op= rhs as lhs = lhs op (rhs), for an lhs without side effects.
func (w *writer) expandAssign(at diag.Span, lhs syntax.Expr, op syntax.Op, rhs syntax.Expr) syntax.Stmt {
	value := &syntax.BinaryExpr{Loc: at, Op: op, X: w.expr(lhs), Y: &syntax.ParenExpr{Loc: rhs.Span(), X: rhs}}
	return &syntax.AssignStmt{Loc: at, LHS: w.expr(lhs), RHS: value}
}

// stmt writes a statement, or drops it (nil).
func (w *writer) stmt(s syntax.Stmt) syntax.Stmt {
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		return w.block(s)
	case *syntax.VarDecl:
		return w.varDecl(s)
	case *syntax.LetDecl:
		l, _ := w.prog.Defs[s].(*sema.Let)
		if _, ok := w.handleLets[l]; ok {
			return nil // its uses name what it names
		}
		if w.letVar[l] {
			return &syntax.VarDecl{Loc: s.Loc, Name: s.Name, Type: w.typeExpr(s.Type), Init: w.expr(s.Init)}
		}
		return &syntax.LetDecl{Loc: s.Loc, Name: s.Name, Type: w.typeExpr(s.Type), Init: w.expr(s.Init)}
	case *syntax.ConstDecl:
		if w.l.fold {
			return nil // every use is written as the value
		}
		return &syntax.ConstDecl{Loc: s.Loc, Name: s.Name, Type: w.typeExpr(s.Type), Init: w.expr(s.Init)}
	case *syntax.ConstAssert:
		if w.l.constAssert {
			return nil
		}
		return &syntax.ConstAssert{Loc: s.Loc, Cond: w.expr(s.Cond)}
	case *syntax.AssignStmt:
		if tv := w.prog.TypeOf(s.RHS); s.Phony && w.l.fold && tv.Stage == sema.ConstStage && tv.Value.IsValid() {
			return nil // evaluating a const-expression does nothing, and its abstract value may fit no type
		}
		if s.Op != syntax.OpNone && w.l.derefAssign && derefOfIdent(s.LHS) {
			return w.expandAssign(s.Loc, s.LHS, s.Op, w.expr(s.RHS))
		}
		if _, m := w.prog.TypeOf(s.RHS).Type.(*types.Matrix); m && s.Op == syntax.OpMul && w.l.matrixAssign {
			if w.hasCalls(s.LHS) {
				w.refuse(s.Loc, "takes the matrix of a *= for a splat: write v = v * m")
			} else {
				return w.expandAssign(s.Loc, s.LHS, s.Op, w.expr(s.RHS))
			}
		}
		return &syntax.AssignStmt{Loc: s.Loc, Op: s.Op, Phony: s.Phony, LHS: w.expr(s.LHS), RHS: w.expr(s.RHS)}
	case *syntax.IncDecStmt:
		if w.l.derefAssign && derefOfIdent(s.X) {
			op := syntax.OpAdd
			if !s.Inc {
				op = syntax.OpSub
			}
			one := w.valueExpr(constant.MakeI32(1), s.Loc)
			if isScalar(w.prog.TypeOf(s.X).Type.(*types.Reference).Elem, types.KindU32) {
				one = w.valueExpr(constant.MakeU32(1), s.Loc)
			}
			return w.expandAssign(s.Loc, s.X, op, one)
		}
		return &syntax.IncDecStmt{Loc: s.Loc, X: w.expr(s.X), Inc: s.Inc}
	case *syntax.CallStmt:
		if call, ok := w.expr(s.Call).(*syntax.CallExpr); ok {
			return &syntax.CallStmt{Loc: s.Loc, Call: call}
		}
		return nil // a call that is a value (folded): nothing to do
	case *syntax.ReturnStmt:
		return &syntax.ReturnStmt{Loc: s.Loc, Value: w.expr(s.Value)}
	case *syntax.IfStmt:
		out := &syntax.IfStmt{Loc: s.Loc, Attrs: w.attrs(s.Attrs), Cond: w.expr(s.Cond), Then: w.block(s.Then)}
		if s.Else != nil {
			out.Else = w.stmt(s.Else)
		}
		return out
	case *syntax.SwitchStmt:
		out := &syntax.SwitchStmt{Loc: s.Loc, Attrs: w.attrs(s.Attrs), Selector: w.expr(s.Selector), BodyAttrs: w.attrs(s.BodyAttrs)}
		for _, cl := range s.Clauses {
			oc := &syntax.CaseClause{Loc: cl.Loc, DefaultAlone: cl.DefaultAlone, Body: w.block(cl.Body)}
			for _, sel := range cl.Selectors {
				oc.Selectors = append(oc.Selectors, syntax.CaseSelector{Loc: sel.Loc, Expr: w.expr(sel.Expr)})
			}
			out.Clauses = append(out.Clauses, oc)
		}
		return out
	case *syntax.LoopStmt:
		out := &syntax.LoopStmt{Loc: s.Loc, Attrs: w.attrs(s.Attrs), Body: w.block(s.Body)}
		if c := s.Continuing; c != nil {
			if w.l.continuingLoops {
				syntax.Inspect(c.Body, func(n syntax.Node) bool {
					switch n.(type) {
					case *syntax.LoopStmt, *syntax.ForStmt, *syntax.WhileStmt:
						w.refuse(n.Span(), "writes SPIR-V that does not validate for a loop inside a continuing block: move the loop to the end of the loop's body")
						return false
					}
					return true
				})
			}
			out.Continuing = &syntax.ContinuingStmt{Loc: c.Loc, Body: w.block(c.Body)}
			if c.BreakIf != nil {
				out.Continuing.BreakIf = &syntax.BreakIfStmt{Loc: c.BreakIf.Loc, Cond: w.expr(c.BreakIf.Cond)}
			}
		}
		return out
	case *syntax.ForStmt:
		out := &syntax.ForStmt{Loc: s.Loc, Attrs: w.attrs(s.Attrs), Cond: w.expr(s.Cond), Body: w.block(s.Body)}
		if s.Init != nil {
			out.Init = w.stmt(s.Init)
		}
		if s.Update != nil {
			out.Update = w.stmt(s.Update)
		}
		return out
	case *syntax.WhileStmt:
		return &syntax.WhileStmt{Loc: s.Loc, Attrs: w.attrs(s.Attrs), Cond: w.expr(s.Cond), Body: w.block(s.Body)}
	}
	return s // break, continue, discard
}
