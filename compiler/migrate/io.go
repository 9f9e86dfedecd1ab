package migrate

import (
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The draft's pipeline inputs and outputs are module-scope var<in> and var<out>; modern
// WGSL passes them as entry-point parameters and results. In the migrated module:
//
//   - an entry point takes its inputs as parameters with the variables' names, and declares
//     its outputs as local variables of the same names at the start of its body: the body's
//     uses stay as they are. Every return (and the end of the body) returns the outputs, in
//     a structure when there is more than one or a @location among them;
//   - a helper function that uses inputs or outputs, directly or through its callees, takes
//     one parameter per variable, after its own: the value of an input, a ptr<function, T>
//     to an output, whose uses become *name. Its callers pass them on;
//   - [[builtin(workgroup_size)]], which modern WGSL does not have, is a let holding the
//     entry point's workgroup size.

// funcIO is how one function reaches the pipeline inputs and outputs.
type funcIO struct {
	// vars are the var<in>/var<out> the function or its callees use, in declaration order.
	vars []*sema.Var
	// For an entry point: the result structure's name, or "" when the only output is a
	// builtin returned as is (single) or there is no output.
	result string
	outs   []*sema.Var
	single *sema.Var
}

func isIO(v *sema.Var) bool {
	return v.Global && (v.Space == types.AddrIn || v.Space == types.AddrOut)
}

// planIO decides the interface of every function.
func (m *migrator) planIO() {
	order := map[*sema.Var]int{}
	for i, v := range m.p.Globals {
		order[v] = i
	}
	for _, f := range m.p.Funcs {
		fio := &funcIO{}
		for _, g := range f.Globals {
			if v, ok := g.(*sema.Var); ok && isIO(v) {
				fio.vars = append(fio.vars, v)
			}
		}
		sortVars(fio.vars, order)
		if f.IsEntryPoint() {
			for _, v := range fio.vars {
				if v.Space == types.AddrOut {
					fio.outs = append(fio.outs, v)
				}
			}
			if f.Result != nil && len(fio.outs) > 0 {
				m.errorAt(f.Span(), "entry point '%s' returns a value and also writes var<out> '%s'; modern WGSL returns "+
					"every output, and the migration does not merge the two: return all the outputs or write them all to var<out>",
					f.Name(), m.objName(fio.outs[0]))
			}
			if f.Stage == sema.Vertex && !writesPosition(fio.outs) && !returnsPosition(f) {
				m.errorAt(f.Span(), "vertex entry point '%s' has no [[builtin(position)]] output, which modern WGSL requires; "+
					"declare `[[builtin(position)]] var<out> position : vec4<f32>;` and write it", f.Name())
			}
			switch {
			case len(fio.outs) == 1 && fio.outs[0].IO.Builtin != "":
				fio.single = fio.outs[0]
			case len(fio.outs) > 0:
				fio.result = m.fresh(f.Name() + "_out")
			}
		}
		m.io[f] = fio
	}
}

func writesPosition(outs []*sema.Var) bool {
	for _, v := range outs {
		if v.IO.Builtin == "position" {
			return true
		}
	}
	return false
}

// returnsPosition reports whether an entry point returns its position: the result itself or
// a member of the result structure is the position builtin.
func returnsPosition(f *sema.Func) bool {
	if f.ResultIO.Builtin == "position" {
		return true
	}
	if s, ok := f.Result.(*types.Struct); ok {
		for _, mem := range s.Members {
			if mem.IO.Builtin == "position" {
				return true
			}
		}
	}
	return false
}

func sortVars(vs []*sema.Var, order map[*sema.Var]int) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && order[vs[j]] < order[vs[j-1]]; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

// ioAttrs returns the modern interface attributes of a pipeline variable used by entry
// point f.
func (m *migrator) ioAttrs(v *sema.Var, f *sema.Func) []*syntax.Attribute {
	at := zeroAt(v.Span())
	attr := func(name string, arg syntax.Expr) *syntax.Attribute {
		a := &syntax.Attribute{Loc: at, Name: syntax.Ident{Loc: at, Name: name}}
		if arg != nil {
			a.Args, a.HasParens = []syntax.Expr{arg}, true
		}
		return a
	}
	if v.IO.Builtin != "" {
		return []*syntax.Attribute{attr("builtin", ident(v.Span(), v.IO.Builtin))}
	}
	out := []*syntax.Attribute{attr("location", intLit(v.Span(), v.IO.Location))}
	// SPIR-V interpolates integer values only flat, which modern WGSL writes out.
	interStage := (f.Stage == sema.Vertex && v.Space == types.AddrOut) || (f.Stage == sema.Fragment && v.Space == types.AddrIn)
	if s := types.ElemScalar(v.Type); interStage && s != nil && s.IsInteger() {
		out = append(out, attr("interpolate", ident(v.Span(), "flat")))
	}
	return out
}

// varType returns the type expression of a pipeline variable.
func (m *migrator) varType(v *sema.Var) syntax.Expr {
	return m.typeExpr(v.Decl.Type)
}

// funcIOParams returns the parameters a function gets for the pipeline variables.
func (m *migrator) funcIOParams(f *sema.Func) []*syntax.Param {
	fio := m.io[f]
	var out []*syntax.Param
	for _, v := range fio.vars {
		name := syntax.Ident{Loc: zeroAt(v.Span()), Name: m.objName(v)}
		if f.IsEntryPoint() {
			if v.Space != types.AddrIn || v.IO.Builtin == sema.LegacyWorkgroupSize {
				continue
			}
			out = append(out, &syntax.Param{Loc: zeroAt(f.Decl.Loc), Attrs: m.ioAttrs(v, f), Name: name, Type: m.varType(v)})
			continue
		}
		t := m.varType(v)
		if v.Space == types.AddrOut {
			t = &syntax.IdentExpr{Loc: zeroAt(v.Span()), Name: syntax.Ident{Name: "ptr"},
				TemplateArgs: []syntax.Expr{ident(v.Span(), "function"), t}}
		}
		out = append(out, &syntax.Param{Loc: zeroAt(f.Decl.Loc), Name: name, Type: t})
	}
	return out
}

// entryPrologue returns the statements an entry point starts with: its outputs as local
// variables, its workgroup_size builtin as a let.
func (m *migrator) entryPrologue(f *sema.Func) []syntax.Stmt {
	var out []syntax.Stmt
	at := zeroAt(f.Decl.Body.Loc)
	at.Start++ // inside the braces
	at.End = at.Start
	for _, v := range m.io[f].vars {
		name := syntax.Ident{Loc: at, Name: m.objName(v)}
		switch {
		case v.Space == types.AddrOut:
			out = append(out, &syntax.VarDecl{Loc: at, Name: name, Type: m.varType(v), Init: m.expr(v.Init)})
		case v.IO.Builtin == sema.LegacyWorkgroupSize:
			var dims []syntax.Expr
			for _, d := range f.Workgroup {
				dims = append(dims, &syntax.IntLit{Loc: at, Raw: itoa(max(d.Value, 1)) + "u"})
			}
			ctor := &syntax.CallExpr{Loc: at, Callee: &syntax.IdentExpr{Loc: at, Name: syntax.Ident{Loc: at, Name: "vec3"},
				TemplateArgs: []syntax.Expr{ident(at, "u32")}}, Args: dims}
			out = append(out, &syntax.LetDecl{Loc: at, Name: name, Init: ctor})
		}
	}
	return out
}

// resultDecl returns the structure an entry point returns, or nil.
func (m *migrator) resultDecl(f *sema.Func) *syntax.StructDecl {
	fio := m.io[f]
	if fio.result == "" {
		return nil
	}
	at := zeroAt(f.Decl.Loc)
	s := &syntax.StructDecl{Loc: at, Name: syntax.Ident{Loc: at, Name: fio.result}}
	for _, v := range fio.outs {
		s.Members = append(s.Members, &syntax.StructMember{Loc: at, Attrs: m.ioAttrs(v, f),
			Name: syntax.Ident{Loc: at, Name: m.objName(v)}, Type: m.varType(v)})
	}
	return s
}

// resultType sets the return type of an entry point with outputs.
func (m *migrator) resultType(f *sema.Func, d *syntax.FuncDecl) {
	fio := m.io[f]
	switch {
	case fio.single != nil:
		d.ReturnAttrs = m.ioAttrs(fio.single, f)
		d.ReturnType = m.varType(fio.single)
	case fio.result != "":
		d.ReturnType = ident(f.Decl.Loc, fio.result)
	}
}

// returnValue is what an entry point with outputs returns, or nil.
func (m *migrator) returnValue(f *sema.Func, at diag.Span) syntax.Expr {
	fio := m.io[f]
	switch {
	case fio.single != nil:
		return ident(at, m.objName(fio.single))
	case fio.result != "":
		call := &syntax.CallExpr{Loc: zeroAt(at), Callee: ident(at, fio.result)}
		for _, v := range fio.outs {
			call.Args = append(call.Args, ident(at, m.objName(v)))
		}
		return call
	}
	return nil
}

// ioUse rewrites a use of a pipeline variable in the function being migrated.
func (m *migrator) ioUse(e *syntax.IdentExpr, v *sema.Var) syntax.Expr {
	id := &syntax.IdentExpr{Loc: e.Loc, Name: syntax.Ident{Loc: e.Name.Loc, Name: m.objName(v)}}
	if m.fn != nil && !m.fn.IsEntryPoint() && v.Space == types.AddrOut {
		return &syntax.UnaryExpr{Loc: e.Loc, Op: syntax.OpDeref, X: id}
	}
	return id
}

// ioArgs returns the arguments a call of callee passes for its pipeline variables.
func (m *migrator) ioArgs(callee *sema.Func, at diag.Span) []syntax.Expr {
	var out []syntax.Expr
	for _, v := range m.io[callee].vars {
		id := ident(at, m.objName(v))
		if v.Space == types.AddrOut && m.fn != nil && m.fn.IsEntryPoint() {
			out = append(out, &syntax.UnaryExpr{Loc: zeroAt(at), Op: syntax.OpAddrOf, X: id})
			continue
		}
		out = append(out, id)
	}
	return out
}
