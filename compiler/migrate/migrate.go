// Package migrate rewrites a checked shader of the 2021 draft dialect as modern WGSL, with
// the same bindings, layouts and pipeline interface.
//
// The checker has already applied the draft's semantics and recorded what differs
// (sema.Program.Legacy); the migration turns each construct into its modern spelling:
//
//	[[group(g), binding(b)]], [[set(g)]]    @group(g) @binding(b)
//	[[stage(x)]], [[workgroup_size(n)]]     @x, @workgroup_size(n) (1 when the draft left it out)
//	-> void, [[block]], type T = ...        dropped, dropped, alias T = ...
//	[[offset(n)]]                           nothing where the modern rules place the member at n,
//	                                        else @size on the member before the gap
//	[[stride(n)]] array<E, N>               array<E, N> where n is E's natural stride, else an
//	                                        array of `struct { @size(n) value: E }`
//	var<storage> x: [[access(a)]] S         var<storage, a> x: S (read_write without [[access]])
//	[[access(a)]] texture_storage_2d<F>     texture_storage_2d<F, a>
//	[[constant_id(n)]] const x: T = e       @id(n) override x: T = e
//	function-scope const                    let
//	elseif, fallthrough                     else if, the next clause's statements repeated
//	if (c) { break; } ending continuing     break if c;
//	var<in>/var<out> with [[location]]      entry-point parameters, and a returned structure
//	  or [[builtin]]                        (helper functions that use them get parameters:
//	                                        values for inputs, pointers for outputs)
//	[[builtin(frag_coord)]] and friends     today's names (position, sample_mask...)
//	smoothStep, texture queries             smoothstep, an i32 conversion of the u32 result
//
// Literals keep their meaning: an unsuffixed literal is i32 or f32 in the draft and abstract
// today, which only matters where it is an operand of an operator, so those get a suffix.
// Names that modern WGSL reserves get a trailing underscore. The result is checked as modern
// WGSL before it is returned, and its buffer layouts compared with the draft's. The draft
// had no uniformity analysis: when that is all modern WGSL rejects, the migration turns the
// analysis off with a diagnostic directive, and says so in a warning.
package migrate

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Migrate prints the 2021-draft shader file, checked without errors as prog, as modern
// WGSL. The diagnostics hold an error, at the construct, for everything modern WGSL cannot
// express; the text is then nil.
func Migrate(file *syntax.File, prog *sema.Program) ([]byte, diag.List) {
	text, _, diags := MigrateMapped(file, prog)
	return text, diags
}

// MigrateMapped is Migrate, and returns where the constructs of the modern text are in the
// 2021-draft file (syntax.PositionMap), so that what is said about the text can point into
// the file the user has.
func MigrateMapped(file *syntax.File, prog *sema.Program) ([]byte, *syntax.PositionMap, diag.List) {
	m := newMigrator(file, prog)
	if file.Dialect != syntax.DialectLegacy2021 || prog.Legacy == nil {
		m.errorAt(noPos, "the shader is not written in the 2021 draft dialect; there is nothing to migrate")
		return nil, nil, m.rep.Diags
	}
	out := m.file()
	if m.rep.Diags.HasErrors() {
		return nil, nil, m.rep.Diags
	}
	text := m.print(out)
	prog, modern := m.checkModern(text)
	if rules := uniformityRules(modern); len(rules) > 0 {
		// The draft had no uniformity analysis: what it accepted keeps compiling, with the
		// analysis turned off where it would now reject the shader.
		for _, rule := range rules {
			out.Directives = append(out.Directives, &syntax.DiagnosticDirective{Control: syntax.DiagnosticControl{
				Severity: syntax.Ident{Name: "off"}, Rule: syntax.Ident{Name: rule}}})
			// At the shader's construct that modern WGSL rejects first for the rule.
			i := slices.IndexFunc(modern.Errors(), func(d *diag.Diagnostic) bool { return d.Rule == rule })
			d := modern.Errors()[i]
			m.rep.Warningf(m.sourceSpan(d.Span), "the migration turns %s off: the 2021 draft had no uniformity analysis, and modern WGSL rejects the shader with it: %s",
				rule, d.Message)
		}
		text = m.print(out)
		prog, modern = m.checkModern(text)
	}
	if modern.HasErrors() {
		for _, d := range modern.Errors() {
			p := d.File.Position(d.Span.Start)
			m.errorAt(noPos, "the migrated shader does not check as modern WGSL: %d:%d: %s\n%s", p.Line, p.Column, d.Message, d.File.Line(p.Line))
		}
	} else {
		m.compare(prog)
	}
	if m.rep.Diags.HasErrors() {
		return nil, nil, m.rep.Diags
	}
	return text, m.positions, m.rep.Diags
}

