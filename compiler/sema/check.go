package sema

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Options configure the checker.
type Options struct {
	// UniformStandardLayout switches on the uniform_buffer_standard_layout rules even when
	// the shader does not `requires` them.
	UniformStandardLayout bool
	// WebGPULimits makes errors of a shader beyond the spec's limits (which map some of
	// WebGPU's default limits) and beyond the default limits of the WebGPU API that the
	// declarations decide (workgroup size, bind groups, bindings, locations), for shaders that
	// must run on every WebGPU implementation. Without it, the spec's limits give warnings,
	// and only what SPIR-V or Vulkan cannot express is an error.
	WebGPULimits bool
	// MaxErrors stops reporting after this many errors (0: 100).
	MaxErrors int
	// Tests accepts @test functions, which a test runner (compiler/interp's wgsltest,
	// `wgslc test`) runs; a shader compiled for a pipeline has none.
	Tests bool
}

// declState tracks the resolution of a module-scope declaration, so declarations can be
// used before they appear and cycles are found.
type declState uint8

const (
	unresolved declState = iota
	resolving
	resolved
)

type moduleDecl struct {
	decl  syntax.Decl
	name  *syntax.Ident
	obj   Object
	state declState
}

type checker struct {
	diag.Reporter
	file   *syntax.File
	prog   *Program
	opts   Options
	legacy bool

	// Scratch stacks of builtinCall, and the chunk Calls are taken from.
	argStack  []operand
	argTypes  []types.Type
	argConst  []bool
	callSlab  []Call
	nextCalls int // the size of callSlab's next chunk

	module map[string]*moduleDecl
	decls  []moduleDecl // the records module points to
	// resolvingPath is the chain of module declarations being resolved, for cycle messages.
	resolvingPath []*moduleDecl

	scope      *scope
	freeScopes []*scope // closed scopes, for pushScope
	fn         *funcState

	// aliasOf holds each function's memory-access summary; letRoots the root identifier of
	// each let-declaration of pointer type.
	aliasOf  map[*Func]*aliasInfo
	letRoots map[*Let]Object

	nextOverrideID int
	usedOverrideID map[int]bool

	filters *filterStack
	// noEval is positive while checking the right operand of a && or || whose constant left
	// operand decides the result: that operand is type-checked but not evaluated, so its
	// evaluation errors are not reported.
	noEval int

	// structDepth caches the nesting depth of structure types (see nestDepth).
	structDepth map[*types.Struct]int
}

// callStacks are the checker's scratch: the stacks of call arguments (see builtinCall), the
// module-scope names and their records (collect), the closed block scopes and the functions'
// alias summaries, kept from one check to the next: a process that checks many programs
// grows them once. None of it is the program's.
type callStacks struct {
	ops     []operand
	types   []types.Type
	consts  []bool
	module  map[string]*moduleDecl
	decls   []moduleDecl
	scopes  []*scope
	aliasOf map[*Func]*aliasInfo
}

var stacksPool = sync.Pool{New: func() any { return new(callStacks) }}

// evalError reports a constant-evaluation error at n, unless evaluation is suppressed. It
// returns true when the error was reported.
func (c *checker) evalError(n syntax.Node, err error) bool {
	if c.noEval > 0 {
		return false
	}
	c.errorf(n, "%v", err)
	return true
}

// Check type-checks a parsed module. It always returns a Program (possibly partial) and the
// diagnostics, errors and warnings both.
func Check(file *syntax.File, opts Options) (prog *Program, diags diag.List) {
	c := &checker{
		file:   file,
		opts:   opts,
		legacy: file.Dialect == syntax.DialectLegacy2021,
		prog: &Program{
			File:     file,
			Defs:     map[syntax.Node]Object{},
			StructOf: map[*syntax.StructDecl]*types.Struct{},
		},
	}
	c.prog.exprs.init(file.ExprIDs)
	// Registered first, so that it runs last, after a panic's recovery too.
	s := stacksPool.Get().(*callStacks)
	c.argStack, c.argTypes, c.argConst = s.ops[:0], s.types[:0], s.consts[:0]
	if s.module == nil {
		s.module, s.aliasOf = map[string]*moduleDecl{}, map[*Func]*aliasInfo{}
	}
	c.module, c.decls, c.freeScopes, c.aliasOf = s.module, s.decls[:0], s.scopes, s.aliasOf
	defer func() {
		s.ops, s.types, s.consts = c.argStack[:0], c.argTypes[:0], c.argConst[:0]
		// What the scratch points to is the program's, not the pool's.
		clear(s.ops[:cap(s.ops)])
		clear(s.types[:cap(s.types)])
		clear(c.module)
		clear(c.decls[:cap(c.decls)])
		clear(c.aliasOf)
		s.decls, s.scopes = c.decls[:0], c.freeScopes
		stacksPool.Put(s)
	}()
	c.Reporter.File = file.Source
	c.Reporter.Limit = opts.MaxErrors
	if c.Reporter.Limit == 0 {
		c.Reporter.Limit = 100
	}
	c.filters = newFilterStack()
	// A bug in the checker must not take the caller down with it: it becomes an error.
	defer func() {
		if r := recover(); r != nil {
			c.Reporter.Limit = 0
			c.Errorf(diag.Span{}, "internal error in the checker: %v; please report this shader", r)
			prog, diags = c.prog, c.Diags
		}
	}()
	c.directives()
	c.prog.Layouts = layout.New(layout.Options{
		UniformStandardLayout: opts.UniformStandardLayout || c.prog.Features.Has(builtins.UniformBufferStandardLayout),
	})
	c.collect()
	for _, d := range file.Decls {
		c.resolveDecl(d)
	}
	c.checkBodies()
	c.finishFunctions()
	c.checkBindings()
	c.assignOverrideIDs()
	c.uniformity()

	c.Diags.Sort()
	return c.prog, c.Diags
}

