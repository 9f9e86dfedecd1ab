package wesl

import (
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// linkDecl is a module-scope declaration that the program reaches.
type linkDecl struct {
	mod  *Module
	decl syntax.Decl
	name *syntax.Ident // nil for const_assert
	// declared is the name the module declares; proposed the name the first reference
	// used (an import's alias, a path's last segment); final the name in the linked
	// program.
	declared, proposed, final string
	// root marks the root module's declarations and its `public import`s: their names
	// are the pipeline's (entry points, bindings, overrides) and the host's view.
	root bool
	// rootName is the name the root module imports the declaration by, "" when it does
	// not import it by name.
	rootName string
	// sites are the functions that use the declaration and how each writes it: a new name
	// must not be one of their locals, which could shadow it.
	sites []site
	// firstUse is where the program first uses the declaration (for diagnostics).
	firstUse    diag.Span
	firstUseMod *Module
	walked      bool
}

// ref is an identifier the linker may rename: a declaration's name, or a reference to a
// module-scope declaration (a path such as `util::f` included).
type ref struct {
	id  *syntax.Ident
	to  *linkDecl
	mod *Module // the module the identifier is in
}

type local struct {
	name string
	pos  diag.Pos
}

// fnLocals holds the names of the locals of one function, whatever their scope: the range
// [start, end) of the binder's localNames.
type fnLocals struct{ start, end int }

// site is a function that uses a declaration, and the name it writes (a path whole).
type site struct {
	fn      *fnLocals
	written string
}

// binder binds the names of the declarations the root module reaches to their
// declarations, in the order the program reaches them.
type binder struct {
	l        *loader
	decls    map[syntax.Decl]*linkDecl
	live     []*linkDecl
	liveMods map[*Module]bool
	refs     []ref
	// reserved holds the names live code uses without a declaration of the program: the
	// predeclared ones (f32, vec3, select...) and misspellings the checker reports.
	reserved map[string]bool
	// unbraced are the flattened blocks whose braces linked WGSL leaves out.
	unbraced map[diag.Pos]bool

	// The walk of one declaration.
	mod    *Module
	locals []local
	fn     *fnLocals // the locals of the function being walked, nil outside functions
	news   []*linkDecl
	// localNames holds the names of the locals of every function walked, each function's
	// in a range (fnLocals).
	localNames []string
}

func newBinder(l *loader) *binder {
	return &binder{
		refs:     make([]ref, 0, l.exprIDs/4),
		l:        l,
		decls:    map[syntax.Decl]*linkDecl{},
		liveMods: map[*Module]bool{},
		reserved: map[string]bool{},
		unbraced: map[diag.Pos]bool{},
	}
}

// reach makes a declaration live (once), returning it and whether it is new.
func (b *binder) reach(t target, via string, at diag.Span, from *Module) (*linkDecl, bool) {
	if ld := b.decls[t.decl]; ld != nil {
		return ld, false
	}
	ld := &linkDecl{mod: t.mod, decl: t.decl, name: syntax.DeclName(t.decl), proposed: via, firstUse: at, firstUseMod: from}
	if ld.name != nil {
		ld.declared = ld.name.Name
		if ld.proposed == "" {
			ld.proposed = ld.declared
		}
		b.refs = append(b.refs, ref{id: ld.name, to: ld, mod: t.mod})
	}
	b.decls[t.decl] = ld
	b.live = append(b.live, ld)
	if !b.liveMods[t.mod] {
		// A module's const_asserts come with its first declaration the program uses
		// (Imports.md, "Side-effects and const_assert").
		b.liveMods[t.mod] = true
		for _, d := range t.mod.Syntax.Decls {
			if ca, ok := d.(*syntax.ConstAssert); ok && t.mod != b.l.root {
				cl, _ := b.reach(target{mod: t.mod, decl: ca}, "", ca.Loc, t.mod)
				b.news = append(b.news, cl)
			}
		}
	}
	return ld, true
}

// bindRoot binds the program from the root module: all its declarations (the root keeps
// everything it declares), the items it re-exports, then what they reach, depth first in
// the order the declarations use them (the order decides which of two colliding names
// keeps its own with minimal mangling).
func (b *binder) bindRoot() {
	root := b.l.root
	b.l.resolveImports(root)
	b.liveMods[root] = true
	for _, d := range root.Syntax.Decls {
		if fn, ok := d.(*syntax.FuncDecl); ok && root.Syntax.VisibilityOf(d) == syntax.VisPrivate && isEntryPoint(fn) {
			// Not in the pipeline-visible API (Visibility.md): nothing can use it.
			continue
		}
		ld, _ := b.reach(target{mod: root, decl: d}, "", d.Span(), root)
		ld.root = true
	}
	for _, ib := range root.imports {
		if !ib.imp.Public || !ib.ok || ib.t.decl == nil {
			continue
		}
		name := ib.item.Name()
		ld, _ := b.reach(ib.t, name.Name, name.Loc, root)
		ld.root = true
		if ld.rootName == "" {
			ld.rootName = name.Name
		}
	}
	// What the root's other declarations use comes first, then each function and what it
	// reaches, as a reader meets them.
	top := b.news
	b.news = nil
	roots := b.live[:len(b.live):len(b.live)]
	for _, ld := range roots {
		if _, fn := ld.decl.(*syntax.FuncDecl); !fn && ld.root {
			top = append(top, b.walk(ld)...)
		}
	}
	for _, ld := range roots {
		if _, fn := ld.decl.(*syntax.FuncDecl); fn && ld.root {
			b.follow(b.walk(ld))
		}
	}
	b.follow(top)
}

// isEntryPoint reports whether fn has a shader stage attribute.
func isEntryPoint(fn *syntax.FuncDecl) bool {
	for _, a := range fn.Attrs {
		switch a.Name.Name {
		case "compute", "vertex", "fragment":
			return true
		}
	}
	return false
}

// follow walks newly reached declarations, depth first.
func (b *binder) follow(news []*linkDecl) {
	for _, ld := range news {
		b.follow(b.walk(ld))
	}
}

// walk binds the names one declaration uses and returns the declarations it reaches
// first.
func (b *binder) walk(ld *linkDecl) []*linkDecl {
	if ld.walked {
		return nil
	}
	ld.walked = true
	b.mod = ld.mod
	b.l.resolveImports(ld.mod)
	b.locals = b.locals[:0]
	b.news = nil
	b.fn = nil
	switch d := ld.decl.(type) {
	case *syntax.FuncDecl:
		b.fn = &fnLocals{start: len(b.localNames), end: len(b.localNames)}
		b.attrs(d.Attrs)
		for _, p := range d.Params {
			b.attrs(p.Attrs)
			b.expr(p.Type)
		}
		b.attrs(d.ReturnAttrs)
		b.expr(d.ReturnType)
		for _, p := range d.Params {
			b.declare(p.Name)
		}
		if d.Body != nil {
			b.stmts(d.Body.Stmts)
		}
	case *syntax.StructDecl:
		for _, m := range d.Members {
			b.attrs(m.Attrs)
			b.expr(m.Type)
		}
	case *syntax.AliasDecl:
		b.expr(d.Type)
	case *syntax.ConstDecl:
		b.attrs(d.Attrs)
		b.expr(d.Type)
		b.expr(d.Init)
	case *syntax.OverrideDecl:
		b.attrs(d.Attrs)
		b.expr(d.Type)
		b.expr(d.Init)
	case *syntax.VarDecl:
		b.attrs(d.Attrs)
		b.exprs(d.TemplateArgs)
		b.expr(d.Type)
		b.expr(d.Init)
	case *syntax.ConstAssert:
		b.expr(d.Cond)
	}
	news := b.news
	b.news = nil
	return news
}

// hasLocal reports whether function fn declares a local named name.
func (b *binder) hasLocal(fn *fnLocals, name string) bool {
	for _, n := range b.localNames[fn.start:fn.end] {
		if n == name {
			return true
		}
	}
	return false
}

// declare brings a local name into scope.
func (b *binder) declare(id syntax.Ident) {
	b.locals = append(b.locals, local{name: id.Name, pos: id.Loc.Start})
	b.localNames = append(b.localNames, id.Name)
	b.fn.end = len(b.localNames)
}

func (b *binder) attrs(as []*syntax.Attribute) {
	for _, a := range as {
		switch a.Name.Name {
		case "builtin", "interpolate", "diagnostic":
			// Their arguments are names of their own (position, flat, off...).
		default:
			b.exprs(a.Args)
		}
	}
}

func (b *binder) exprs(xs []syntax.Expr) {
	for _, x := range xs {
		b.expr(x)
	}
}

func (b *binder) expr(x syntax.Expr) {
	switch x := x.(type) {
	case *syntax.IdentExpr:
		b.use(&x.Name)
		b.exprs(x.TemplateArgs)
	case *syntax.CallExpr:
		b.expr(x.Callee)
		b.exprs(x.Args)
	case *syntax.ParenExpr:
		b.expr(x.X)
	case *syntax.UnaryExpr:
		b.expr(x.X)
	case *syntax.BinaryExpr:
		b.expr(x.X)
		b.expr(x.Y)
	case *syntax.IndexExpr:
		b.expr(x.X)
		b.expr(x.Index)
	case *syntax.MemberExpr:
		b.expr(x.X)
	}
}

func (b *binder) block(stmts []syntax.Stmt) {
	mark := len(b.locals)
	b.stmts(stmts)
	b.locals = b.locals[:mark]
}

func (b *binder) stmts(stmts []syntax.Stmt) {
	for _, s := range stmts {
		b.stmt(s)
	}
}

func (b *binder) stmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.CompoundStmt:
		b.attrs(s.Attrs)
		b.block(s.Stmts)
	case *syntax.VarDecl:
		b.exprs(s.TemplateArgs)
		b.expr(s.Type)
		b.expr(s.Init)
		b.declare(s.Name)
	case *syntax.LetDecl:
		b.expr(s.Type)
		b.expr(s.Init)
		b.declare(s.Name)
	case *syntax.ConstDecl:
		b.expr(s.Type)
		b.expr(s.Init)
		b.declare(s.Name)
	case *syntax.ConstAssert:
		b.expr(s.Cond)
	case *syntax.ReturnStmt:
		b.expr(s.Value)
	case *syntax.IfStmt:
		b.attrs(s.Attrs)
		b.expr(s.Cond)
		b.block(s.Then.Stmts)
		if s.Else != nil {
			b.stmt(s.Else)
		}
	case *syntax.SwitchStmt:
		b.attrs(s.Attrs)
		b.expr(s.Selector)
		for _, c := range s.Clauses {
			for _, sel := range c.Selectors {
				b.expr(sel.Expr)
			}
			b.block(c.Body.Stmts)
		}
	case *syntax.LoopStmt:
		b.attrs(s.Attrs)
		// The continuing block sees the declarations of the loop body.
		mark := len(b.locals)
		b.stmts(s.Body.Stmts)
		if c := s.Continuing; c != nil {
			b.block(c.Body.Stmts)
			if c.BreakIf != nil {
				b.expr(c.BreakIf.Cond)
			}
		}
		b.locals = b.locals[:mark]
	case *syntax.ForStmt:
		b.attrs(s.Attrs)
		mark := len(b.locals)
		if s.Init != nil {
			b.stmt(s.Init)
		}
		b.expr(s.Cond)
		if s.Update != nil {
			b.stmt(s.Update)
		}
		b.block(s.Body.Stmts)
		b.locals = b.locals[:mark]
	case *syntax.WhileStmt:
		b.attrs(s.Attrs)
		b.expr(s.Cond)
		b.block(s.Body.Stmts)
	case *syntax.AssignStmt:
		b.expr(s.LHS)
		b.expr(s.RHS)
	case *syntax.IncDecStmt:
		b.expr(s.X)
	case *syntax.CallStmt:
		b.expr(s.Call)
	case *syntax.BreakIfStmt:
		b.expr(s.Cond)
	}
}

