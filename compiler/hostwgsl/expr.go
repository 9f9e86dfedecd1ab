package hostwgsl

import (
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func (w *writer) exprs(list []syntax.Expr) []syntax.Expr {
	if list == nil {
		return nil
	}
	out := make([]syntax.Expr, len(list))
	for i, e := range list {
		out[i] = w.expr(e)
	}
	return out
}

// typeExpr writes a type expression: its template arguments that are const-expressions
// (array counts) are values, and the types the compiler does not read are refused.
func (w *writer) typeExpr(e syntax.Expr) syntax.Expr {
	if e == nil {
		return nil
	}
	w.checkType(e)
	return w.expr(e)
}

// checkType refuses a type expression that names a type the compiler does not read.
func (w *writer) checkType(e syntax.Expr) {
	if len(w.l.types) == 0 && len(w.l.formats) == 0 {
		return
	}
	syntax.Inspect(e, func(n syntax.Node) bool {
		id, ok := n.(*syntax.IdentExpr)
		if !ok {
			return true
		}
		if slices.Contains(w.l.formats, id.Name.Name) {
			w.refuse(id.Loc, "has no storage texel format %s", id.Name.Name)
			return false
		}
		t := w.prog.TypeOf(id).Type
		if t == nil {
			return true
		}
		if tex, ok := t.(*types.Texture); ok && w.l.typeNote(tex.String()) != "" {
			w.refuse(id.Loc, "%s", w.l.typeNote(tex.String()))
			return false
		}
		if w.l.typeNote("f16") != "" && types.UsesF16(t) && !w.l.noEnable && !w.refusedF16 {
			// Once: every f16 of the module would say the same. (A compiler that reads no
			// enable refuses `enable f16` already.)
			w.refusedF16 = true
			w.refuse(id.Loc, "%s", w.l.typeNote("f16"))
			return false
		}
		return true
	})
}

// expr writes an expression.
func (w *writer) expr(e syntax.Expr) syntax.Expr {
	if e == nil {
		return nil
	}
	tv := w.prog.TypeOf(e)
	if w.l.fold && tv.Mode == sema.Value && tv.Stage == sema.ConstStage && tv.Value.IsValid() {
		if v := w.valueExpr(tv.Value, e.Span()); v != nil {
			return v
		}
	}
	switch e := e.(type) {
	case *syntax.IdentExpr:
		return w.ident(e)
	case *syntax.CallExpr:
		return w.call(e)
	case *syntax.ParenExpr:
		return &syntax.ParenExpr{Loc: e.Loc, X: w.expr(e.X)}
	case *syntax.UnaryExpr:
		return &syntax.UnaryExpr{Loc: e.Loc, Op: e.Op, X: w.expr(e.X)}
	case *syntax.BinaryExpr:
		if e.Op == syntax.OpMul && w.l.nonSquareProducts && (nonSquare(w.prog.TypeOf(e.X).Type) || nonSquare(w.prog.TypeOf(e.Y).Type)) {
			w.refuse(e.Loc, "writes SPIR-V that does not validate for some products with a matrix that is not square: use square matrices")
		}
		if (e.Op == syntax.OpLogAnd || e.Op == syntax.OpLogOr) && w.l.shortCircuit && w.hasEffects(e.Y) {
			w.refuse(e.Y.Span(), "evaluates both operands of %s, and this one has effects: evaluate it in an if (if a { if b { ... } })", e.Op)
		}
		return &syntax.BinaryExpr{Loc: e.Loc, Op: e.Op, OpPos: e.OpPos, X: w.expr(e.X), Y: w.expr(e.Y)}
	case *syntax.IndexExpr:
		return &syntax.IndexExpr{Loc: e.Loc, X: w.indexBase(e), Index: w.expr(e.Index)}
	case *syntax.MemberExpr:
		return &syntax.MemberExpr{Loc: e.Loc, X: w.deref(e.X), Member: e.Member}
	}
	return e // literals
}

// nonSquare reports whether t is a matrix with more columns than rows or fewer.
func nonSquare(t types.Type) bool {
	m, ok := t.(*types.Matrix)
	return ok && m.Cols != m.Rows
}

// hasEffects reports whether evaluating e may change memory: whether it calls a function,
// an atomic or a texture store.
func (w *writer) hasEffects(e syntax.Expr) bool {
	found := false
	syntax.Inspect(e, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			if call := w.prog.CallOf(c); call != nil && (call.Kind == sema.CallFunc ||
				strings.HasPrefix(call.Name, "atomic") || call.Name == "textureStore") {
				found = true
			}
		}
		return !found
	})
	return found
}