// useOverrideID marks an override ID as taken. The set is made on first use: most
// programs have no overrides.
func (c *checker) useOverrideID(id int) {
	if c.usedOverrideID == nil {
		c.usedOverrideID = map[int]bool{}
	}
	c.usedOverrideID[id] = true
}

// errorf reports an error; warningf a warning subject to diagnostic filters.
func (c *checker) errorf(n syntax.Node, format string, args ...any) *diag.Diagnostic {
	return c.Errorf(n.Span(), format, args...)
}

func (c *checker) errorAt(span diag.Span, format string, args ...any) *diag.Diagnostic {
	return c.Errorf(span, format, args...)
}

// note attaches a note pointing at span.
func (c *checker) note(d *diag.Diagnostic, span diag.Span, format string, args ...any) {
	if span.IsValid() {
		d.Note(c.file.Source, span, format, args...)
	}
}

// directives processes enable, requires and diagnostic directives.
func (c *checker) directives() {
	for _, d := range c.file.Directives {
		switch d := d.(type) {
		case *syntax.Enable:
			for _, n := range d.Names {
				ext, ok := builtins.ParseExtension(n.Name)
				if !ok {
					e := c.errorAt(n.Loc, "unknown extension '%s'", n.Name)
					if s := closest(n.Name, extensionNames()); s != "" {
						c.note(e, n.Loc, "did you mean '%s'?", s)
					}
					continue
				}
				c.prog.Extensions = c.prog.Extensions.With(ext)
			}
		case *syntax.Requires:
			for _, n := range d.Names {
				f, ok := builtins.ParseFeature(n.Name)
				if !ok {
					e := c.errorAt(n.Loc, "unknown language feature '%s'", n.Name)
					if s := closest(n.Name, featureNames()); s != "" {
						c.note(e, n.Loc, "did you mean '%s'?", s)
					}
					continue
				}
				c.prog.Features = c.prog.Features.With(f)
			}
		case *syntax.DiagnosticDirective:
			c.globalFilter(&d.Control)
		}
	}
}

func extensionNames() []string {
	var out []string
	for _, e := range builtins.Extensions() {
		out = append(out, e.String())
	}
	return out
}

func featureNames() []string {
	var out []string
	for _, f := range builtins.Features() {
		out = append(out, f.String())
	}
	return out
}

// hasF16 reports whether `enable f16;` is in force.
func (c *checker) hasF16() bool { return c.prog.Extensions.Has(builtins.ExtF16) }

// collect records every module-scope name, reporting redeclarations.
func (c *checker) collect() {
	// One allocation for the declarations' records, not one each (none when an earlier
	// check's is large enough).
	decls := slices.Grow(c.decls[:0], len(c.file.Decls))
	for _, d := range c.file.Decls {
		var name *syntax.Ident
		switch d := d.(type) {
		case *syntax.StructDecl:
			name = &d.Name
		case *syntax.AliasDecl:
			name = &d.Name
		case *syntax.ConstDecl:
			name = &d.Name
		case *syntax.OverrideDecl:
			name = &d.Name
		case *syntax.VarDecl:
			name = &d.Name
		case *syntax.LetDecl:
			name = &d.Name
		case *syntax.FuncDecl:
			name = &d.Name
		default:
			continue
		}
		if name.Name == "" {
			continue
		}
		if prev, ok := c.module[name.Name]; ok {
			e := c.errorAt(name.Loc, "redeclaration of '%s'", name.Name)
			c.note(e, prev.name.Loc, "'%s' was declared here", name.Name)
			continue
		}
		decls = append(decls, moduleDecl{decl: d, name: name})
		c.module[name.Name] = &decls[len(decls)-1]
	}
	c.decls = decls
}

