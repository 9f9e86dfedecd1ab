// Package hostwgsl prints a checked WGSL program as the WGSL that a given compiler reads.
//
// WebGPU hosts hand WGSL to the compiler inside their binding, and those compilers read
// WGSL of the year they were built: the naga of github.com/cogentcore/webgpu v0.23.0 knows
// no function-scope const, no override, no enable directive; gogpu/naga lowers no
// constructor in a module const and writes no SPIR-V for all() and any(). A Profile says
// what one compiler lacks; Print writes the program so that it reads it, with the same
// meaning, bindings and memory layouts:
//
//	const-expressions, consts            their values, typed as where they are used
//	                                     (case 1 of a u32 switch is case 1u)
//	constructors that infer their type   the type written: vec2(x, y) is vec2<f32>(x, y)
//	array or matrix value indexed at     the value in a var: a let becomes a var, a
//	  run time                           parameter is copied, a const gets a local var
//	p.m, p[i] for a pointer p            (*p).m, (*p)[i]
//	var<immediate>                       var<push_constant> (naga before immediates)
//	@interpolate(flat, first|either)     @interpolate(flat)
//	requires, diagnostic, const_assert,  dropped: the program checked with them
//	  @must_use, @diagnostic
//	let of a texture or sampler          the variable it names, at every use
//	missing builtins                     helper functions (quantizeToF16, dot4U8Packed,
//	                                     textureSampleBaseClampToEdge, all, any, ...)
//	a function that ends in a loop       a return of the zero value after it
//	  that returns
//
// What a compiler cannot read in any words (f16 for one without it, texture_external,
// subgroups, pointer parameters in the storage address space) is an error at its position,
// saying which compiler and what to write instead. Overrides stay as they are written: a
// profile whose compiler reads none (Profile.Substitutes) relies on the host to substitute
// the pipeline's values before compiling, as gen/wgsl's Shader.WGSLFor does with the
// override ranges of the printed text.
//
// Print writes the program's own comments where they were. Its output for a profile is
// deterministic.
package hostwgsl

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Print writes prog, a program in modern WGSL that checked without errors, as the WGSL
// that p's compiler reads. The diagnostics are errors at each construct that compiler cannot
// read in any words; the text is nil then.
func Print(prog *sema.Program, p *Profile) ([]byte, diag.List) {
	w := newWriter(prog, p)
	if prog.File.Dialect != syntax.DialectModern {
		w.rep.Errorf(diag.Span{}, "the program is written in the 2021 draft dialect: migrate it to modern WGSL first (compiler/migrate)")
		return nil, w.rep.Diags
	}
	out := w.file()
	w.rep.Diags.Sort()
	if w.rep.Diags.HasErrors() {
		return nil, w.rep.Diags
	}
	var buf bytes.Buffer
	if err := syntax.Print(&buf, out); err != nil {
		w.rep.Errorf(diag.Span{}, "the program does not print as WGSL: %v", err)
		return nil, w.rep.Diags
	}
	for _, h := range w.helperText {
		buf.WriteString("\n")
		buf.WriteString(h)
	}
	return buf.Bytes(), w.rep.Diags
}

// writer rewrites the program's syntax tree for one profile; syntax.Print prints the result.
type writer struct {
	prog *sema.Program
	p    *Profile
	l    *lacks
	rep  diag.Reporter

	// taken holds every identifier of the module, for fresh names.
	taken map[string]bool
	// letVar holds the lets written as vars (arrays and matrices indexed at run time);
	// paramCopy the parameters copied into a var, with the var's name.
	letVar    map[*sema.Let]bool
	paramCopy map[*sema.Param]string
	// handleLets are the lets of textures and samplers, by their initializer.
	handleLets map[*sema.Let]syntax.Expr

	// refusedF16 is set once f16 is refused.
	refusedF16 bool
	// offRules are the diagnostic rules that @diagnostic attributes filter, for a compiler
	// that reads only the directive.
	offRules map[string]bool

	// helpers maps a helper function's key to its name; helperText holds the functions.
	helpers    map[string]string
	helperText []string

	// funcs are the functions by declaration.
	funcs map[*syntax.FuncDecl]*sema.Func
	// aliasNames are the names of the module's type aliases (aliases are module-scope only).
	aliasNames map[string]bool

	// The function being written: its prologue (the vars of const values indexed at run
	// time, the copies of parameters) and those vars by value.
	fn        *sema.Func
	prologue  []syntax.Stmt
	constVars map[string]string
}

