package migrate

import (
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// expr migrates an expression whose literals need no suffix.
func (m *migrator) expr(e syntax.Expr) syntax.Expr { return m.exprIn(e, false) }

func (m *migrator) exprs(xs []syntax.Expr) []syntax.Expr {
	var out []syntax.Expr
	for _, x := range xs {
		out = append(out, m.expr(x))
	}
	return out
}

// exprIn migrates an expression. typed is set where an unsuffixed literal would not be
// given the draft's type by today's rules: in operator expressions made of literals only
// (elsewhere an operand of concrete type gives the literal its type), and as the argument
// of a conversion. The literal then gets an explicit suffix.
func (m *migrator) exprIn(e syntax.Expr, typed bool) syntax.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *syntax.IntLit:
		if typed && e.Suffix == 0 && m.p.TypeOf(e).Type == types.I32 {
			return &syntax.IntLit{Loc: e.Loc, Raw: e.Raw + "i", Suffix: 'i'}
		}
		return e
	case *syntax.FloatLit:
		if typed && e.Suffix == 0 && m.p.TypeOf(e).Type == types.F32 {
			raw := e.Raw
			if isHexFloat(raw) && !hasHexExponent(raw) {
				raw += "p0" // a hexadecimal float needs an exponent before its suffix
			}
			return &syntax.FloatLit{Loc: e.Loc, Raw: raw + "f", Suffix: 'f'}
		}
		return e
	case *syntax.BoolLit:
		return e
	case *syntax.IdentExpr:
		tv := m.p.TypeOf(e)
		switch tv.Mode {
		case sema.TypeExpr:
			return m.typeExpr(e)
		case sema.Enumerant:
			return e
		}
		o := m.p.UseOf(e)
		if v, ok := o.(*sema.Var); ok && isIO(v) {
			return m.ioUse(e, v)
		}
		if o == nil {
			return e
		}
		id := &syntax.IdentExpr{Loc: e.Loc, Name: syntax.Ident{Loc: e.Name.Loc, Name: m.objName(o)}}
		if _, isParam := o.(*sema.Param); isParam && tv.Mode == sema.Reference {
			// The draft's pointer parameter denotes its memory: today's *p.
			return &syntax.UnaryExpr{Loc: e.Loc, Op: syntax.OpDeref, X: id}
		}
		return id
	case *syntax.ParenExpr:
		return &syntax.ParenExpr{Loc: e.Loc, X: m.exprIn(e.X, typed)}
	case *syntax.UnaryExpr:
		typed = typed || literalsOnly(e)
		return &syntax.UnaryExpr{Loc: e.Loc, Op: e.Op, X: m.exprIn(e.X, typed)}
	case *syntax.BinaryExpr:
		typed = typed || literalsOnly(e)
		return &syntax.BinaryExpr{Loc: e.Loc, Op: e.Op, OpPos: e.OpPos, X: m.exprIn(e.X, typed), Y: m.exprIn(e.Y, typed)}
	case *syntax.IndexExpr:
		var out syntax.Expr = &syntax.IndexExpr{Loc: e.Loc, X: m.expr(e.X), Index: m.expr(e.Index)}
		if w := m.stridedWrapper(e.X); w != nil {
			out = &syntax.MemberExpr{Loc: e.Loc, X: out, Member: syntax.Ident{Loc: zeroAt(e.Loc), Name: "value"}}
		}
		return out
	case *syntax.MemberExpr:
		out := &syntax.MemberExpr{Loc: e.Loc, X: m.expr(e.X), Member: e.Member}
		if mem := m.structMember(e); mem != nil {
			if n, ok := m.memberRename[mem]; ok {
				out.Member.Name = n
			}
		}
		return out
	case *syntax.CallExpr:
		return m.call(e)
	}
	return e
}

// args migrates call arguments; a variable the draft passes for a pointer parameter gets
// today's '&'.
func (m *migrator) args(xs []syntax.Expr) []syntax.Expr {
	var out []syntax.Expr
	for _, x := range xs {
		a := m.expr(x)
		if m.leg.AddrOf[x] {
			if d, ok := a.(*syntax.UnaryExpr); ok && d.Op == syntax.OpDeref {
				a = d.X // &*p is p
			} else {
				a = &syntax.UnaryExpr{Loc: x.Span(), Op: syntax.OpAddrOf, X: a}
			}
		}
		out = append(out, a)
	}
	return out
}

