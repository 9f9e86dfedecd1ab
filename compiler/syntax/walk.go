package syntax

// Inspect traverses the tree rooted at n in depth-first order: it calls f(n), and when f
// returns true, inspects each child of n. Identifiers (*Ident) and attributes are visited
// as nodes; nil children are skipped.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	w := func(c Node) { Inspect(c, f) }
	attrs := func(as []*Attribute) {
		for _, a := range as {
			w(a)
		}
	}
	exprs := func(xs []Expr) {
		for _, x := range xs {
			if x != nil {
				w(x)
			}
		}
	}
	expr := func(x Expr) {
		if x != nil {
			w(x)
		}
	}
	stmt := func(s Stmt) {
		if s != nil {
			w(s)
		}
	}
	block := func(b *CompoundStmt) {
		if b != nil {
			w(b)
		}
	}
	switch n := n.(type) {
	case *Attribute:
		w(&n.Name)
		exprs(n.Args)
		if n.Diagnostic != nil {
			w(&n.Diagnostic.Severity)
			w(&n.Diagnostic.Rule)
		}
	case *Enable:
		for i := range n.Names {
			w(&n.Names[i])
		}
	case *Requires:
		for i := range n.Names {
			w(&n.Names[i])
		}
	case *DiagnosticDirective:
		w(&n.Control.Severity)
		w(&n.Control.Rule)
	case *StructDecl:
		attrs(n.Attrs)
		w(&n.Name)
		for _, m := range n.Members {
			w(m)
		}
	case *StructMember:
		attrs(n.Attrs)
		w(&n.Name)
		expr(n.Type)
	case *AliasDecl:
		w(&n.Name)
		expr(n.Type)
	case *ConstDecl:
		attrs(n.Attrs)
		w(&n.Name)
		expr(n.Type)
		expr(n.Init)
	case *OverrideDecl:
		attrs(n.Attrs)
		w(&n.Name)
		expr(n.Type)
		expr(n.Init)
	case *VarDecl:
		attrs(n.Attrs)
		exprs(n.TemplateArgs)
		w(&n.Name)
		expr(n.Type)
		expr(n.Init)
	case *LetDecl:
		w(&n.Name)
		expr(n.Type)
		expr(n.Init)
	case *FuncDecl:
		attrs(n.Attrs)
		w(&n.Name)
		for _, p := range n.Params {
			w(p)
		}
		attrs(n.ReturnAttrs)
		expr(n.ReturnType)
		block(n.Body)
	case *Param:
		attrs(n.Attrs)
		w(&n.Name)
		expr(n.Type)
	case *ConstAssert:
		expr(n.Cond)
	case *CompoundStmt:
		attrs(n.Attrs)
		for _, s := range n.Stmts {
			stmt(s)
		}
	case *ReturnStmt:
		expr(n.Value)
	case *IfStmt:
		attrs(n.Attrs)
		expr(n.Cond)
		block(n.Then)
		stmt(n.Else)
	case *SwitchStmt:
		attrs(n.Attrs)
		expr(n.Selector)
		attrs(n.BodyAttrs)
		for _, c := range n.Clauses {
			w(c)
		}
	case *CaseClause:
		for _, s := range n.Selectors {
			expr(s.Expr)
		}
		block(n.Body)
	case *LoopStmt:
		attrs(n.Attrs)
		block(n.Body)
		if n.Continuing != nil {
			w(n.Continuing)
		}
	case *ContinuingStmt:
		block(n.Body)
		if n.BreakIf != nil {
			w(n.BreakIf)
		}
	case *BreakIfStmt:
		expr(n.Cond)
	case *ForStmt:
		attrs(n.Attrs)
		stmt(n.Init)
		expr(n.Cond)
		stmt(n.Update)
		block(n.Body)
	case *WhileStmt:
		attrs(n.Attrs)
		expr(n.Cond)
		block(n.Body)
	case *AssignStmt:
		expr(n.LHS)
		expr(n.RHS)
	case *IncDecStmt:
		expr(n.X)
	case *CallStmt:
		if n.Call != nil {
			w(n.Call)
		}
	case *IdentExpr:
		attrs(n.Attrs())
		w(&n.Name)
		exprs(n.TemplateArgs)
	case *CallExpr:
		if n.Callee != nil {
			w(n.Callee)
		}
		exprs(n.Args)
	case *ParenExpr:
		expr(n.X)
	case *UnaryExpr:
		expr(n.X)
	case *BinaryExpr:
		expr(n.X)
		expr(n.Y)
	case *IndexExpr:
		expr(n.X)
		expr(n.Index)
	case *MemberExpr:
		expr(n.X)
		w(&n.Member)
	}
}

// InspectFile inspects every directive and declaration of f.
func InspectFile(f *File, fn func(Node) bool) {
	for _, d := range f.Directives {
		Inspect(d, fn)
	}
	for _, d := range f.Decls {
		Inspect(d, fn)
	}
}
