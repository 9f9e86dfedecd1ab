package wesl

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Module is one module of a program: a file of a package, or a directory without a file
// whose submodules have files.
type Module struct {
	Pkg *Package
	// Path is the module's path below its package's root: ["util", "noise"] for the
	// file util/noise.wesl; empty for the package's top module (package.wesl).
	Path []string
	// File and Syntax are the module's source and tree; nil for a module without a file.
	File   *diag.File
	Syntax *syntax.File

	parsed bool
	decls  map[string]syntax.Decl
	// imports are the module's import items in source order; named holds what its named
	// imports bring into scope (the first of two imports of one name), wildcards its
	// wildcard imports.
	imports   []*importBinding
	named     map[string]*importBinding
	wildcards []*importBinding
	// importsDone is set once every import of the module is resolved.
	importsDone  bool
	wildcardable bool // `@wildcardable module;`
	children     map[string]*Module
}

// Canonical returns the module's path in the program: "package::util::noise".
func (m *Module) Canonical() string {
	return strings.Join(append([]string{m.Pkg.Name}, m.Path...), "::")
}

func (m *Module) String() string {
	if m.File != nil {
		return m.Canonical() + " (" + m.File.Name + ")"
	}
	return m.Canonical()
}

// target is what a name or a path stands for: a module-scope declaration of mod, or the
// module mod itself (decl nil).
type target struct {
	mod  *Module
	decl syntax.Decl
}

func (t target) isModule() bool { return t.mod != nil && t.decl == nil }

// importBinding is one name an import item brings into a module's scope.
type importBinding struct {
	imp  *syntax.Import
	item *syntax.ImportItem
	// state is 0 before resolution, 1 while resolving (a cycle of re-exports), 2 after.
	state uint8
	dup   bool // a second import of a name
	t     target
	ok    bool
}

// loader reads the modules of a program on demand and resolves their imports.
type loader struct {
	opts     Options
	fsys     FS
	diags    diag.List
	files    []*diag.File
	nextBase diag.Pos
	exprIDs  int32
	packages map[string]*Package // by root directory
	modules  map[string]*Module  // by package directory and module path
	order    []*Module           // modules with files, in load order
	root     *Module
	// names holds every name a module of the program declares or imports: any other name
	// is predeclared (or a mistake the checker reports), so the binder need not look for it.
	names map[string]bool
	// arena carries the parser's chunks from one imported module to the next. The root is
	// parsed without: most roots import nothing, and the arena's slabs would be made for
	// nothing.
	arena *syntax.Arena
	// quiet drops the loader's own diagnostics, keeping the parsers' (ParseOnly).
	quiet        bool
	syntaxErrors bool
}

func newLoader(fsys FS, opts Options) *loader {
	return &loader{opts: opts, fsys: fsys}
}

func (l *loader) errorf(f *diag.File, span diag.Span, format string, args ...any) *diag.Diagnostic {
	return l.add(diag.Error, f, span, format, args...)
}

func (l *loader) warningf(f *diag.File, span diag.Span, format string, args ...any) *diag.Diagnostic {
	return l.add(diag.Warning, f, span, format, args...)
}

func (l *loader) add(sev diag.Severity, f *diag.File, span diag.Span, format string, args ...any) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: sev, File: f, Span: span, Message: fmt.Sprintf(format, args...)}
	if !l.quiet {
		l.diags = append(l.diags, d)
	}
	return d
}

// openRoot parses the root module; when it uses WESL syntax, it finds its package (from a
// wesl.toml in its directory or above) and its path in the package.
func (l *loader) openRoot(rootPath string, text []byte) *Module {
	rootPath = path.Clean(rootPath)
	dir := path.Dir(rootPath)
	m := &Module{Pkg: &Package{Name: "package", FS: l.fsys, Dir: dir, Resolver: l.opts.Resolver}}
	m.Path = []string{strings.TrimSuffix(path.Base(rootPath), path.Ext(rootPath))}
	l.root = m
	l.parseText(m, rootPath, text, nil, diag.Span{})
	if m.Syntax.Imports == nil && m.Syntax.WESL == nil {
		// WGSL: no package to look for (and no file system to touch).
		return m
	}
	l.packages, l.modules, l.names = map[string]*Package{}, map[string]*Module{}, map[string]bool{}
	pkg := m.Pkg
	if cfg := l.findConfig(dir); cfg != nil {
		pkg.setConfig(cfg)
	}
	rel, ok := relPath(pkg.Dir, rootPath)
	if !ok {
		l.errorf(m.File, diag.Span{Start: diag.NoPos, End: diag.NoPos}, "%s is outside the package root %s that %s sets: move it there or change root", rootPath, pkg.Dir, pkg.Config.File.Name)
		return nil
	}
	l.packages[pkg.Dir] = pkg
	m.Path = strings.Split(strings.TrimSuffix(rel, path.Ext(rel)), "/")
	l.modules[moduleKey(pkg, m.Path)] = m
	l.index(m)
	return m
}