func newWriter(prog *sema.Program, p *Profile) *writer {
	w := &writer{
		prog:       prog,
		p:          p,
		l:          &p.lacks,
		taken:      map[string]bool{},
		letVar:     map[*sema.Let]bool{},
		paramCopy:  map[*sema.Param]string{},
		handleLets: map[*sema.Let]syntax.Expr{},
		helpers:    map[string]string{},
		offRules:   map[string]bool{},
		aliasNames: map[string]bool{},
	}
	for _, d := range prog.File.Decls {
		if a, ok := d.(*syntax.AliasDecl); ok {
			w.aliasNames[a.Name.Name] = true
		}
	}
	w.rep.File = prog.File.Source
	w.rep.Limit = 100
	syntax.InspectFile(prog.File, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.Ident); ok {
			w.taken[id.Name] = true
		}
		return true
	})
	return w
}

// refuse reports a construct the profile's compiler cannot read: the message follows the
// compiler's name ("has no f16: use f32").
func (w *writer) refuse(at diag.Span, format string, args ...any) {
	w.rep.Errorf(at, "%s %s", w.p.Compiler, fmt.Sprintf(format, args...))
}

// fresh returns base, or base with a number after it, so that the name is new; it takes it.
func (w *writer) fresh(base string) string {
	name := base
	for i := 1; w.taken[name] || syntax.IsKeyword(name, syntax.DialectModern) || syntax.IsReserved(name, syntax.DialectModern); i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	w.taken[name] = true
	return name
}

// file writes the module.
func (w *writer) file() *syntax.File {
	src := w.prog.File
	out := &syntax.File{Source: src.Source, Dialect: syntax.DialectModern, Comments: src.Comments}
	w.checkBindings()
	for _, d := range src.Decls {
		if d := w.decl(d); d != nil {
			out.Decls = append(out.Decls, d)
		}
	}
	for _, d := range src.Directives {
		if dd, ok := d.(*syntax.DiagnosticDirective); ok && w.offRules[dd.Control.Rule.Name] {
			continue // turned off for the whole module below
		}
		if d := w.directive(d); d != nil {
			out.Directives = append(out.Directives, d)
		}
	}
	for _, rule := range sortedKeys(w.offRules) {
		at := diag.Span{}
		if len(src.Decls) > 0 {
			at = diag.Span{Start: src.Decls[0].Span().Start, End: src.Decls[0].Span().Start}
		}
		out.Directives = append(out.Directives, &syntax.DiagnosticDirective{Loc: at, Control: syntax.DiagnosticControl{
			Loc: at, Severity: syntax.Ident{Loc: at, Name: "off"}, Rule: syntax.Ident{Loc: at, Name: rule}}})
	}
	return out
}

// directive writes an enable, requires or diagnostic directive, or drops it (nil).
func (w *writer) directive(d syntax.Directive) syntax.Directive {
	switch d := d.(type) {
	case *syntax.Enable:
		var keep []syntax.Ident
		for _, name := range d.Names {
			rule, listed := w.l.enableRule(name.Name)
			switch {
			case listed && rule == extImplicit && w.l.checkable:
				keep = append(keep, name)
			case listed && rule == extImplicit:
			case listed || w.l.noEnable:
				w.refuse(name.Loc, "has no enable-extension %s", name.Name)
			default:
				keep = append(keep, name)
			}
		}
		if len(keep) == 0 {
			return nil
		}
		return &syntax.Enable{Loc: d.Loc, Names: keep}
	case *syntax.Requires:
		if w.l.requires {
			return nil
		}
		var keep []syntax.Ident
		for _, name := range d.Names {
			if !contains(w.l.requiresFeatures, name.Name) {
				keep = append(keep, name)
			}
		}
		if len(keep) == 0 {
			return nil
		}
		return &syntax.Requires{Loc: d.Loc, Names: keep}
	case *syntax.DiagnosticDirective:
		if w.l.diagnostics && !w.l.checkable {
			return nil
		}
	}
	return d
}

