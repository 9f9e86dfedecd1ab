package wesl

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Options configure loading and linking.
type Options struct {
	// Features are the values of the translate-time features that @if, @elif and @else
	// test. A condition that needs a feature without a value is an error
	// (ConditionalTranslation.md: every used feature must be given to the linker).
	Features map[string]bool
	// Mangle chooses the names of the declarations that do not come from the root module.
	Mangle Mangling
	// Resolver finds the packages that modules import by name, after the dependencies
	// that wesl.toml lists by path (which every package resolves first).
	Resolver Resolver
	// Dialect is the root module's: syntax.DialectAuto detects the 2021 draft, which
	// has no WESL syntax. The other modules are modern WESL.
	Dialect syntax.Dialect

	allBranches bool
}

// Program is a linked WESL program.
type Program struct {
	// Syntax is the program as one syntax tree for the checker: the declarations the root
	// module reaches, each from its own file (positions in Syntax.Source, a set of the
	// files), named as the linked program names them, with the directives of the modules
	// that contribute declarations.
	Syntax *syntax.File
	// Root is the root module; Modules every module with a file the program loaded, in
	// load order (the root first).
	Root    *Module
	Modules []*Module

	decls    []*linkDecl
	refs     []ref
	byDecl   map[syntax.Decl]*linkDecl
	unbraced map[diag.Pos]bool
	// inserted holds the @diagnostic attributes that carry a module's diagnostic
	// directives to its functions, as text to print before each function.
	inserted map[syntax.Decl]string
	// extraDirectives are the enable and requires directives of the other modules that the
	// root's do not have, printed after the root's.
	extraDirectives []syntax.Directive
	rootDirectives  int
}

// Link loads the program whose root module is the file root and links it.
func Link(fsys FS, root string, opts Options) (*Program, diag.List) {
	text, err := fsys.ReadFile(root)
	if err != nil {
		return nil, diag.List{{Severity: diag.Error, Message: err.Error(), Span: diag.Span{Start: diag.NoPos, End: diag.NoPos}}}
	}
	return LinkText(fsys, root, text, opts)
}

// LinkText links the program whose root module has the given path and text (read already:
// standard input, a test). Its imports are read from fsys relative to root's directory;
// fsys may be nil for a program without imports.
func LinkText(fsys FS, root string, text []byte, opts Options) (*Program, diag.List) {
	if fsys == nil {
		fsys = noFS{}
	}
	l := newLoader(fsys, opts)
	m := l.openRoot(root, text)
	if m == nil || l.syntaxErrors {
		return nil, l.sorted()
	}
	if m.Syntax.Imports == nil && m.Syntax.WESL == nil {
		// WGSL without WESL syntax: the program is the module.
		return &Program{Syntax: m.Syntax, Root: m, Modules: l.order, rootDirectives: len(m.Syntax.Directives)}, l.diags
	}
	l.resolveAll()
	if l.diags.HasErrors() {
		return nil, l.sorted()
	}
	b := newBinder(l)
	b.bindRoot()
	l.resolveAll()
	if l.diags.HasErrors() {
		return nil, l.sorted()
	}
	b.checkPipelineVisibility()
	if l.diags.HasErrors() {
		return nil, l.sorted()
	}
	b.assignNames(opts.Mangle)
	return b.program(), l.sorted()
}

// ParseOnly checks the syntax of the root module, given as text, and of every module file
// its imports name, every branch of their conditions included: what `wgslc --parse-only`
// does. What the imports name, or fail to, is for linking to say: only syntax errors (and
// those of wesl.toml files) are reported.
func ParseOnly(fsys FS, root string, text []byte, dialect syntax.Dialect) diag.List {
	if fsys == nil {
		fsys = noFS{}
	}
	l := newLoader(fsys, Options{allBranches: true, Dialect: dialect})
	l.quiet = true
	if l.openRoot(root, text) != nil {
		l.resolveAll()
	}
	return l.sorted()
}

func (l *loader) sorted() diag.List {
	l.diags.Sort()
	return l.diags
}

// resolveAll resolves the imports of every module loaded so far (and of the modules that
// loads).
func (l *loader) resolveAll() {
	for i := 0; i < len(l.order); i++ {
		l.resolveImports(l.order[i])
	}
}

// noFS is the file system of a program given as text alone.
type noFS struct{}

func (noFS) ReadFile(name string) ([]byte, error) {
	return nil, fmt.Errorf("%s: the program has no file system to import from", name)
}

func (noFS) Stat(name string) (fs.FileInfo, error) { return nil, fs.ErrNotExist }

// checkPipelineVisibility reports the resource variables and the overrides without a
// default that the program uses but the root module neither declares nor re-exports
// (Visibility.md, "Pipeline visibility").
func (b *binder) checkPipelineVisibility() {
	root := b.l.root
	for _, ld := range b.live {
		if ld.root {
			continue
		}
		var what string
		switch d := ld.decl.(type) {
		case *syntax.VarDecl:
			if isResource(d) {
				what = "resource variable"
			}
		case *syntax.OverrideDecl:
			if d.Init == nil {
				what = "override without a default"
			}
		}
		if what == "" {
			continue
		}
		path := ld.mod.Canonical() + "::" + ld.declared
		e := b.l.errorf(ld.firstUseMod.File, ld.firstUse, "%s '%s' of %s is used but the host cannot see it: only the root module's are in the pipeline-visible API; add 'public import %s;' to %s", what, ld.declared, ld.mod.File.Name, path, root.File.Name)
		if ld.mod.Syntax.VisibilityOf(ld.decl) != syntax.VisPublic {
			e.Message += fmt.Sprintf(" and declare it 'public' in %s", ld.mod.File.Name)
		}
		e.Note(ld.mod.File, ld.name.Loc, "the declaration is here")
	}
}