// findConfig looks for wesl.toml in dir and the directories above it, up to the first
// that holds a go.mod (the top of a Go module) or the top of a relative path.
func (l *loader) findConfig(dir string) *Config {
	for {
		name := join(dir, "wesl.toml")
		text, err := l.fsys.ReadFile(name)
		if err == nil {
			cfg, diags := parseConfig(diag.NewFile(name, text), dir)
			l.diags = append(l.diags, diags...)
			return cfg
		}
		if !errors.Is(err, fs.ErrNotExist) {
			l.errorf(nil, diag.Span{Start: diag.NoPos}, "%v", err)
			return nil
		}
		if _, err := l.fsys.Stat(join(dir, "go.mod")); err == nil {
			return nil
		}
		parent := path.Dir(dir)
		if parent == dir || dir == "." || strings.HasSuffix(dir, "..") {
			return nil
		}
		dir = parent
	}
}

// relPath returns name relative to dir when it is below it.
func relPath(dir, name string) (string, bool) {
	if dir == "." {
		if name == ".." || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") {
			return "", false
		}
		return name, true
	}
	if !strings.HasPrefix(name, dir+"/") {
		return "", false
	}
	return name[len(dir)+1:], true
}

// module returns the module of pkg at segs, made on first use (not yet parsed).
func (l *loader) module(pkg *Package, segs []string) *Module {
	key := moduleKey(pkg, segs)
	if m := l.modules[key]; m != nil {
		return m
	}
	m := &Module{Pkg: pkg, Path: slices.Clone(segs)}
	l.modules[key] = m
	return m
}

// child returns the submodule name of m.
func (l *loader) child(m *Module, name string) *Module {
	if c := m.children[name]; c != nil {
		return c
	}
	c := l.module(m.Pkg, append(slices.Clone(m.Path), name))
	if m.children == nil {
		m.children = map[string]*Module{}
	}
	m.children[name] = c
	return c
}

func moduleKey(pkg *Package, segs []string) string {
	return pkg.Dir + "\x00" + strings.Join(segs, "::")
}

// parse reads and parses m's file, if it has one, once; importer and at say where the
// program first reaches it.
func (l *loader) parse(m *Module, importer *Module, at diag.Span) {
	if m.parsed {
		return
	}
	name, _ := m.Pkg.moduleFile(m.Path)
	if name == "" {
		m.parsed = true
		return
	}
	text, err := m.Pkg.FS.ReadFile(name)
	if err != nil {
		m.parsed = true
		f := importer.File
		l.errorf(f, at, "cannot read %s: %v", name, err)
		return
	}
	l.parseText(m, name, text, importer, at)
}

func (l *loader) parseText(m *Module, name string, text []byte, importer *Module, at diag.Span) {
	m.parsed = true
	f := diag.NewFile(name, text)
	f.Base = l.nextBase
	l.nextBase += diag.Pos(len(text)) + 1
	if importer != nil && importer.File != nil {
		f.Importer, f.ImportSpan = importer.File, at
	}
	m.File = f
	l.files = append(l.files, f)
	l.order = append(l.order, m)
	dialect := syntax.DialectModern
	if m == l.root {
		dialect = l.opts.Dialect
	}
	if m != l.root && l.arena == nil {
		l.arena = new(syntax.Arena)
	}
	ast, diags := syntax.Parse(f, syntax.Options{
		Dialect:     dialect,
		Features:    l.opts.Features,
		AllBranches: l.opts.allBranches,
		FirstExprID: l.exprIDs,
		Arena:       l.arena,
	})
	l.exprIDs = ast.ExprIDs
	l.diags = append(l.diags, diags...)
	l.syntaxErrors = l.syntaxErrors || diags.HasErrors()
	m.Syntax = ast
	if m != l.root {
		l.index(m)
	}
}