// checkBindings refuses two variables at one binding for a compiler that does.
func (w *writer) checkBindings() {
	if !w.l.duplicateBindings {
		return
	}
	seen := map[[2]int]*sema.Var{}
	for _, v := range w.prog.Globals {
		if v.Group < 0 || v.Binding < 0 {
			continue
		}
		k := [2]int{v.Group, v.Binding}
		if first := seen[k]; first != nil {
			p := w.prog.File.Source.Position(first.Span().Start)
			w.refuse(v.Decl.Name.Loc, "allows one variable at @group(%d) @binding(%d), where %s and %s (%d:%d) are: give one of them another binding, or put the entry points that use them in separate files",
				v.Group, v.Binding, v.Name(), first.Name(), p.Line, p.Column)
			continue
		}
		seen[k] = v
	}
}

// decl writes a module-scope declaration, or drops it (nil).
func (w *writer) decl(d syntax.Decl) syntax.Decl {
	switch d := d.(type) {
	case *syntax.StructDecl:
		out := &syntax.StructDecl{Loc: d.Loc, Name: d.Name}
		for _, m := range d.Members {
			out.Members = append(out.Members, &syntax.StructMember{Loc: m.Loc, Attrs: w.attrs(m.Attrs), Name: m.Name, Type: w.typeExpr(m.Type)})
		}
		return out
	case *syntax.AliasDecl:
		if w.l.aliases {
			return nil // every use names the type
		}
		return &syntax.AliasDecl{Loc: d.Loc, Name: d.Name, Type: w.typeExpr(d.Type)}
	case *syntax.ConstDecl:
		if w.l.fold {
			return nil // every use is written as the value
		}
		return &syntax.ConstDecl{Loc: d.Loc, Name: d.Name, Type: w.typeExpr(d.Type), Init: w.expr(d.Init)}
	case *syntax.OverrideDecl:
		return &syntax.OverrideDecl{Loc: d.Loc, Attrs: w.attrs(d.Attrs), Name: d.Name, Type: w.typeExpr(d.Type), Init: w.expr(d.Init)}
	case *syntax.VarDecl:
		return w.varDecl(d)
	case *syntax.ConstAssert:
		if w.l.constAssert {
			return nil
		}
		return &syntax.ConstAssert{Loc: d.Loc, Cond: w.expr(d.Cond)}
	case *syntax.FuncDecl:
		return w.funcDecl(d)
	}
	return d
}

// varDecl writes a var declaration at module or function scope.
func (w *writer) varDecl(d *syntax.VarDecl) *syntax.VarDecl {
	out := &syntax.VarDecl{Loc: d.Loc, Attrs: w.attrs(d.Attrs), Name: d.Name, Type: w.typeExpr(d.Type), Init: w.expr(d.Init)}
	v, _ := w.prog.Defs[d].(*sema.Var)
	if v == nil {
		v, _ = w.prog.Lookup(d.Name.Name).(*sema.Var)
	}
	if v != nil && v.Space == types.AddrUniform && w.l.uniformMatrix2 && types.Contains(v.Type, isMatrix2) {
		w.refuse(d.Name.Loc, "puts the columns of a matCx2<f32> in a uniform buffer 8 bytes apart, which Vulkan's uniform layout does not allow: use vec4 columns, or a storage buffer")
	}
	if out.Type == nil && (w.l.varTypes || w.l.initialize) && v != nil && v.Global {
		if t := typeOf(v.Type, d.Name.Loc); t != nil {
			out.Type = t
		}
	}
	if w.l.initialize && v != nil {
		switch {
		case v.Space == types.AddrPrivate && v.Global:
			out.Init = nil // assigned at the start of the entry points (funcDecl)
		case v.Space == types.AddrFunction && out.Init == nil:
			if t := typeOf(v.Type, d.Name.Loc); t != nil {
				out.Init = &syntax.CallExpr{Loc: d.Name.Loc, Callee: t}
			}
		}
	}
	for i, a := range d.TemplateArgs {
		switch identName(a) {
		case "immediate":
			if i == 0 && w.l.immediate != "" && !w.l.checkable {
				out.TemplateArgs = append(out.TemplateArgs, ident(w.l.immediate, a.Span()))
				continue
			}
		case "function":
			if i == 0 && w.l.functionSpace {
				continue
			}
		}
		out.TemplateArgs = append(out.TemplateArgs, a)
	}
	return out
}

