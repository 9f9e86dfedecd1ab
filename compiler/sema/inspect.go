package sema

import "github.com/wgslgo/wgslgo/compiler/syntax"

// inspectIdents calls f for every identifier expression in a statement or expression tree,
// in source order.
func inspectIdents(n syntax.Node, f func(*syntax.IdentExpr)) {
	var expr func(e syntax.Expr)
	var stmt func(s syntax.Stmt)
	exprs := func(es []syntax.Expr) {
		for _, e := range es {
			expr(e)
		}
	}
	expr = func(e syntax.Expr) {
		switch e := e.(type) {
		case *syntax.IdentExpr:
			f(e)
			exprs(e.TemplateArgs)
		case *syntax.CallExpr:
			exprs(e.Callee.TemplateArgs)
			exprs(e.Args)
		case *syntax.ParenExpr:
			expr(e.X)
		case *syntax.UnaryExpr:
			expr(e.X)
		case *syntax.BinaryExpr:
			expr(e.X)
			expr(e.Y)
		case *syntax.IndexExpr:
			expr(e.X)
			expr(e.Index)
		case *syntax.MemberExpr:
			expr(e.X)
		}
	}
	block := func(b *syntax.CompoundStmt) {
		if b != nil {
			for _, s := range b.Stmts {
				stmt(s)
			}
		}
	}
	continuing := func(s *syntax.ContinuingStmt) {
		block(s.Body)
		if s.BreakIf != nil {
			expr(s.BreakIf.Cond)
		}
	}
	stmt = func(s syntax.Stmt) {
		switch s := s.(type) {
		case *syntax.CompoundStmt:
			block(s)
		case *syntax.VarDecl:
			if s.Type != nil {
				expr(s.Type)
			}
			if s.Init != nil {
				expr(s.Init)
			}
		case *syntax.LetDecl:
			if s.Type != nil {
				expr(s.Type)
			}
			expr(s.Init)
		case *syntax.ConstDecl:
			if s.Type != nil {
				expr(s.Type)
			}
			if s.Init != nil {
				expr(s.Init)
			}
		case *syntax.ConstAssert:
			expr(s.Cond)
		case *syntax.AssignStmt:
			if s.LHS != nil {
				expr(s.LHS)
			}
			expr(s.RHS)
		case *syntax.IncDecStmt:
			expr(s.X)
		case *syntax.CallStmt:
			expr(s.Call)
		case *syntax.ReturnStmt:
			if s.Value != nil {
				expr(s.Value)
			}
		case *syntax.BreakIfStmt:
			expr(s.Cond)
		case *syntax.IfStmt:
			expr(s.Cond)
			block(s.Then)
			if s.Else != nil {
				stmt(s.Else)
			}
		case *syntax.SwitchStmt:
			expr(s.Selector)
			for _, cl := range s.Clauses {
				for _, sel := range cl.Selectors {
					if sel.Expr != nil {
						expr(sel.Expr)
					}
				}
				block(cl.Body)
			}
		case *syntax.LoopStmt:
			block(s.Body)
			if s.Continuing != nil {
				continuing(s.Continuing)
			}
		case *syntax.ForStmt:
			if s.Init != nil {
				stmt(s.Init)
			}
			if s.Cond != nil {
				expr(s.Cond)
			}
			if s.Update != nil {
				stmt(s.Update)
			}
			block(s.Body)
		case *syntax.WhileStmt:
			expr(s.Cond)
			block(s.Body)
		}
	}
	switch n := n.(type) {
	case syntax.Stmt:
		stmt(n)
	case syntax.Expr:
		expr(n)
	case *syntax.ContinuingStmt:
		continuing(n)
	}
}