// index makes the tables of a parsed module's declarations and imports.
func (l *loader) index(m *Module) {
	f, ast, name := m.File, m.Syntax, m.File.Name
	m.decls = map[string]syntax.Decl{}
	for _, d := range ast.Decls {
		id := syntax.DeclName(d)
		if id == nil {
			continue
		}
		if prev, dup := m.decls[id.Name]; dup {
			if m != l.root && !l.opts.allBranches {
				// The checker reports the root module's; the other modules' second
				// declarations would never reach it.
				l.errorf(f, id.Loc, "'%s' is declared twice in %s", id.Name, name).Note(f, syntax.DeclName(prev).Loc, "the first declaration is here")
			}
			continue
		}
		m.decls[id.Name] = d
		l.names[id.Name] = true
	}
	if md := ast.Module; md != nil {
		for _, a := range md.Attrs {
			if a.Name.Name == "wildcardable" && len(a.Args) == 0 {
				m.wildcardable = true
			} else {
				l.errorf(f, a.Loc, "unknown attribute @%s on the module declaration (known: @wildcardable)", a.Name.Name)
			}
		}
	}
	m.named = map[string]*importBinding{}
	for _, imp := range ast.Imports {
		for i := range imp.Items {
			it := &imp.Items[i]
			b := &importBinding{imp: imp, item: it}
			m.imports = append(m.imports, b)
			l.names[it.Name().Name] = true
			if it.Wildcard {
				if imp.Public {
					l.errorf(f, it.Span(), "'public import ...::*' is reserved by the WESL specification and has no meaning yet: re-export the items one by one")
				}
				m.wildcards = append(m.wildcards, b)
				continue
			}
			n := it.Name()
			if d := m.decls[n.Name]; d != nil {
				l.errorf(f, n.Loc, "import of '%s' conflicts with the declaration of '%s' in this module: import it under another name (as)", n.Name, n.Name).Note(f, syntax.DeclName(d).Loc, "the declaration is here")
				continue
			}
			if m.named[n.Name] != nil {
				// Two imports of one name are an error unless they are the same item,
				// which resolveImports tells once both are resolved.
				b.dup = true
				continue
			}
			m.named[n.Name] = b
		}
	}
}

// resolveImports resolves every import of m (loading the modules they name).
func (l *loader) resolveImports(m *Module) {
	if m.importsDone || m.Syntax == nil {
		return
	}
	m.importsDone = true
	for _, b := range m.imports {
		l.resolveBinding(m, b)
		if b.dup {
			n := b.item.Name()
			first := m.named[n.Name]
			if first.ok && b.ok && first.t != b.t {
				l.errorf(m.File, n.Loc, "'%s' is imported twice, as two different items", n.Name).Note(m.File, first.item.Name().Loc, "the first import is here")
			}
		}
	}
	l.checkWildcardShadows(m)
}

// resolveBinding resolves one import item of m.
func (l *loader) resolveBinding(m *Module, b *importBinding) {
	switch b.state {
	case 1:
		l.errorf(m.File, b.item.Span(), "the re-exports of '%s' form a cycle", b.item.Name().Name)
		b.state = 2
		return
	case 2:
		return
	}
	b.state = 1
	it := b.item
	start, segs, ok := l.startModule(m, it.Package, it.Supers, it.Path, it.Span())
	if !ok {
		b.state = 2
		return
	}
	if len(segs) == 0 {
		// `import package_name;` or `import super::...` with nothing after is a module.
		b.t, b.ok = target{mod: start}, true
		if b.imp.Public {
			l.errorf(m.File, it.Span(), "'public import' of a module is reserved by the WESL specification and has no meaning yet: re-export the items one by one")
		}
		b.state = 2
		return
	}
	t, ok := l.walk(m, start, segs, it.Span())
	b.state = 2
	if !ok {
		return
	}
	b.t, b.ok = t, true
	if it.Wildcard {
		if t.mod.Pkg != m.Pkg && !t.mod.wildcardable && !suppressed(b.imp.Attrs, "wildcard_import") {
			l.errorf(m.File, it.Span(), "wildcard import from %s, a module of another package that is not marked @wildcardable: its new declarations could clash with yours; import the items by name, or accept that with @diagnostic(off, wildcard_import) on the import", t.mod.Canonical())
		}
		return
	}
	if b.imp.Public {
		switch {
		case t.isModule():
			l.errorf(m.File, it.Span(), "'public import' of a module is reserved by the WESL specification and has no meaning yet: re-export the items one by one")
		case t.mod.Syntax.VisibilityOf(t.decl) != syntax.VisPublic:
			l.errorf(m.File, it.Span(), "'public import' cannot widen the visibility of '%s', which is not public: declare it 'public' in %s", syntax.DeclName(t.decl).Name, t.mod.File.Name).Note(t.mod.File, syntax.DeclName(t.decl).Loc, "the declaration is here")
		}
	}
}