// sourceSpan is where span of the text printed last is in the shader's file.
func (m *migrator) sourceSpan(span diag.Span) diag.Span {
	if m.positions != nil {
		if s, ok := m.positions.SourceSpan(span); ok {
			return s
		}
	}
	return noPos
}

// print prints the migrated tree, keeping its positions for MigrateMapped.
func (m *migrator) print(f *syntax.File) []byte {
	var buf bytes.Buffer
	positions, err := syntax.PrintMapped(&buf, f)
	if err != nil {
		m.errorAt(noPos, "internal error: the migrated tree does not print as modern WGSL: %v", err)
	}
	m.positions = positions
	return buf.Bytes()
}

// uniformityRules returns the uniformity rules whose diagnostics are all the errors of diags,
// or nil when there are other errors.
func uniformityRules(diags diag.List) []string {
	seen := map[string]bool{}
	var rules []string
	for _, d := range diags.Errors() {
		if d.Rule != "derivative_uniformity" && d.Rule != "subgroup_uniformity" {
			return nil
		}
		if !seen[d.Rule] {
			seen[d.Rule] = true
			rules = append(rules, d.Rule)
		}
	}
	return rules
}

type migrator struct {
	src *syntax.File
	p   *sema.Program
	leg *sema.Legacy
	rep diag.Reporter
	// positions are those of the text printed last.
	positions *syntax.PositionMap

	// taken holds every name declared anywhere in the module, for fresh names.
	taken map[string]bool
	// renameAt gives the new name of declarations whose name modern WGSL reserves, by the
	// position of the declared name.
	renameAt map[diag.Pos]string
	// memberRename gives the new name of structure members modern WGSL reserves.
	memberRename map[*types.Member]string

	// io is the pipeline interface of each function (see io.go).
	io map[*sema.Func]*funcIO
	// wrappers are the structures that give array elements a larger stride, by key.
	wrappers     map[string]*wrapper
	wrapperDecls []syntax.Decl

	// fn is the function whose body is being rewritten.
	fn *sema.Func
}

func newMigrator(file *syntax.File, prog *sema.Program) *migrator {
	m := &migrator{
		src:          file,
		p:            prog,
		leg:          prog.Legacy,
		taken:        map[string]bool{},
		renameAt:     map[diag.Pos]string{},
		memberRename: map[*types.Member]string{},
		io:           map[*sema.Func]*funcIO{},
		wrappers:     map[string]*wrapper{},
	}
	m.rep.File = file.Source
	m.rep.Limit = 100
	return m
}

func (m *migrator) errorf(n syntax.Node, format string, args ...any) {
	m.rep.Errorf(n.Span(), format, args...)
}

func (m *migrator) errorAt(span diag.Span, format string, args ...any) {
	m.rep.Errorf(span, format, args...)
}

// fresh returns base, or base followed by a number, so that the name is not taken; it
// takes it.
func (m *migrator) fresh(base string) string {
	name := base
	for i := 2; m.taken[name] || reserved(name); i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	m.taken[name] = true
	return name
}

// reserved reports whether modern WGSL does not accept name as an identifier.
func reserved(name string) bool {
	return syntax.IsKeyword(name, syntax.DialectModern) || syntax.IsReserved(name, syntax.DialectModern) ||
		strings.HasPrefix(name, "__")
}

// file migrates the whole module.
func (m *migrator) file() *syntax.File {
	m.collectNames()
	m.planIO()
	out := &syntax.File{Source: m.src.Source, Dialect: syntax.DialectModern, Directives: m.src.Directives, Comments: m.src.Comments}
	var decls []syntax.Decl
	for _, d := range m.src.Decls {
		switch d := d.(type) {
		case *syntax.StructDecl:
			decls = append(decls, m.structDecl(d))
		case *syntax.AliasDecl:
			decls = append(decls, &syntax.AliasDecl{Loc: d.Loc, Name: m.declIdent(d.Name), Type: m.typeExpr(d.Type)})
		case *syntax.ConstDecl:
			decls = append(decls, m.moduleConst(d))
		case *syntax.OverrideDecl:
			decls = append(decls, &syntax.OverrideDecl{Loc: d.Loc, Attrs: m.attrs(d.Attrs), Name: m.declIdent(d.Name), Type: m.typeExpr(d.Type), Init: m.expr(d.Init)})
		case *syntax.VarDecl:
			if v := m.globalVar(d); v != nil {
				decls = append(decls, v)
			}
		case *syntax.FuncDecl:
			decls = append(decls, m.funcDecl(d)...)
		case *syntax.ConstAssert:
			decls = append(decls, &syntax.ConstAssert{Loc: d.Loc, Cond: m.expr(d.Cond)})
		default:
			decls = append(decls, d)
		}
	}
	// Stride wrappers go first: they are used by the declarations that follow.
	out.Decls = append(append([]syntax.Decl(nil), m.wrapperDecls...), decls...)
	return out
}