// resolveDecl checks one module-scope declaration (once).
func (c *checker) resolveDecl(d syntax.Decl) {
	switch d := d.(type) {
	case *syntax.ConstAssert:
		c.constAssert(d)
		return
	case *syntax.BadDecl:
		return
	}
	name := syntax.DeclName(d)
	if name == nil {
		return
	}
	md := c.module[name.Name]
	if md == nil || md.decl != d {
		return // a redeclaration, already reported
	}
	c.resolveModule(md)
}

// resolveModule resolves a module-scope declaration on first use and returns its object, or
// nil when it is part of a cycle or failed.
func (c *checker) resolveModule(md *moduleDecl) Object {
	switch md.state {
	case resolved:
		return md.obj
	case resolving:
		if _, isFunc := md.decl.(*syntax.FuncDecl); isFunc && md.obj != nil {
			return md.obj // recursion is reported from the call graph
		}
		c.reportCycle(md)
		return nil
	}
	md.state = resolving
	c.resolvingPath = append(c.resolvingPath, md)
	// Module declarations are checked outside any function, with a fresh scope.
	savedScope, savedFn := c.scope, c.fn
	c.scope, c.fn = nil, nil
	switch d := md.decl.(type) {
	case *syntax.StructDecl:
		md.obj = c.structDecl(d)
	case *syntax.AliasDecl:
		md.obj = c.aliasDecl(d)
	case *syntax.ConstDecl:
		md.obj = c.constDecl(d, true)
	case *syntax.OverrideDecl:
		md.obj = c.overrideDecl(d)
	case *syntax.VarDecl:
		md.obj = c.globalVar(d)
	case *syntax.LetDecl:
		c.errorf(d, "'let' declarations are not allowed at module scope; use 'const'")
	case *syntax.FuncDecl:
		md.obj = c.funcSignature(d)
	}
	c.scope, c.fn = savedScope, savedFn
	c.resolvingPath = c.resolvingPath[:len(c.resolvingPath)-1]
	md.state = resolved
	return md.obj
}

func (c *checker) reportCycle(md *moduleDecl) {
	start := 0
	for i, p := range c.resolvingPath {
		if p == md {
			start = i
			break
		}
	}
	cycle := c.resolvingPath[start:]
	names := make([]string, 0, len(cycle)+1)
	for _, p := range cycle {
		names = append(names, p.name.Name)
	}
	names = append(names, md.name.Name)
	e := c.errorAt(md.name.Loc, "cyclic declaration: '%s' refers to itself through %s", md.name.Name, strings.Join(names, " -> "))
	for _, p := range cycle[1:] {
		c.note(e, p.name.Loc, "'%s' is declared here", p.name.Name)
	}
}

// constAssert checks `const_assert e;`.
func (c *checker) constAssert(d *syntax.ConstAssert) {
	op := c.valueExpr(d.Cond)
	if op.mode == Invalid {
		return
	}
	if op.typ != types.Bool {
		c.errorf(d.Cond, "const_assert condition must be a bool, not %s", op.typ)
		return
	}
	if op.stage != ConstStage {
		c.errorf(d.Cond, "const_assert condition must be a const-expression")
		return
	}
	if !op.val.Bool() {
		c.errorf(d, "const_assert failed")
	}
}

// assignOverrideIDs gives every override without @id the lowest free id, in declaration
// order, as the reflection and the SPIR-V SpecId report.
func (c *checker) assignOverrideIDs() {
	next := 0
	for _, o := range c.prog.Overrides {
		if o.IDSet {
			continue
		}
		for c.usedOverrideID[next] {
			next++
		}
		o.ID = next
		c.useOverrideID(next)
	}
}

// checkBindings reports resource binding collisions between variables used by the same
// entry point.
func (c *checker) checkBindings() {
	for _, ep := range c.prog.EntryPoints {
		seen := map[[2]int]*Var{}
		for _, g := range ep.Globals {
			v, ok := g.(*Var)
			if !ok || v.Group < 0 {
				continue
			}
			k := [2]int{v.Group, v.Binding}
			if prev, dup := seen[k]; dup {
				e := c.errorAt(v.span, "entry point '%s' uses '%s' and '%s', both bound to @group(%d) @binding(%d)",
					ep.name, prev.name, v.name, v.Group, v.Binding)
				c.note(e, prev.span, "'%s' is declared here", prev.name)
				continue
			}
			seen[k] = v
		}
	}
}

// closest returns the candidate nearest to s by edit distance, or "" when none is close.
func closest(s string, candidates []string) string {
	best, bestD := "", len(s)/2+2
	for _, cand := range candidates {
		if d := diag.EditDistance(s, cand); d < bestD {
			best, bestD = cand, d
		}
	}
	return best
}

// describe spells an operand's type for messages.
func describe(t types.Type) string {
	if t == nil {
		return "no value"
	}
	return t.String()
}

// valueString spells a constant for messages.
func valueString(v constant.Value) string {
	if !v.IsValid() {
		return "?"
	}
	return v.String()
}

var _ = fmt.Sprintf
