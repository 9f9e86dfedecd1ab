// Package lower turns a checked WGSL program into the IR: one ir.Func per function and entry
// point, one ir.Global per module-scope variable, one ir.Override per pipeline-overridable
// constant, and the override-expressions that module-scope declarations need in Module.Exprs.
//
// The lowering is a direct walk of the syntax tree guided by what the checker recorded:
//
//   - an expression whose TypeAndValue has a Value is a const-expression and becomes that
//     constant; its subexpressions are never lowered;
//   - an expression of Mode Reference denotes memory: where a value is needed it is loaded
//     (the load rule), as an assignment target or under & it is the pointer;
//   - operators, constructors and builtin calls become the IR instruction of the same name,
//     with the operand types the checker resolved (automatic conversions included);
//   - && and || short-circuit through an If with a result, loops keep WGSL's structure, and
//     for and while become loops whose body starts with the exit test.
//
// The lowering adds no WGSL semantics that SPIR-V lacks (integer division by zero, shift
// masking, float→int saturation): the IR transforms do that, as they do entry-point IO.
// Nor does it evaluate anything: overrides are overrides, and override-expressions are
// instructions (of Module.Exprs at module scope, marked Inst.OverrideExpr in functions),
// whatever SPIR-V can compute of them. transform.SubstituteOverrides gives the overrides the
// values a compilation fixes, and transform.SpecConstants makes of the rest what SPIR-V
// specialisation constants can express (see override.go).
//
// Every instruction and function gets its source position and span, for debug information
// and for the diagnostics of the passes after the lowering.
// What it cannot lower yet it reports with a diagnostic at the construct, never silently.
package lower

