package migrate

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// funcDecl migrates a function: the declaration, preceded by the structure an entry point
// returns its outputs in.
func (m *migrator) funcDecl(d *syntax.FuncDecl) []syntax.Decl {
	var f *sema.Func
	for _, g := range m.p.Funcs {
		if g.Decl == d {
			f = g
		}
	}
	if f == nil {
		m.errorf(d, "internal error: function '%s' was not checked", d.Name.Name)
		return nil
	}
	m.fn = f
	defer func() { m.fn = nil }()
	out := &syntax.FuncDecl{Loc: d.Loc, Attrs: m.attrs(d.Attrs), Name: m.declIdent(d.Name)}
	if f.Stage == sema.Compute && findAttr(d.Attrs, "workgroup_size") == nil {
		at := zeroAt(d.Loc)
		out.Attrs = append(out.Attrs, &syntax.Attribute{Loc: at, Name: syntax.Ident{Loc: at, Name: "workgroup_size"},
			Args: []syntax.Expr{intLit(at, 1)}, HasParens: true})
	}
	for _, p := range d.Params {
		out.Params = append(out.Params, &syntax.Param{Loc: p.Loc, Attrs: m.attrs(p.Attrs), Name: m.declIdent(p.Name), Type: m.typeExpr(p.Type)})
	}
	out.Params = append(out.Params, m.funcIOParams(f)...)
	if d.ReturnType != nil {
		out.ReturnAttrs = m.attrs(d.ReturnAttrs)
		out.ReturnType = m.typeExpr(d.ReturnType)
	}
	var decls []syntax.Decl
	if f.IsEntryPoint() {
		m.resultType(f, out)
		if s := m.resultDecl(f); s != nil {
			decls = append(decls, s)
		}
	}
	body := &syntax.CompoundStmt{Loc: d.Body.Loc, Attrs: d.Body.Attrs}
	if f.IsEntryPoint() {
		body.Stmts = m.entryPrologue(f)
	}
	body.Stmts = append(body.Stmts, m.stmts(d.Body.Stmts)...)
	if f.IsEntryPoint() && f.Behaviors&sema.BehNext != 0 {
		end := diag.Span{Start: d.Body.Loc.End - 1, End: d.Body.Loc.End - 1}
		if v := m.returnValue(f, end); v != nil {
			body.Stmts = append(body.Stmts, &syntax.ReturnStmt{Loc: end, Value: v})
		}
	}
	out.Body = body
	return append(decls, out)
}

func (m *migrator) stmts(list []syntax.Stmt) []syntax.Stmt {
	var out []syntax.Stmt
	for _, s := range list {
		if s := m.stmt(s); s != nil {
			out = append(out, s)
		}
	}
	return out
}

func (m *migrator) block(b *syntax.CompoundStmt) *syntax.CompoundStmt {
	if b == nil {
		return nil
	}
	return &syntax.CompoundStmt{Loc: b.Loc, Attrs: b.Attrs, Stmts: m.stmts(b.Stmts)}
}