// funcDecl writes a function.
func (w *writer) funcDecl(d *syntax.FuncDecl) syntax.Decl {
	f := w.funcOf(d)
	if f == nil {
		w.rep.Errorf(d.Name.Loc, "function '%s' was not checked", d.Name.Name)
		return nil
	}
	w.fn, w.prologue, w.constVars = f, nil, map[string]string{}
	defer func() { w.fn, w.prologue, w.constVars = nil, nil, nil }()
	w.planValues(f)

	out := &syntax.FuncDecl{Loc: d.Loc, Attrs: w.attrs(d.Attrs), Name: d.Name, ReturnAttrs: w.attrs(d.ReturnAttrs), ReturnType: w.typeExpr(d.ReturnType)}
	for i, p := range d.Params {
		w.checkParam(f.Params[i])
		out.Params = append(out.Params, &syntax.Param{Loc: p.Loc, Attrs: w.attrs(p.Attrs), Name: p.Name, Type: w.typeExpr(p.Type)})
	}
	body := w.stmts(d.Body.Stmts)
	if w.l.trailingReturn && f.Result != nil && !terminates(body) || w.l.lastReturn && f.Result != nil && !endsInReturn(body) {
		at := diag.Span{Start: d.Body.Loc.End - 1, End: d.Body.Loc.End - 1}
		body = append(body, &syntax.ReturnStmt{Loc: at, Value: &syntax.CallExpr{Loc: at, Callee: typeOf(f.Result, at)}})
	}
	if w.l.initialize && f.IsEntryPoint() {
		w.prologue = append(w.initPrivates(f), w.prologue...)
	}
	// The prologue is complete only now: the body's expressions add to it.
	for i, p := range d.Params {
		if name, ok := w.paramCopy[f.Params[i]]; ok {
			at := diag.Span{Start: d.Body.Loc.Start + 1, End: d.Body.Loc.Start + 1}
			w.prologue = append([]syntax.Stmt{&syntax.VarDecl{Loc: at, Name: syntax.Ident{Loc: at, Name: name},
				Init: &syntax.IdentExpr{Loc: at, Name: syntax.Ident{Loc: at, Name: p.Name.Name}}}}, w.prologue...)
		}
	}
	out.Body = &syntax.CompoundStmt{Loc: d.Body.Loc, Attrs: w.attrs(d.Body.Attrs), Stmts: append(w.prologue, body...)}
	return out
}

// initPrivates assigns the private variables entry point f uses their initial values, for
// a compiler that does not.
func (w *writer) initPrivates(f *sema.Func) []syntax.Stmt {
	at := w.fnBodyStart()
	var out []syntax.Stmt
	for _, o := range f.Globals {
		v, ok := o.(*sema.Var)
		if !ok || v.Space != types.AddrPrivate {
			continue
		}
		init := w.expr(v.Init)
		if init == nil {
			t := typeOf(v.Type, at)
			if t == nil {
				continue
			}
			init = &syntax.CallExpr{Loc: at, Callee: t}
		}
		out = append(out, &syntax.AssignStmt{Loc: at, LHS: ident(v.Name(), at), RHS: init})
	}
	return out
}

func (w *writer) funcOf(d *syntax.FuncDecl) *sema.Func {
	if w.funcs == nil {
		w.funcs = make(map[*syntax.FuncDecl]*sema.Func, len(w.prog.Funcs))
		for _, f := range w.prog.Funcs {
			w.funcs[f.Decl] = f
		}
	}
	return w.funcs[d]
}

// endsInReturn reports whether a statement list ends in a return statement.
func endsInReturn(list []syntax.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	_, ok := list[len(list)-1].(*syntax.ReturnStmt)
	return ok
}

// terminates reports whether a statement list ends in a statement that leaves it, as naga
// sees it: a return or discard, a block or an if whose branches all do, a switch whose
// clauses all do. A loop does not, whatever it holds.
func terminates(list []syntax.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *syntax.ReturnStmt, *syntax.DiscardStmt:
		return true
	case *syntax.CompoundStmt:
		return terminates(s.Stmts)
	case *syntax.IfStmt:
		if s.Else == nil || !terminates(s.Then.Stmts) {
			return false
		}
		return terminates([]syntax.Stmt{s.Else})
	case *syntax.SwitchStmt:
		for _, c := range s.Clauses {
			if !terminates(c.Body.Stmts) {
				return false
			}
		}
		return true
	}
	return false
}