// use binds one name: a local, a declaration of the module, a named or wildcard import, a
// path, or else a predeclared name (left for the checker).
func (b *binder) use(id *syntax.Ident) {
	name := id.Name
	m := b.mod
	if syntax.IsQualified(name) {
		b.usePath(id)
		return
	}
	for i := len(b.locals) - 1; i >= 0; i-- {
		if b.locals[i].name == name {
			b.checkFlattened(b.locals[i].pos, id.Loc.Start)
			return
		}
	}
	if !b.l.names[name] {
		b.reserved[name] = true
		return
	}
	if d := m.decls[name]; d != nil {
		b.bind(id, target{mod: m, decl: d}, name)
		return
	}
	if ib := m.named[name]; ib != nil {
		if !ib.ok {
			return // reported with the import
		}
		if ib.t.isModule() {
			b.l.errorf(m.File, id.Loc, "'%s' is a module: name one of its items, %s::item", name, name)
			return
		}
		b.bind(id, ib.t, name)
		if m == b.l.root {
			if ld := b.decls[ib.t.decl]; ld.rootName == "" {
				ld.rootName = name
			}
		}
		return
	}
	var found target
	var from *importBinding
	for _, w := range m.wildcards {
		if !w.ok {
			continue
		}
		t, ok := b.l.export(m, w.t.mod, name)
		if !ok || t == found {
			continue
		}
		if from != nil {
			b.l.errorf(m.File, id.Loc, "'%s' is ambiguous: both %s and %s bring it in with wildcard imports; import the one you mean by name, or write its path", name, from.t.mod.Canonical(), w.t.mod.Canonical()).
				Note(m.File, from.item.Span(), "one wildcard import is here").Note(m.File, w.item.Span(), "the other is here")
			return
		}
		found, from = t, w
	}
	if from != nil {
		b.bind(id, found, name)
		return
	}
	b.reserved[name] = true
}