// hasCalls reports whether e calls anything, so that evaluating it twice may differ from
// evaluating it once.
func (w *writer) hasCalls(e syntax.Expr) bool {
	found := false
	syntax.Inspect(e, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// ident writes an identifier: a let of a texture or sampler is the variable it names, a
// copied parameter is its copy, a const the compiler has no declaration of is its
// initializer.
func (w *writer) ident(e *syntax.IdentExpr) syntax.Expr {
	out := &syntax.IdentExpr{Loc: e.Loc, Name: e.Name, TemplateArgs: w.templateArgs(e.TemplateArgs)}
	switch o := w.prog.UseOf(e).(type) {
	case *sema.Let:
		if init, ok := w.handleLets[o]; ok {
			return w.expr(init)
		}
	case *sema.Param:
		if name, ok := w.paramCopy[o]; ok {
			out.Name = syntax.Ident{Loc: e.Name.Loc, Name: name}
		}
	case *sema.TypeName:
		if o.Alias != nil && w.l.aliases {
			if t := typeOf(o.Type, e.Loc); t != nil {
				return t
			}
		}
	case *sema.Const:
		if w.l.fold {
			// The value has no spelling (frexp's result): the initializer computes it.
			return w.expr(o.Decl.Init)
		}
	}
	return out
}

// templateArgs writes a template list, parenthesising expressions for a compiler that
// parses only identifiers and literals there.
func (w *writer) templateArgs(list []syntax.Expr) []syntax.Expr {
	out := w.exprs(list)
	if w.l.templateExprs {
		for i, a := range out {
			switch a.(type) {
			case *syntax.BinaryExpr, *syntax.UnaryExpr:
				out[i] = &syntax.ParenExpr{Loc: a.Span(), X: a}
			}
		}
	}
	return out
}

// deref writes the base of a member or index access, dereferencing a pointer for a
// compiler without pointer_composite_access.
func (w *writer) deref(x syntax.Expr) syntax.Expr {
	out := w.expr(x)
	if _, ok := w.prog.TypeOf(x).Type.(*types.Pointer); ok && w.l.pointerAccess {
		return &syntax.ParenExpr{Loc: x.Span(), X: &syntax.UnaryExpr{Loc: x.Span(), Op: syntax.OpDeref, X: out}}
	}
	return out
}

// indexBase writes the base of e: for a compiler that indexes arrays and matrices only in
// memory or by constants, a const-expression indexed at run time is a var of the function
// (the lets and parameters it may be were made vars by planValues).
func (w *writer) indexBase(e *syntax.IndexExpr) syntax.Expr {
	if !w.l.valueIndex || !indexedValue(w.prog, e) {
		return w.deref(e.X)
	}
	tv := w.prog.TypeOf(e.X)
	if tv.Stage != sema.ConstStage || !tv.Value.IsValid() {
		return w.deref(e.X)
	}
	key := spell(tv.Type) + "=" + tv.Value.String()
	name, ok := w.constVars[key]
	if !ok {
		init := w.valueExpr(tv.Value, e.X.Span())
		t := typeOf(tv.Type, e.X.Span())
		if init == nil || t == nil {
			w.refuse(e.X.Span(), "indexes arrays and matrices only in memory or by constants, and this value has no WGSL spelling to put in a var")
			return w.deref(e.X)
		}
		name = w.fresh(baseName(e.X, "values"))
		w.constVars[key] = name
		at := w.fnBodyStart()
		w.prologue = append(w.prologue, &syntax.VarDecl{Loc: at, Name: syntax.Ident{Loc: at, Name: name}, Type: t, Init: init})
	}
	return &syntax.IdentExpr{Loc: e.X.Span(), Name: syntax.Ident{Loc: e.X.Span(), Name: name}}
}

// fnBodyStart is where the statements added at the start of the function's body go.
func (w *writer) fnBodyStart() diag.Span {
	p := w.fn.Decl.Body.Loc.Start + 1
	return diag.Span{Start: p, End: p}
}

// baseName names a var after the expression it holds: its identifier when it is one.
func baseName(e syntax.Expr, fallback string) string {
	if id, ok := e.(*syntax.IdentExpr); ok {
		return id.Name.Name
	}
	return fallback
}

// indexedValue reports whether e indexes an array or matrix value (not memory) with an
// index known only at run time.
func indexedValue(prog *sema.Program, e *syntax.IndexExpr) bool {
	base := prog.TypeOf(e.X)
	if base.Mode != sema.Value {
		return false
	}
	switch base.Type.(type) {
	case *types.Array, *types.Matrix:
	default:
		return false
	}
	return prog.TypeOf(e.Index).Stage != sema.ConstStage
}

// planValues finds, before f is written, the lets and parameters that hold an array or
// matrix indexed at run time: the lets become vars, the parameters are copied into vars.
// An indexed value with another root (a call's result) is refused.
func (w *writer) planValues(f *sema.Func) {
	syntax.Inspect(f.Decl.Body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.LetDecl:
			if l, ok := w.prog.Defs[n].(*sema.Let); ok && w.l.handleLet && isHandle(l.Type) {
				w.handleLets[l] = n.Init
			}
		case *syntax.IndexExpr:
			if !w.l.valueIndex || !indexedValue(w.prog, n) {
				return true
			}
			if tv := w.prog.TypeOf(n.X); tv.Stage == sema.ConstStage && tv.Value.IsValid() {
				return true // indexBase puts the value in a var
			}
			root := valueRoot(w.prog, n.X)
			switch o := useOf(w.prog, root).(type) {
			case *sema.Let:
				w.letVar[o] = true
			case *sema.Param:
				if _, ok := w.paramCopy[o]; !ok {
					w.paramCopy[o] = w.fresh(o.Name() + "_var")
				}
			default:
				w.refuse(n.Loc, "indexes arrays and matrices only in memory or by constants: put the value in a var first (var v = ...; v[i])")
			}
		}
		return true
	})
}

func isHandle(t types.Type) bool {
	switch t.(type) {
	case *types.Texture, *types.Sampler:
		return true
	}
	return false
}

// valueRoot is the expression a chain of member and index accesses starts from.
func valueRoot(prog *sema.Program, e syntax.Expr) syntax.Expr {
	for {
		switch x := e.(type) {
		case *syntax.ParenExpr:
			e = x.X
		case *syntax.MemberExpr:
			e = x.X
		case *syntax.IndexExpr:
			e = x.X
		default:
			return e
		}
	}
}

func useOf(prog *sema.Program, e syntax.Expr) sema.Object {
	if id, ok := e.(*syntax.IdentExpr); ok {
		return prog.UseOf(id)
	}
	return nil
}