// checkParam refuses the parameters the compiler cannot take.
func (w *writer) checkParam(p *sema.Param) {
	if !w.l.pointerParams {
		return
	}
	switch t := p.Type.(type) {
	case *types.Pointer:
		switch t.Space {
		case types.AddrPrivate:
			if w.l.privatePointerParams {
				w.refuse(p.Decl.Type.Span(), "passes no pointer in the private address space to a function: use the variable in the function, or a function-scope copy")
			}
		case types.AddrStorage, types.AddrUniform, types.AddrWorkgroup, types.AddrImmediate:
			w.refuse(p.Decl.Type.Span(), "passes no pointer in the %s address space to a function (the unrestricted_pointer_parameters language feature): use the variable in the function, or pass the index into it", t.Space)
		}
	case *types.Texture:
		if t.Kind == types.TexStorage {
			w.refuse(p.Decl.Type.Span(), "passes no storage texture to a function: use the texture variable in the function")
		}
	}
}

// attrs writes a list of attributes.
func (w *writer) attrs(list []*syntax.Attribute) []*syntax.Attribute {
	var out []*syntax.Attribute
	for _, a := range list {
		switch a.Name.Name {
		case "diagnostic":
			if w.l.checkable {
				break
			}
			if w.l.diagnostics {
				continue
			}
			if w.l.diagnosticAttrs {
				w.offRules[a.Diagnostic.Rule.Name] = true
				continue
			}
		case "must_use":
			if w.l.mustUse {
				continue
			}
		case "interpolate":
			if w.l.sampling && len(a.Args) == 2 && identName(a.Args[0]) == "flat" {
				out = append(out, &syntax.Attribute{Loc: a.Loc, Name: a.Name, Args: a.Args[:1], HasParens: true})
				continue
			}
		case "builtin":
			if name := identName(a.Args[0]); slices.Contains(w.l.builtinValues, name) {
				w.refuse(a.Loc, "has no @builtin(%s)", name)
			}
		}
		out = append(out, &syntax.Attribute{Loc: a.Loc, Name: a.Name, Args: w.attrArgs(a.Args), HasParens: a.HasParens, Diagnostic: a.Diagnostic})
	}
	return out
}

// attrArgs writes the arguments of an attribute: integers known at shader creation as
// plain literals, which every attribute takes and every parser reads (gogpu/naga reads
// @binding(1i) as @binding(0)).
func (w *writer) attrArgs(args []syntax.Expr) []syntax.Expr {
	out := w.exprs(args)
	if !w.l.fold {
		return out
	}
	for i, a := range args {
		tv := w.prog.TypeOf(a)
		if tv.Stage == sema.ConstStage && tv.Value.IsValid() && isScalar(tv.Type, types.KindAbstractInt, types.KindI32, types.KindU32) && tv.Value.Int64() >= 0 {
			out[i] = &syntax.IntLit{Loc: a.Span(), Raw: strconv.FormatInt(tv.Value.Int64(), 10)}
		}
	}
	return out
}

// isMatrix2 reports whether t is a matrix of two-component f32 columns.
func isMatrix2(t types.Type) bool {
	m, ok := t.(*types.Matrix)
	return ok && m.Rows == 2 && m.Elem.Kind == types.KindF32
}

func identName(e syntax.Expr) string {
	if id, ok := e.(*syntax.IdentExpr); ok {
		return id.Name.Name
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// helper returns the name of the helper function for key, writing it with text (which
// gets the name) the first time.
func (w *writer) helper(key, base string, text func(name string) string) string {
	if name, ok := w.helpers[key]; ok {
		return name
	}
	name := w.fresh(base)
	w.helpers[key] = name
	w.helperText = append(w.helperText, text(name))
	return name
}

// sortedKeys returns the keys of m in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// spell writes the WGSL of a type, "" when WGSL cannot spell it (the result structures of
// frexp and modf, override-sized arrays).
func spell(t types.Type) string {
	switch t := t.(type) {
	case *types.Struct:
		if t.Builtin {
			return ""
		}
	case *types.Array:
		if t.IsOverrideSized() || t.Stride != 0 {
			return ""
		}
		e := spell(t.Elem)
		if e == "" {
			return ""
		}
		if t.IsRuntimeSized() {
			return "array<" + e + ">"
		}
		return fmt.Sprintf("array<%s, %d>", e, t.Count)
	}
	if types.IsAbstract(t) {
		return ""
	}
	return t.String()
}