// suppressed reports whether attrs hold @diagnostic(off, rule).
func suppressed(attrs []*syntax.Attribute, rule string) bool {
	for _, a := range attrs {
		if d := a.Diagnostic; d != nil && d.Rule.Name == rule && d.Severity.Name == "off" {
			return true
		}
	}
	return false
}

// startModule returns the module a path starts from and the segments that follow it: the
// package's top module for `package::`, an enclosing module for `super::`, and for a plain
// first segment the top module of the package of that name.
func (l *loader) startModule(from *Module, pkgRel bool, supers int, segs []syntax.Ident, at diag.Span) (*Module, []syntax.Ident, bool) {
	switch {
	case pkgRel:
		return l.module(from.Pkg, nil), segs, true
	case supers > 0:
		// A module's parent is its path minus the last segment: `super::x` in util/a.wesl
		// is util::x, in main.wesl at the root it is package::x.
		n := len(from.Path) - supers
		if n < 0 {
			l.errorf(from.File, at, "%s climbs out of the package: %s is %d level(s) below its root", strings.Repeat("super::", supers), from.Canonical(), len(from.Path)-1)
			return nil, nil, false
		}
		return l.module(from.Pkg, from.Path[:n]), segs, true
	}
	name := segs[0]
	pkg, err := from.Pkg.resolve(name.Name)
	if err != nil {
		l.errorf(from.File, name.Loc, "cannot open package '%s': %v", name.Name, err)
		return nil, nil, false
	}
	if pkg == nil {
		d := l.errorf(from.File, name.Loc, "unknown package '%s': a path into this package starts with package:: or super::", name.Name)
		if own, _ := from.Pkg.moduleFile([]string{name.Name}); own != "" || from.Pkg.hasDir([]string{name.Name}) {
			d.Message += fmt.Sprintf(" (package::%s is a module of this package)", name.Name)
		} else if from.Pkg.Config == nil {
			d.Message += "; list other packages under [dependencies] in a wesl.toml"
		}
		return nil, nil, false
	}
	if known := l.packages[pkg.Dir]; known != nil {
		pkg = known
	} else {
		l.packages[pkg.Dir] = pkg
	}
	return l.module(pkg, nil), segs[1:], true
}

// walk follows segs from module start on behalf of module from (Imports.md, "Import
// resolution algorithm"): a segment naming an item of the current module must be the
// last; any other names the submodule, a file or an empty module.
//
// at is the span of the whole path: the import notes of diagnostics point at it.
func (l *loader) walk(from, start *Module, segs []syntax.Ident, at diag.Span) (target, bool) {
	cur := start
	for i, seg := range segs {
		last := i == len(segs)-1
		if seg.Name == "*" {
			l.parse(cur, from, at)
			if cur.File == nil && !cur.Pkg.hasDir(cur.Path) {
				l.notFound(from, cur, seg.Loc)
				return target{}, false
			}
			return target{mod: cur}, true
		}
		l.parse(cur, from, at)
		if t, ok, found := l.item(from, cur, seg); found {
			if !ok {
				return target{}, false
			}
			if !last {
				l.errorf(from.File, segs[i+1].Loc, "'%s' is a declaration of %s, not a module: nothing can follow it in a path", seg.Name, cur.Canonical())
				return target{}, false
			}
			return t, true
		}
		cur = l.child(cur, seg.Name)
	}
	l.parse(cur, from, at)
	if cur.File == nil && !cur.Pkg.hasDir(cur.Path) {
		l.notFound(from, cur, segs[len(segs)-1].Loc)
		return target{}, false
	}
	return target{mod: cur}, true
}