// program assembles the linked program from the bound declarations.
func (b *binder) program() *Program {
	l := b.l
	root := l.root
	p := &Program{
		Root:     root,
		Modules:  l.order,
		decls:    b.live,
		refs:     b.refs,
		byDecl:   b.decls,
		unbraced: b.unbraced,
		inserted: map[syntax.Decl]string{},
	}
	src := root.File
	if len(l.files) > 1 {
		src = diag.NewSet(l.files...)
	}
	f := &syntax.File{Source: src, Dialect: syntax.DialectModern, ExprIDs: l.exprIDs}
	f.Directives = append(f.Directives, root.Syntax.Directives...)
	p.rootDirectives = len(f.Directives)
	have := map[string]bool{}
	for _, d := range root.Syntax.Directives {
		for _, n := range directiveNames(d) {
			have[n] = true
		}
	}
	for _, m := range l.order {
		if m == root || !b.liveMods[m] {
			continue
		}
		for _, d := range m.Syntax.Directives {
			var names []syntax.Ident
			for _, n := range directiveNames(d) {
				if key := n; !have[key] {
					have[key] = true
					names = append(names, syntax.Ident{Loc: d.Span(), Name: strings.SplitN(n, " ", 2)[1]})
				}
			}
			if len(names) == 0 {
				continue
			}
			var nd syntax.Directive
			switch d.(type) {
			case *syntax.Enable:
				nd = &syntax.Enable{Loc: d.Span(), Names: names}
			case *syntax.Requires:
				nd = &syntax.Requires{Loc: d.Span(), Names: names}
			}
			f.Directives = append(f.Directives, nd)
			p.extraDirectives = append(p.extraDirectives, nd)
		}
	}
	for _, ld := range b.live {
		f.Decls = append(f.Decls, ld.decl)
		if fn, ok := ld.decl.(*syntax.FuncDecl); ok && ld.mod != root {
			p.carryDiagnostics(ld.mod, fn)
		}
	}
	p.Syntax = f
	return p
}

// directiveNames lists what an enable or requires directive asks for ("enable f16").
func directiveNames(d syntax.Directive) []string {
	var out []string
	switch d := d.(type) {
	case *syntax.Enable:
		for _, n := range d.Names {
			out = append(out, "enable "+n.Name)
		}
	case *syntax.Requires:
		for _, n := range d.Names {
			out = append(out, "requires "+n.Name)
		}
	}
	return out
}

// carryDiagnostics gives a function of an imported module the module's diagnostic
// directives as attributes: a directive applies to its own module, which the linked
// program no longer separates from the others.
func (p *Program) carryDiagnostics(m *Module, fn *syntax.FuncDecl) {
	if len(m.Syntax.Directives) == 0 {
		return
	}
	var text strings.Builder
	for _, d := range m.Syntax.Directives {
		dd, ok := d.(*syntax.DiagnosticDirective)
		if !ok {
			continue
		}
		own := false
		for _, a := range fn.Attrs {
			if a.Diagnostic != nil && a.Diagnostic.Rule.Name == dd.Control.Rule.Name {
				own = true
			}
		}
		if own {
			continue
		}
		ctl := dd.Control
		fn.Attrs = append([]*syntax.Attribute{{Loc: dd.Loc, Name: syntax.Ident{Loc: dd.Loc, Name: "diagnostic"}, Diagnostic: &ctl, HasParens: true}}, fn.Attrs...)
		fmt.Fprintf(&text, "@diagnostic(%s, %s) ", ctl.Severity.Name, ctl.Rule.Name)
	}
	if text.Len() > 0 {
		p.inserted[fn] += text.String()
	}
}

// Origin returns the module that declares d, a declaration of the linked program, and the
// name the module gives it.
func (p *Program) Origin(d syntax.Decl) (*Module, string) {
	if p.byDecl == nil {
		if id := syntax.DeclName(d); id != nil {
			return p.Root, id.Name
		}
		return p.Root, ""
	}
	ld := p.byDecl[d]
	if ld == nil {
		return nil, ""
	}
	return ld.mod, ld.declared
}

// Origins maps the names, in the linked program, of the declarations that come from
// modules other than the root to the module path and name they are declared with:
// "package::types::Light" for `struct Light` of types.wesl, whatever the root calls it.
func (p *Program) Origins() map[string]string {
	out := map[string]string{}
	for _, ld := range p.decls {
		if ld.mod != p.Root && ld.name != nil {
			out[ld.final] = ld.mod.Canonical() + "::" + ld.declared
		}
	}
	return out
}

// IsWESL reports whether the program uses WESL: imports, translate-time attributes, paths,
// visibility. Linking a plain WGSL module changes nothing; its linked WGSL is its text.
func (p *Program) IsWESL() bool { return p.decls != nil }

// Files returns the program's module files, the root first.
func (p *Program) Files() []*diag.File {
	var out []*diag.File
	for _, m := range p.Modules {
		out = append(out, m.File)
	}
	return out
}