// literalsOnly reports whether an operator expression has only literals as operands.
func literalsOnly(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.IntLit, *syntax.FloatLit, *syntax.BoolLit:
		return true
	case *syntax.ParenExpr:
		return literalsOnly(e.X)
	case *syntax.UnaryExpr:
		return literalsOnly(e.X)
	case *syntax.BinaryExpr:
		return literalsOnly(e.X) && literalsOnly(e.Y)
	}
	return false
}

// structMember returns the structure member a member expression selects, or nil for
// swizzles.
func (m *migrator) structMember(e *syntax.MemberExpr) *types.Member {
	t := m.p.TypeOf(e.X).Type
	switch tt := t.(type) {
	case *types.Reference:
		t = tt.Elem
	case *types.Pointer:
		t = tt.Elem
	}
	if s, ok := t.(*types.Struct); ok {
		return s.Member(e.Member.Name)
	}
	return nil
}

// call migrates a call: user functions get the pipeline variables they need, builtins get
// today's name, arguments and result type.
func (m *migrator) call(e *syntax.CallExpr) syntax.Expr {
	c := m.p.CallOf(e)
	out := &syntax.CallExpr{Loc: e.Loc}
	if c == nil {
		out.Callee = e.Callee
		out.Args = m.exprs(e.Args)
		return out
	}
	switch c.Kind {
	case sema.CallFunc:
		out.Callee = &syntax.IdentExpr{Loc: e.Callee.Loc, Name: syntax.Ident{Loc: e.Callee.Name.Loc, Name: m.objName(c.Func)}}
		out.Args = append(m.args(e.Args), m.ioArgs(c.Func, e.Loc)...)
		return out
	case sema.CallBuiltin:
		out.Callee = &syntax.IdentExpr{Loc: e.Callee.Loc, Name: syntax.Ident{Loc: e.Callee.Name.Loc, Name: c.Name}}
		out.Args = m.args(e.Args)
		for range m.leg.ImplicitArgs[e] {
			out.Args = append(out.Args, intLit(e.Loc, 0))
		}
		if t, ok := m.leg.ResultTypes[e]; ok {
			// The draft's texture queries return i32; today's return u32.
			conv := &syntax.CallExpr{Loc: e.Loc, Callee: m.typeOf(t, e.Loc).(*syntax.IdentExpr), Args: []syntax.Expr{out}}
			if v, ok := t.(*types.Vector); ok && v.N == 3 && is2D(m.p.TypeOf(e).Type, c.Type) {
				// A cube's dimensions: (width, height, height).
				conv.Args[0] = &syntax.MemberExpr{Loc: e.Loc, X: out, Member: syntax.Ident{Loc: zeroAt(e.Loc), Name: "xyy"}}
			}
			return conv
		}
		return out
	case sema.CallConstructor, sema.CallStruct:
		out.Callee = m.typeExpr(e.Callee).(*syntax.IdentExpr)
		conv := len(e.Args) == 1 && c.Kind == sema.CallConstructor
		for _, a := range e.Args {
			typed := conv && types.ElemScalar(m.p.TypeOf(a).Type) != types.ElemScalar(c.Type)
			out.Args = append(out.Args, m.exprIn(a, typed))
		}
		return out
	case sema.CallBitcast:
		callee := &syntax.IdentExpr{Loc: e.Callee.Loc, Name: e.Callee.Name}
		for _, a := range e.Callee.TemplateArgs {
			callee.TemplateArgs = append(callee.TemplateArgs, m.typeExpr(a))
		}
		out.Callee = callee
		for _, a := range e.Args {
			out.Args = append(out.Args, m.exprIn(a, true))
		}
		return out
	}
	out.Callee = e.Callee
	out.Args = m.exprs(e.Args)
	return out
}

// is2D reports whether the draft's result type is a vec3 where today's is a vec2.
func is2D(draft, modern types.Type) bool {
	d, ok1 := draft.(*types.Vector)
	m, ok2 := modern.(*types.Vector)
	return ok1 && ok2 && d.N == 3 && m.N == 2
}

func isHexFloat(raw string) bool {
	return len(raw) > 1 && raw[0] == '0' && (raw[1] == 'x' || raw[1] == 'X')
}

func hasHexExponent(raw string) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] == 'p' || raw[i] == 'P' {
			return true
		}
	}
	return false
}