// collectNames records every declared name and renames those modern WGSL reserves.
func (m *migrator) collectNames() {
	var decls []syntax.Ident
	syntax.InspectFile(m.src, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.StructDecl:
			decls = append(decls, n.Name)
			for _, mem := range n.Members {
				m.taken[mem.Name.Name] = true
			}
		case *syntax.AliasDecl:
			decls = append(decls, n.Name)
		case *syntax.ConstDecl:
			decls = append(decls, n.Name)
		case *syntax.OverrideDecl:
			decls = append(decls, n.Name)
		case *syntax.VarDecl:
			decls = append(decls, n.Name)
		case *syntax.LetDecl:
			decls = append(decls, n.Name)
		case *syntax.FuncDecl:
			decls = append(decls, n.Name)
		case *syntax.Param:
			decls = append(decls, n.Name)
		}
		return true
	})
	for _, id := range decls {
		m.taken[id.Name] = true
	}
	for _, id := range decls {
		if reserved(id.Name) {
			m.renameAt[id.Loc.Start] = m.fresh(id.Name + "_")
		}
	}
	for _, s := range m.p.Structs {
		for _, mem := range s.Members {
			if reserved(mem.Name) {
				m.memberRename[mem] = m.fresh(mem.Name + "_")
			}
		}
	}
}

// objName returns the modern name of an object.
func (m *migrator) objName(o sema.Object) string {
	if n, ok := m.renameAt[o.Span().Start]; ok && o.Span().IsValid() {
		return n
	}
	return o.Name()
}

// declIdent returns a declared name as modern WGSL spells it.
func (m *migrator) declIdent(id syntax.Ident) syntax.Ident {
	if n, ok := m.renameAt[id.Loc.Start]; ok {
		id.Name = n
	}
	return id
}

// moduleConst migrates a module-scope const: an override when it has [[constant_id]].
func (m *migrator) moduleConst(d *syntax.ConstDecl) syntax.Decl {
	if _, ok := m.leg.Overrides[d]; ok {
		id := findAttr(d.Attrs, "constant_id")
		attr := &syntax.Attribute{Loc: id.Loc, Name: syntax.Ident{Loc: id.Name.Loc, Name: "id"}, Args: id.Args, HasParens: true}
		return &syntax.OverrideDecl{Loc: d.Loc, Attrs: []*syntax.Attribute{attr}, Name: m.declIdent(d.Name), Type: m.typeExpr(d.Type), Init: m.expr(d.Init)}
	}
	t := m.typeExpr(d.Type)
	if t == nil {
		// Without a type, the draft's constant has its initializer's concrete type; modern
		// WGSL would keep it abstract.
		for _, c := range m.p.Consts {
			if c.Decl == d {
				t = m.typeOf(c.Type, d.Name.Loc)
			}
		}
	}
	return &syntax.ConstDecl{Loc: d.Loc, Name: m.declIdent(d.Name), Type: t, Init: m.expr(d.Init)}
}

// globalVar migrates a module-scope variable; pipeline inputs and outputs disappear (they
// become entry-point parameters and results).
func (m *migrator) globalVar(d *syntax.VarDecl) syntax.Decl {
	var v *sema.Var
	for _, g := range m.p.Globals {
		if g.Decl == d {
			v = g
		}
	}
	if v == nil {
		m.errorf(d, "internal error: variable '%s' was not checked", d.Name.Name)
		return nil
	}
	if v.Space == types.AddrIn || v.Space == types.AddrOut {
		return nil
	}
	out := &syntax.VarDecl{Loc: d.Loc, Attrs: m.attrs(d.Attrs), Name: m.declIdent(d.Name), Type: m.typeExpr(d.Type), Init: m.expr(d.Init)}
	switch v.Space {
	case types.AddrHandle:
	case types.AddrStorage:
		out.TemplateArgs = []syntax.Expr{ident(d.Loc, "storage"), ident(d.Loc, v.Access.String())}
	default:
		out.TemplateArgs = []syntax.Expr{ident(d.Loc, v.Space.String())}
	}
	return out
}

// attrs migrates the attributes of a declaration (not of an entry point's interface).
func (m *migrator) attrs(list []*syntax.Attribute) []*syntax.Attribute {
	var out []*syntax.Attribute
	for _, a := range list {
		cp := *a
		cp.Legacy = false
		switch a.Name.Name {
		case "block", "offset", "constant_id":
			continue
		case "set":
			cp.Name.Name = "group"
		case "stage":
			if len(a.Args) == 1 {
				if id, ok := a.Args[0].(*syntax.IdentExpr); ok {
					cp.Name = syntax.Ident{Loc: id.Loc, Name: id.Name.Name}
					cp.Args, cp.HasParens = nil, false
				}
			}
		default:
			cp.Args = m.exprs(a.Args)
		}
		out = append(out, &cp)
	}
	return out
}