import (
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Options control the lowering.
type Options struct {
	// EntryPoint keeps only the entry point of that name and what it uses; the overrides no
	// kept function uses are ir.Override.Outside.
	EntryPoint string
}

// Lower lowers a checked program. p must have been checked without errors. The module is
// nil when the diagnostics hold errors.
func Lower(p *sema.Program, opts Options) (m *ir.Module, diags diag.List) {
	l, _ := lowerers.Get().(*lowerer)
	if l == nil {
		// The objects with values are most of the program's definitions; failed is made
		// by the first failure (see fail).
		l = &lowerer{vals: make(map[sema.Object]ir.Value, len(p.Defs)),
			funcs: make(map[*sema.Func]*ir.Func, len(p.Funcs))}
	}
	l.p, l.opts, l.m = p, opts, ir.NewModule()
	// Registered first, so that it runs last, after a panic's recovery too.
	defer func() {
		clear(l.vals)
		clear(l.funcs)
		*l = lowerer{vals: l.vals, funcs: l.funcs}
		lowerers.Put(l)
	}()
	l.rep.File = p.File.Source
	l.rep.Limit = 100
	// A bug in the lowering must not take the caller down with it: it becomes an error at
	// the construct being lowered.
	defer func() {
		if r := recover(); r != nil {
			span := diag.Span{Start: diag.NoPos, End: diag.NoPos}
			if l.b != nil && l.b.Pos().IsValid() {
				span = diag.Span{Start: l.b.Pos().Offset(), End: l.b.Pos().Offset()}
			}
			l.rep.Limit = 0
			l.rep.Errorf(span, "internal error in the lowering: %v; please report this shader", r)
			m, diags = nil, l.rep.Diags
		}
	}()
	// The lowering and the passes after it create about five values for every eight
	// expressions of the source.
	l.m.Reserve(int(p.File.ExprIDs)*5/8 + 16)
	l.module()
	if l.rep.Diags.HasErrors() {
		l.rep.Diags.Sort()
		return nil, l.rep.Diags
	}
	return l.m, l.rep.Diags
}

// lowerers keeps the lowerers of finished lowerings, their maps cleared: a process that
// lowers many programs fills the same maps rather than making and growing new ones.
var lowerers sync.Pool // of *lowerer

// fail records that the lowering of o failed and was reported.
func (l *lowerer) fail(o sema.Object) {
	if l.failed == nil {
		l.failed = map[sema.Object]bool{}
	}
	l.failed[o] = true
}

// lowerer holds the state of one lowering.
type lowerer struct {
	p    *sema.Program
	opts Options
	m    *ir.Module
	rep  diag.Reporter

	// vals maps objects to their IR values: the pointer of a variable, the value of a let,
	// parameter or override.
	vals map[sema.Object]ir.Value
	// failed holds the objects whose lowering failed and was reported: their uses lower to
	// nothing and report nothing more.
	failed map[sema.Object]bool
	funcs  map[*sema.Func]*ir.Func

	// b appends to the function (or module Exprs block) being lowered.
	b *ir.Builder
	// moduleScope is set while lowering override-expressions into Module.Exprs, where only
	// pure instructions are allowed.
	moduleScope bool
	fn          *sema.Func
	// continuing counts the continuing blocks (and for-loop updates) being lowered.
	continuing int
}

// closeBrace gives the instructions that end a block without a statement of their own
// (the implicit return of a function, the exit of an if, the jump back of a loop) the
// position of the block's closing brace, the last byte of its span.
func (l *lowerer) closeBrace(span diag.Span) {
	if span.End > 0 {
		l.b.SetPosSpan(ir.PosOf(span.End-1), ir.SpanOf(diag.Span{Start: span.End - 1, End: span.End}))
	}
}

// at sets the position and span of the instructions that follow to those of n.
func (l *lowerer) at(n syntax.Node) {
	s := n.Span()
	l.b.SetPosSpan(ir.PosOf(s.Start), ir.SpanOf(s))
}

// exprPos is the position of an expression's instructions: the operator of a binary
// expression, the start of the others.
func exprPos(e syntax.Expr) ir.Pos {
	if b, ok := e.(*syntax.BinaryExpr); ok && b.OpPos >= 0 {
		return ir.PosOf(b.OpPos)
	}
	return ir.PosOf(e.Span().Start)
}

func (l *lowerer) errorf(n syntax.Node, format string, args ...any) {
	l.rep.Errorf(n.Span(), format, args...)
}

// unsupported names what the backend cannot handle yet in t (textures and samplers are the
// next step, the buffer_view types later), or "".
func unsupported(t types.Type) string {
	found := ""
	types.Contains(t, func(t types.Type) bool {
		switch t.(type) {
		case *types.Buffer:
			found = "buffer types (buffer_view) are"
		}
		return found != ""
	})
	return found
}

// module lowers the whole program.
func (l *lowerer) module() {
	funcs, ok := l.selectFuncs()
	if !ok {
		return
	}
	used := map[sema.Object]bool{}
	for _, f := range funcs {
		for _, g := range f.Globals {
			used[g] = true
		}
	}
	l.overrides(l.shaderOverrides(funcs, used))
	for _, v := range l.p.Globals {
		if l.opts.EntryPoint != "" && !used[v] {
			continue
		}
		l.global(v)
	}
	for _, f := range funcs {
		l.function(f)
	}
}

// selectFuncs returns the functions to lower, callees first: all of them, or the entry point
// Options.EntryPoint names and the functions it calls.
func (l *lowerer) selectFuncs() ([]*sema.Func, bool) {
	if l.opts.EntryPoint == "" {
		return l.p.Funcs, true
	}
	var ep *sema.Func
	for _, f := range l.p.EntryPoints {
		if f.Name() == l.opts.EntryPoint {
			ep = f
		}
	}
	if ep == nil {
		var names []string
		for _, f := range l.p.EntryPoints {
			names = append(names, f.Name())
		}
		l.rep.Errorf(diag.Span{}, "no entry point named '%s' (the module has %s)", l.opts.EntryPoint, listOrNone(names))
		return nil, false
	}
	keep := map[*sema.Func]bool{}
	var visit func(f *sema.Func)
	visit = func(f *sema.Func) {
		if keep[f] {
			return
		}
		keep[f] = true
		for _, c := range f.Calls {
			visit(c)
		}
	}
	visit(ep)
	var out []*sema.Func
	for _, f := range l.p.Funcs {
		if keep[f] {
			out = append(out, f)
		}
	}
	return out, true
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return "'" + strings.Join(names, "', '") + "'"
}

// global creates the IR global of a module-scope variable.
func (l *lowerer) global(v *sema.Var) {
	if l.legacyWorkgroupSizeVar(v) {
		return
	}
	if unsupported(v.Type) != "" {
		// A use of the variable is reported where it is used, so modules that only
		// declare one still compile.
		return
	}
	g := l.m.NewGlobal(v.Name(), v.Space, v.Access, v.Type)
	if v.Group >= 0 && v.Binding >= 0 {
		g.Binding = &ir.BindingPoint{Group: uint32(v.Group), Binding: uint32(v.Binding)}
	}
	g.IO = v.IO
	g.Span, g.TypeSpan = ir.SpanOf(v.Span()), ir.SpanOf(v.Span())
	if v.Decl != nil {
		g.DeclSpan = ir.SpanOf(v.Decl.Span())
		if v.Decl.Type != nil {
			g.TypeSpan = ir.SpanOf(v.Decl.Type.Span())
		}
	}
	if v.Init != nil {
		g.Init = l.moduleValue(v.Init)
	}
	l.arrayCounts(v.Type)
	l.vals[v] = g.Value
}

// arrayCounts binds the counts of the override-sized arrays in t, a variable's store type,
// to the override or override-expression of Module.Exprs that sizes them.
func (l *lowerer) arrayCounts(t types.Type) {
	switch t := t.(type) {
	case *types.Array:
		if t.IsOverrideSized() && l.m.ArrayCount(t) == 0 {
			var n ir.Value
			switch k := t.CountOverride.(type) {
			case *sema.Override:
				n = l.vals[k]
			case syntax.Expr:
				n = l.moduleValue(k)
			}
			l.m.BindArrayCount(t.CountOverride, n)
		}
		l.arrayCounts(t.Elem)
	case *types.Struct:
		for _, m := range t.Members {
			l.arrayCounts(m.Type)
		}
	}
}

// function lowers a function or entry point.
func (l *lowerer) function(sf *sema.Func) {
	f := l.m.NewFunc(sf.Name(), sf.Result)
	l.funcs[sf] = f
	f.Pos, f.Span = ir.PosOf(sf.Decl.Name.Loc.Start), ir.SpanOf(sf.Decl.Name.Loc)
	if sf.IsEntryPoint() {
		f.Stage = ir.Stage(sf.Stage) // the two enumerations agree
		f.ResultIO = sf.ResultIO
		if sf.Stage == sema.Compute {
			l.workgroupSize(sf, f)
		}
	}
	for _, p := range sf.Params {
		io := types.NoIO
		if sf.IsEntryPoint() {
			io = p.IO
		}
		if what := unsupported(p.Type); what != "" {
			l.errorf(p.Decl, "%s not supported by the SPIR-V backend yet", what)
			l.fail(p)
		}
		l.vals[p] = f.AddParam(p.Name(), p.Type, io)
	}
	saveB, saveFn := l.b, l.fn
	l.b, l.fn = ir.NewBuilder(f), sf
	l.b.SetPosSpan(f.Pos, f.Span)
	if sf.IsEntryPoint() {
		l.legacyEntryInits(sf)
	}
	l.stmts(sf.Decl.Body.Stmts)
	l.closeBrace(sf.Decl.Body.Loc)
	l.b.Finish()
	l.b, l.fn = saveB, saveFn
}

// workgroupSize sets the workgroup and subgroup sizes of a compute entry point.
func (l *lowerer) workgroupSize(sf *sema.Func, f *ir.Func) {
	for i, d := range sf.Workgroup {
		switch {
		case d.Expr == nil:
			continue
		case d.IsConst():
			f.WorkgroupSize[i] = l.m.ConstU32(uint32(d.Value))
		default:
			f.WorkgroupSize[i] = l.moduleValue(d.Expr)
		}
		f.WorkgroupSpan[i] = ir.SpanOf(d.Expr.Span())
	}
	if d := sf.SubgroupSize; d != nil {
		if d.IsConst() {
			f.SubgroupSize = l.m.ConstU32(uint32(d.Value))
		} else {
			f.SubgroupSize = l.moduleValue(d.Expr)
		}
		if d.Expr != nil {
			f.SubgroupSpan = ir.SpanOf(d.Expr.Span())
		}
	}
}