func (m *migrator) stmt(s syntax.Stmt) syntax.Stmt {
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		return m.block(s)
	case *syntax.VarDecl:
		return &syntax.VarDecl{Loc: s.Loc, Attrs: m.attrs(s.Attrs), TemplateArgs: s.TemplateArgs,
			Name: m.declIdent(s.Name), Type: m.typeExpr(s.Type), Init: m.expr(s.Init)}
	case *syntax.LetDecl:
		return &syntax.LetDecl{Loc: s.Loc, Name: m.declIdent(s.Name), Type: m.typeExpr(s.Type), Init: m.expr(s.Init)}
	case *syntax.ConstDecl:
		return &syntax.ConstDecl{Loc: s.Loc, Name: m.declIdent(s.Name), Type: m.typeExpr(s.Type), Init: m.expr(s.Init)}
	case *syntax.ConstAssert:
		return &syntax.ConstAssert{Loc: s.Loc, Cond: m.expr(s.Cond)}
	case *syntax.AssignStmt:
		return &syntax.AssignStmt{Loc: s.Loc, Op: s.Op, Phony: s.Phony, LHS: m.expr(s.LHS), RHS: m.expr(s.RHS)}
	case *syntax.IncDecStmt:
		return &syntax.IncDecStmt{Loc: s.Loc, X: m.expr(s.X), Inc: s.Inc}
	case *syntax.CallStmt:
		call, ok := m.expr(s.Call).(*syntax.CallExpr)
		if !ok {
			return s
		}
		return &syntax.CallStmt{Loc: s.Loc, Call: call}
	case *syntax.ReturnStmt:
		if s.Value == nil && m.fn.IsEntryPoint() {
			return &syntax.ReturnStmt{Loc: s.Loc, Value: m.returnValue(m.fn, s.Loc)}
		}
		return &syntax.ReturnStmt{Loc: s.Loc, Value: m.expr(s.Value)}
	case *syntax.IfStmt:
		out := &syntax.IfStmt{Loc: s.Loc, Attrs: s.Attrs, Cond: m.expr(s.Cond), Then: m.block(s.Then)}
		if s.Else != nil {
			out.Else = m.stmt(s.Else)
		}
		return out
	case *syntax.SwitchStmt:
		out := &syntax.SwitchStmt{Loc: s.Loc, Attrs: s.Attrs, Selector: m.expr(s.Selector), BodyAttrs: s.BodyAttrs}
		for i, cl := range s.Clauses {
			oc := &syntax.CaseClause{Loc: cl.Loc, DefaultAlone: cl.DefaultAlone}
			for _, sel := range cl.Selectors {
				oc.Selectors = append(oc.Selectors, syntax.CaseSelector{Loc: sel.Loc, Expr: m.expr(sel.Expr)})
			}
			oc.Body = &syntax.CompoundStmt{Loc: cl.Body.Loc, Attrs: cl.Body.Attrs, Stmts: m.caseStmts(s, i)}
			out.Clauses = append(out.Clauses, oc)
		}
		return out
	case *syntax.LoopStmt:
		out := &syntax.LoopStmt{Loc: s.Loc, Attrs: s.Attrs, Body: m.block(s.Body)}
		if c := s.Continuing; c != nil {
			oc := &syntax.ContinuingStmt{Loc: c.Loc, Body: &syntax.CompoundStmt{Loc: c.Body.Loc, Attrs: c.Body.Attrs}}
			stmts := c.Body.Stmts
			if n := len(stmts); n > 0 {
				if is, ok := stmts[n-1].(*syntax.IfStmt); ok {
					if negate, ok := m.leg.ContinuingBreaks[is]; ok {
						// The draft's `if (c) { break; }` at the end of continuing.
						cond := m.expr(is.Cond)
						if negate {
							if _, ok := cond.(*syntax.ParenExpr); !ok {
								cond = &syntax.ParenExpr{Loc: is.Cond.Span(), X: cond}
							}
							cond = &syntax.UnaryExpr{Loc: is.Cond.Span(), Op: syntax.OpNot, X: cond}
						}
						oc.BreakIf = &syntax.BreakIfStmt{Loc: is.Loc, Cond: cond}
						stmts = stmts[:n-1]
					}
				}
			}
			oc.Body.Stmts = m.stmts(stmts)
			if c.BreakIf != nil {
				oc.BreakIf = &syntax.BreakIfStmt{Loc: c.BreakIf.Loc, Cond: m.expr(c.BreakIf.Cond)}
			}
			out.Continuing = oc
		}
		return out
	case *syntax.BreakIfStmt:
		// The draft's examples write `break if c;` in a loop body: `if c { break; }`.
		return &syntax.IfStmt{Loc: s.Loc, Cond: m.expr(s.Cond),
			Then: &syntax.CompoundStmt{Loc: s.Loc, Stmts: []syntax.Stmt{&syntax.BreakStmt{Loc: zeroAt(s.Loc)}}}}
	case *syntax.ForStmt:
		out := &syntax.ForStmt{Loc: s.Loc, Attrs: s.Attrs, Cond: m.expr(s.Cond), Body: m.block(s.Body)}
		if s.Init != nil {
			out.Init = m.stmt(s.Init)
		}
		if s.Update != nil {
			out.Update = m.stmt(s.Update)
		}
		return out
	case *syntax.WhileStmt:
		return &syntax.WhileStmt{Loc: s.Loc, Attrs: s.Attrs, Cond: m.expr(s.Cond), Body: m.block(s.Body)}
	case *syntax.FallthroughStmt:
		// Only reached outside a case clause's end, which the checker rejected.
		return nil
	}
	return s
}

// caseStmts returns the statements of clause i of a switch: with a trailing fallthrough,
// its own statements then those of the next clause, each in a block of its own.
func (m *migrator) caseStmts(s *syntax.SwitchStmt, i int) []syntax.Stmt {
	stmts := s.Clauses[i].Body.Stmts
	n := len(stmts)
	if n == 0 || i+1 == len(s.Clauses) {
		return m.stmts(stmts)
	}
	if _, ok := stmts[n-1].(*syntax.FallthroughStmt); !ok {
		return m.stmts(stmts)
	}
	next := s.Clauses[i+1].Body
	own := scoped(m.stmts(stmts[:n-1]), s.Clauses[i].Body.Loc)
	return append(own, scoped(m.caseStmts(s, i+1), zeroAt(next.Loc))...)
}

// scoped returns stmts in a block of their own when they declare names, else as they are.
func scoped(stmts []syntax.Stmt, at diag.Span) []syntax.Stmt {
	for _, s := range stmts {
		switch s.(type) {
		case *syntax.VarDecl, *syntax.LetDecl, *syntax.ConstDecl:
			return []syntax.Stmt{&syntax.CompoundStmt{Loc: at, Stmts: stmts}}
		}
	}
	return stmts
}