func findAttr(list []*syntax.Attribute, name string) *syntax.Attribute {
	for _, a := range list {
		if a.Name.Name == name {
			return a
		}
	}
	return nil
}

// noPos locates a diagnostic about the whole shader.
var noPos = diag.Span{Start: diag.NoPos, End: diag.NoPos}

func ident(at diag.Span, name string) *syntax.IdentExpr {
	return &syntax.IdentExpr{Loc: zeroAt(at), Name: syntax.Ident{Loc: zeroAt(at), Name: name}}
}

// zeroAt is an empty span at the start of at, for synthesized nodes: the printer places
// comments by position, and an empty span takes none.
func zeroAt(at diag.Span) diag.Span { return diag.Span{Start: at.Start, End: at.Start} }

func intLit(at diag.Span, n int) *syntax.IntLit {
	return &syntax.IntLit{Loc: zeroAt(at), Raw: fmt.Sprint(n)}
}

// checkModern parses and checks the migrated text as modern WGSL.
func (m *migrator) checkModern(text []byte) (*sema.Program, diag.List) {
	f := diag.NewFile(m.src.Source.Name, text)
	file, diags := syntax.Parse(f, syntax.Options{Dialect: syntax.DialectModern})
	if diags.HasErrors() {
		return nil, diags
	}
	prog, more := sema.Check(file, sema.Options{})
	return prog, append(diags, more...)
}

// compare compares what the migration must not change: the layout of every buffer and the
// bindings.
func (m *migrator) compare(prog *sema.Program) {
	modern := map[string]*sema.Var{}
	for _, v := range prog.Globals {
		modern[v.Name()] = v
	}
	for _, v := range m.p.Globals {
		if isIO(v) {
			continue
		}
		mv := modern[m.objName(v)]
		switch {
		case mv == nil:
			m.errorAt(v.Span(), "internal error: variable '%s' is missing from the migrated shader", v.Name())
		case mv.Group != v.Group || mv.Binding != v.Binding || mv.Space != v.Space || mv.Access != v.Access:
			m.errorAt(v.Span(), "internal error: variable '%s' is @group(%d) @binding(%d) var<%s, %s> in the migrated shader, not @group(%d) @binding(%d) var<%s, %s>",
				v.Name(), mv.Group, mv.Binding, mv.Space, mv.Access, v.Group, v.Binding, v.Space, v.Access)
		case v.Space.IsHostShareable():
			m.sameLayout(v, v.Type, mv.Type, prog)
		}
	}
}

// sameLayout reports where the migrated type b of buffer v does not lay out as a.
func (m *migrator) sameLayout(v *sema.Var, a, b types.Type, prog *sema.Program) {
	la, lb := m.p.Layouts, prog.Layouts
	if la.SizeOf(a) != lb.SizeOf(b) || la.AlignOf(a) != lb.AlignOf(b) {
		m.errorAt(v.Span(), "the layout of %s (size %d, align %d) changes in modern WGSL (size %d, align %d)",
			a, la.SizeOf(a), la.AlignOf(a), lb.SizeOf(b), lb.AlignOf(b))
		return
	}
	switch a := a.(type) {
	case *types.Struct:
		bs, ok := b.(*types.Struct)
		if !ok || len(bs.Members) != len(a.Members) {
			m.errorAt(v.Span(), "internal error: structure %s changes shape in modern WGSL", a)
			return
		}
		sa, sb := la.Struct(a), lb.Struct(bs)
		for i := range a.Members {
			if sa.Members[i].Offset != sb.Members[i].Offset {
				m.errorAt(a.Members[i].Span, "member '%s' of '%s' is at offset %d, but at %d in modern WGSL",
					a.Members[i].Name, a.Name, sa.Members[i].Offset, sb.Members[i].Offset)
				return
			}
			m.sameLayout(v, a.Members[i].Type, bs.Members[i].Type, prog)
		}
	case *types.Array:
		ba, ok := b.(*types.Array)
		if !ok || la.ArrayStride(a) != lb.ArrayStride(ba) {
			m.errorAt(v.Span(), "internal error: array %s changes stride in modern WGSL", a)
			return
		}
		be := ba.Elem
		if w, ok := be.(*types.Struct); ok && len(w.Members) == 1 && w.Members[0].Name == "value" {
			if _, isStruct := a.Elem.(*types.Struct); !isStruct || a.Elem.(*types.Struct).Name != w.Name {
				be = w.Members[0].Type // a stride wrapper
			}
		}
		if la.SizeOf(a.Elem) == lb.SizeOf(be) {
			m.sameLayout(v, a.Elem, be, prog)
		}
	}
}