// usePath binds a qualified name: `package::a::f`, `super::f`, `m::f` with m an imported
// module, or `pkg::a::f` with pkg a package.
func (b *binder) usePath(id *syntax.Ident) {
	m := b.mod
	parts := strings.Split(id.Name, "::")
	segs := make([]syntax.Ident, len(parts))
	for i, p := range parts {
		segs[i] = syntax.Ident{Loc: id.Loc, Name: p}
	}
	var start *Module
	var rest []syntax.Ident
	switch first := parts[0]; {
	case first == "package":
		start, rest = b.l.module(m.Pkg, nil), segs[1:]
	case first == "super":
		n := 0
		for n < len(parts) && parts[n] == "super" {
			n++
		}
		s, r, ok := b.l.startModule(m, false, n, segs[n:], id.Loc)
		if !ok {
			return
		}
		start, rest = s, r
	default:
		for _, lc := range b.locals {
			if lc.name == first {
				b.l.errorf(m.File, id.Loc, "'%s' is a local name, not a module: a path starts with a module", first)
				return
			}
		}
		if m.decls[first] != nil {
			b.l.errorf(m.File, id.Loc, "'%s' is a declaration of this module, not a module: a path starts with a module", first)
			return
		}
		if ib := m.named[first]; ib != nil {
			if !ib.ok {
				return
			}
			if !ib.t.isModule() {
				b.l.errorf(m.File, id.Loc, "'%s' is a declaration, not a module: a path starts with a module", first)
				return
			}
			start, rest = ib.t.mod, segs[1:]
			break
		}
		s, r, ok := b.l.startModule(m, false, 0, segs, id.Loc)
		if !ok {
			return
		}
		start, rest = s, r
	}
	if len(rest) == 0 {
		b.l.errorf(m.File, id.Loc, "'%s' is a module, not a declaration: name one of its items", id.Name)
		return
	}
	t, ok := b.l.walk(m, start, rest, id.Loc)
	if !ok {
		return
	}
	if t.isModule() {
		b.l.errorf(m.File, id.Loc, "'%s' is a module, not a declaration: name one of its items", id.Name)
		return
	}
	b.bind(id, t, parts[len(parts)-1])
}

// bind records that id names the declaration t.
func (b *binder) bind(id *syntax.Ident, t target, via string) {
	ld, isNew := b.reach(t, via, id.Loc, b.mod)
	if isNew {
		b.news = append(b.news, ld)
	}
	b.refs = append(b.refs, ref{id: id, to: ld, mod: b.mod})
	if b.fn != nil {
		if n := len(ld.sites); n == 0 || ld.sites[n-1].written != id.Name || ld.sites[n-1].fn != b.fn {
			ld.sites = append(ld.sites, site{fn: b.fn, written: id.Name})
		}
	}
}

// checkFlattened notes a use at pos of a local declared at decl inside a flattened block
// that ends before pos: linked WGSL must then leave the block's braces out.
func (b *binder) checkFlattened(decl, pos diag.Pos) {
	w := b.mod.Syntax.WESL
	if w == nil {
		return
	}
	for _, fb := range w.Flattened {
		if fb.Open.Start < decl && decl < fb.Close.Start && fb.Close.End <= pos {
			b.unbraced[fb.Open.Start] = true
		}
	}
}