// notFound reports a path that names neither a declaration nor a module, with the files
// it looked for.
func (l *loader) notFound(from, m *Module, at diag.Span) {
	parent := l.module(m.Pkg, m.Path[:len(m.Path)-1])
	name := m.Path[len(m.Path)-1]
	_, tried := m.Pkg.moduleFile(m.Path)
	where := parent.Canonical()
	if parent.File != nil {
		where += " (" + parent.File.Name + ")"
	}
	l.errorf(from.File, at, "cannot find '%s': no declaration '%s' in %s, and no module file %s", name, name, where, strings.Join(tried, " or "))
}

// item looks name up among the items of module m on behalf of module from: its
// declarations and its public re-exports. found is false when m has no such item; ok is
// false when it has one that from may not use (reported).
func (l *loader) item(from, m *Module, name syntax.Ident) (t target, ok, found bool) {
	if m.Syntax == nil {
		return target{}, false, false
	}
	if d := m.decls[name.Name]; d != nil {
		return target{mod: m, decl: d}, l.visible(from, m, d, name.Loc), true
	}
	if b := m.named[name.Name]; b != nil && b.imp.Public {
		l.resolveBinding(m, b)
		if !b.ok {
			return target{}, false, true
		}
		return b.t, true, true
	}
	return target{}, false, false
}

// visible reports whether module from may name declaration d of module m (Visibility.md),
// reporting it when it may not.
func (l *loader) visible(from, m *Module, d syntax.Decl, at diag.Span) bool {
	if from == m {
		return true
	}
	id := syntax.DeclName(d)
	switch m.Syntax.VisibilityOf(d) {
	case syntax.VisPrivate:
		l.errorf(from.File, at, "'%s' is private to %s: only that module can use it", id.Name, m.File.Name).Note(m.File, id.Loc, "the declaration is here")
		return false
	case syntax.VisPackage:
		if from.Pkg != m.Pkg {
			l.errorf(from.File, at, "'%s' is not public: only the modules of package %s can use it; declare it 'public' in %s", id.Name, m.Pkg.Name, m.File.Name).Note(m.File, id.Loc, "the declaration is here")
			return false
		}
	}
	return true
}

// checkWildcardShadows warns of declarations and named imports of m that shadow a name a
// wildcard import brings (Imports.md, wildcard_shadow).
func (l *loader) checkWildcardShadows(m *Module) {
	if len(m.wildcards) == 0 {
		return
	}
	check := func(name string, at diag.Span, attrs []*syntax.Attribute) {
		for _, w := range m.wildcards {
			if !w.ok {
				continue
			}
			if _, ok := l.export(m, w.t.mod, name); ok && !suppressed(attrs, "wildcard_shadow") {
				l.warningf(m.File, at, "'%s' shadows the '%s' that the wildcard import of %s brings; suppress with @diagnostic(off, wildcard_shadow)", name, name, w.t.mod.Canonical()).Note(m.File, w.item.Span(), "the wildcard import is here")
				return
			}
		}
	}
	for _, d := range m.Syntax.Decls {
		if id := syntax.DeclName(d); id != nil && m.decls[id.Name] == d {
			check(id.Name, id.Loc, declAttrs(d))
		}
	}
	for _, b := range m.imports {
		if !b.item.Wildcard && !b.dup {
			check(b.item.Name().Name, b.item.Name().Loc, b.imp.Attrs)
		}
	}
}

// export looks up a name that a wildcard import of m brings into module from: a
// declaration or public re-export of m that from may use.
func (l *loader) export(from, m *Module, name string) (target, bool) {
	if m.Syntax == nil {
		return target{}, false
	}
	if d := m.decls[name]; d != nil {
		v := m.Syntax.VisibilityOf(d)
		if from == m || v == syntax.VisPublic || (v == syntax.VisPackage && from.Pkg == m.Pkg) {
			return target{mod: m, decl: d}, true
		}
		return target{}, false
	}
	if b := m.named[name]; b != nil && b.imp.Public {
		l.resolveBinding(m, b)
		return b.t, b.ok
	}
	return target{}, false
}

func declAttrs(d syntax.Decl) []*syntax.Attribute {
	switch d := d.(type) {
	case *syntax.FuncDecl:
		return d.Attrs
	case *syntax.StructDecl:
		return d.Attrs
	case *syntax.ConstDecl:
		return d.Attrs
	case *syntax.OverrideDecl:
		return d.Attrs
	case *syntax.VarDecl:
		return d.Attrs
	}
	return nil
}
