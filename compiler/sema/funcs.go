package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// funcState is the checker's state inside one function body.
type funcState struct {
	fn        *Func
	constOnly bool
	// ctl is the stack of enclosing loops, switches and continuing blocks, innermost last,
	// for the placement rules of break and continue.
	ctl []ctlFrame
	// inContinuing counts the enclosing continuing blocks, where return is invalid.
	inContinuing int
	// calls and globals index fn.Calls and fn.Globals once they are long (see addOnce).
	calls   map[*Func]bool
	globals map[Object]bool
	alias   *aliasInfo
	// braces is the nesting depth of braces at the statement being checked and varBytes the
	// combined byte-size of the variables declared so far, for the limits (limits.go).
	braces   int
	varBytes int
}

type ctlKind uint8

const (
	ctlLoop ctlKind = iota
	ctlSwitch
	ctlContinuing
)

type ctlFrame struct {
	kind ctlKind
	// continues collects the continue statements of a loop's body.
	continues []*syntax.ContinueStmt
}

func (f *funcState) push(k ctlKind) { f.ctl = append(f.ctl, ctlFrame{kind: k}) }

func (f *funcState) pop() ctlFrame {
	top := f.ctl[len(f.ctl)-1]
	f.ctl = f.ctl[:len(f.ctl)-1]
	return top
}

func (f *funcState) addCall(callee *Func) {
	addOnce(&f.fn.Calls, &f.calls, callee)
}

// addOnce appends x to *list unless it is there already. A function calls a few functions
// and uses a few globals: a linear search of the list costs less than a map, which index
// becomes once the list is long.
func addOnce[T comparable](list *[]T, index *map[T]bool, x T) {
	const linear = 16
	if *index != nil {
		if (*index)[x] {
			return
		}
		(*index)[x] = true
	} else {
		for _, y := range *list {
			if y == x {
				return
			}
		}
		if len(*list) == linear {
			*index = make(map[T]bool, 2*linear)
			for _, y := range *list {
				(*index)[y] = true
			}
			(*index)[x] = true
		}
	}
	*list = append(*list, x)
}

// useGlobal records that the current function uses a module-scope variable or override.
func (c *checker) useGlobal(o Object) {
	if c.fn == nil {
		return
	}
	if v, ok := o.(*Var); ok && !v.Global {
		return
	}
	addOnce(&c.fn.fn.Globals, &c.fn.globals, o)
}

// funcSignature checks a function's attributes, parameters and return type.
func (c *checker) funcSignature(d *syntax.FuncDecl) Object {
	f := &Func{objectBase: objectBase{name: d.Name.Name, span: d.Name.Loc}, Decl: d, ResultIO: types.NoIO}
	allowed := []string{"vertex", "fragment", "compute", "workgroup_size", "must_use", "diagnostic", "subgroup_size", "test"}
	if c.legacy {
		allowed = append(allowed, "stage")
	}
	set := c.attrs(d.Attrs, "a function", allowed...)
	for _, st := range []struct {
		name  string
		stage Stage
	}{{"vertex", Vertex}, {"fragment", Fragment}, {"compute", Compute}} {
		if a := set.get(st.name); a != nil {
			c.noArgs(a)
			if f.Stage != NoStage {
				c.errorf(a, "a function can have only one shader stage attribute")
				continue
			}
			f.Stage = st.stage
		}
	}
	if a := set.get("stage"); a != nil {
		if name, ok := c.enumAttrArg(a, 0); ok {
			switch name {
			case "vertex":
				f.Stage = Vertex
			case "fragment":
				f.Stage = Fragment
			case "compute":
				f.Stage = Compute
			default:
				c.errorf(a, "unknown shader stage '%s'", name)
			}
		}
	}
	if a := set.get("must_use"); a != nil {
		c.noArgs(a)
		f.MustUse = true
		if d.ReturnType == nil {
			c.errorf(a, "@must_use applies only to functions that return a value")
		}
	}
	if a := set.get("test"); a != nil {
		c.testAttr(a, d, f)
	}
	for i := range f.Workgroup {
		f.Workgroup[i].Value = 1
	}
	if a := set.get("workgroup_size"); a != nil {
		if f.Stage != Compute {
			c.errorf(a, "@workgroup_size applies only to compute entry points")
		} else {
			c.workgroupSize(a, f)
		}
	} else if f.Stage == Compute && !c.legacy { // the draft's default is (1, 1, 1)
		c.errorAt(d.Name.Loc, "compute entry point '%s' needs @workgroup_size", d.Name.Name)
	}
	if a := set.get("subgroup_size"); a != nil {
		c.subgroupSize(a, f)
	}
	c.checkParams(d)
	if len(d.Params) > 0 {
		f.Params = make([]*Param, 0, len(d.Params))
	}
	for i, p := range d.Params {
		param := &Param{objectBase: objectBase{name: p.Name.Name, span: p.Name.Loc}, Decl: p, IO: types.NoIO, Index: i}
		param.Type = c.typeOf(p.Type)
		pset := c.attrs(p.Attrs, "a parameter", "builtin", "location", "interpolate", "invariant")
		if f.Stage != NoStage {
			c.ioAttrs(pset, param.Type, &param.IO)
			c.bothBuiltinAndLocation(pset, param.IO)
		} else if len(pset) > 0 {
			for _, a := range pset {
				c.errorf(a, "attribute '@%s' is only valid on entry point parameters", a.Name.Name)
			}
		}
		if param.Type != nil {
			c.checkParamType(p, param.Type)
		}
		f.Params = append(f.Params, param)
		c.prog.Defs[p] = param
	}
	c.duplicateParams(d.Params)
	if d.ReturnType != nil {
		f.Result = c.typeOf(d.ReturnType)
		rset := c.attrs(d.ReturnAttrs, "a return type", "builtin", "location", "interpolate", "invariant")
		if f.Stage != NoStage {
			c.ioAttrs(rset, f.Result, &f.ResultIO)
			c.bothBuiltinAndLocation(rset, f.ResultIO)
		} else if len(rset) > 0 {
			for _, a := range rset {
				c.errorf(a, "attribute '@%s' is only valid on entry point return types", a.Name.Name)
			}
		}
		if f.Result != nil && !types.IsConstructible(f.Result) {
			c.errorf(d.ReturnType, "function return type %s is not constructible", f.Result)
		}
	} else if len(d.ReturnAttrs) > 0 {
		c.errorf(d.ReturnAttrs[0], "return attributes need a return type")
	}
	if f.Stage != NoStage {
		c.prog.EntryPoints = append(c.prog.EntryPoints, f)
	}
	return f
}

// duplicateParams reports a parameter named as an earlier one. A function has a few: a
// map is made only for many.
func (c *checker) duplicateParams(params []*syntax.Param) {
	var seen map[string]*syntax.Param
	if len(params) > 8 {
		seen = make(map[string]*syntax.Param, len(params))
	}
	for i, p := range params {
		var prev *syntax.Param
		if seen != nil {
			prev = seen[p.Name.Name]
			seen[p.Name.Name] = p
		} else {
			for _, q := range params[:i] {
				if q.Name.Name == p.Name.Name {
					prev = q // the last before p, as the map keeps it
				}
			}
		}
		if prev != nil {
			e := c.errorAt(p.Name.Loc, "duplicate parameter '%s'", p.Name.Name)
			c.note(e, prev.Name.Loc, "previous parameter is here")
		}
	}
}

func (c *checker) checkParamType(p *syntax.Param, t types.Type) {
	switch t := t.(type) {
	case *types.Pointer:
		switch t.Space {
		case types.AddrFunction, types.AddrPrivate, types.AddrStorage, types.AddrUniform, types.AddrWorkgroup, types.AddrImmediate:
		default:
			c.errorf(p.Type, "pointer parameters cannot point into the %s address space", t.Space)
		}
	case *types.Texture, *types.Sampler:
	default:
		if !types.IsConstructible(t) {
			c.errorf(p.Type, "parameter type %s is not constructible", t)
		}
	}
}

// workgroupSize reads @workgroup_size(x[, y[, z]]).
func (c *checker) workgroupSize(a *syntax.Attribute, f *Func) {
	if len(a.Args) < 1 || len(a.Args) > 3 {
		c.errorf(a, "@workgroup_size takes one to three arguments")
		return
	}
	var kind *types.Scalar
	ops := make([]operand, len(a.Args))
	for i, arg := range a.Args {
		ops[i] = c.valueExpr(arg)
		if s, ok := ops[i].typ.(*types.Scalar); ok && (s == types.I32 || s == types.U32) {
			kind = s
		}
	}
	if kind == nil {
		kind = types.I32 // abstract integers all: they convert to i32
	}
	invocations := int64(1)
	for i, arg := range a.Args {
		op := ops[i]
		if op.mode == Invalid {
			continue
		}
		s, ok := op.typ.(*types.Scalar)
		if !ok || (s != types.I32 && s != types.U32 && s != types.AbstractInt) {
			c.errorf(arg, "@workgroup_size arguments must be i32 or u32, not %s", describe(op.typ))
			continue
		}
		if s != types.AbstractInt && s != kind {
			c.errorf(arg, "@workgroup_size arguments must all have the same type")
		}
		// The arguments take their common type, i32 when all are abstract (spec
		// "workgroup_size"): an abstract value out of its range is an error.
		if s == types.AbstractInt && !c.convert(&op, kind, "") {
			continue
		}
		dim := WorkgroupDim{Expr: arg}
		switch op.stage {
		case ConstStage:
			n := op.val.Int64()
			if kind == types.U32 {
				n = int64(uint32(n))
			}
			if n < 1 {
				c.errorf(arg, "@workgroup_size must be at least 1, got %d", n)
				continue
			}
			invocations *= n
			if invocations > MaxWorkgroupInvocations {
				c.errorf(arg, "@workgroup_size makes workgroups of %d invocations; no Vulkan device allows more than %d (maxComputeWorkGroupInvocations is 32-bit)",
					invocations, int64(MaxWorkgroupInvocations))
				invocations = 1
				continue
			}
			if limit := WebGPUWorkgroupSize[i]; n > limit {
				c.webgpuLimit(arg.Span(), "@workgroup_size %d is larger than %d", n, limit)
			} else if invocations > WebGPUWorkgroupInvocations && invocations/n <= WebGPUWorkgroupInvocations {
				c.webgpuLimit(arg.Span(), "@workgroup_size makes workgroups of %d invocations, more than %d", invocations, WebGPUWorkgroupInvocations)
			}
			dim.Value = int(n)
		case OverrideStage:
			if id, ok := stripParens(arg).(*syntax.IdentExpr); ok {
				if o, ok := c.prog.UseOf(id).(*Override); ok {
					dim.Override = o
				}
			}
		default:
			c.errorf(arg, "@workgroup_size arguments must be const- or override-expressions")
			continue
		}
		f.Workgroup[i] = dim
	}
}

// subgroupSize reads @subgroup_size(n) of a compute entry point, after its @workgroup_size.
func (c *checker) subgroupSize(a *syntax.Attribute, f *Func) {
	if !c.prog.Extensions.Has(builtins.ExtSubgroupSizeControl) {
		c.errorf(a, "@subgroup_size requires 'enable subgroup_size_control;'")
		return
	}
	if f.Stage != Compute {
		c.errorf(a, "@subgroup_size applies only to compute entry points")
		return
	}
	if len(a.Args) != 1 {
		c.errorf(a, "@subgroup_size takes exactly one argument")
		return
	}
	op := c.valueExpr(a.Args[0])
	if op.mode == Invalid {
		return
	}
	if s, ok := op.typ.(*types.Scalar); !ok || (s != types.I32 && s != types.U32 && s != types.AbstractInt) {
		c.errorf(a.Args[0], "@subgroup_size must be an i32 or u32, not %s", describe(op.typ))
		return
	}
	dim := WorkgroupDim{Expr: a.Args[0]}
	switch op.stage {
	case ConstStage:
		n := op.val.Int64()
		if n <= 0 || n&(n-1) != 0 {
			c.errorf(a.Args[0], "@subgroup_size must be a power of two, got %d", n)
			return
		}
		dim.Value = int(n)
		// The spec makes this a pipeline-creation error, but with both sizes
		// const-expressions no pipeline can ever be created.
		if wx := f.Workgroup[0]; wx.Expr != nil && wx.IsConst() && int64(wx.Value)%n != 0 {
			e := c.errorf(a.Args[0], "the x dimension of @workgroup_size, %d, is not a multiple of @subgroup_size, %d", wx.Value, n)
			c.note(e, wx.Expr.Span(), "the x dimension of @workgroup_size is here")
		}
	case OverrideStage:
		if id, ok := stripParens(a.Args[0]).(*syntax.IdentExpr); ok {
			dim.Override, _ = c.prog.UseOf(id).(*Override)
		}
	default:
		c.errorf(a.Args[0], "@subgroup_size must be a const- or override-expression")
		return
	}
	f.SubgroupSize = &dim
}

func stripParens(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// checkBodies checks every function body, in source order.
func (c *checker) checkBodies() {
	for _, d := range c.file.Decls {
		fd, ok := d.(*syntax.FuncDecl)
		if !ok {
			continue
		}
		md := c.module[fd.Name.Name]
		if md == nil || md.decl != fd {
			continue
		}
		f, ok := md.obj.(*Func)
		if !ok || fd.Body == nil {
			continue
		}
		c.funcBody(f)
	}
}

// funcBody checks the statements of f.
func (c *checker) funcBody(f *Func) {
	c.fn = &funcState{fn: f, alias: newAliasInfo(f)}
	c.aliasOf[f] = c.fn.alias
	c.scope = nil
	c.pushScope()
	c.filterAttrs(f.Decl.Attrs, f.Decl.Loc)
	for _, p := range f.Params {
		c.declare(&p.Decl.Name, p)
	}
	// The body shares the parameters' scope: redeclaring a parameter is an error.
	c.enterBraces(f.Decl.Body.Loc)
	b := c.stmtList(f.Decl.Body.Stmts)
	c.leaveBraces()
	f.Behaviors = b
	if f.Result != nil && b.has(BehNext) {
		c.errorAt(closingBrace(f.Decl.Body), "function '%s' must return a value of type %s on every path", f.name, f.Result)
	}
	c.popScope()
	c.fn = nil
}

func closingBrace(b *syntax.CompoundStmt) (s diag.Span) {
	s = b.Loc
	if s.End > s.Start {
		s.Start = s.End - 1
	}
	return s
}

// finishFunctions orders functions by dependency, reports recursion, computes the globals and
// builtins each entry point reaches, and validates entry-point interfaces.
func (c *checker) finishFunctions() {
	var funcs []*Func
	for _, d := range c.file.Decls {
		if fd, ok := d.(*syntax.FuncDecl); ok {
			if md := c.module[fd.Name.Name]; md != nil && md.decl == fd {
				if f, ok := md.obj.(*Func); ok {
					funcs = append(funcs, f)
				}
			}
		}
	}
	const (
		white = iota
		grey
		black
	)
	color := make(map[*Func]int, len(funcs))
	order := make([]*Func, 0, len(funcs))
	stack := make([]*Func, 0, len(funcs))
	var visit func(f *Func)
	visit = func(f *Func) {
		color[f] = grey
		stack = append(stack, f)
		for _, g := range f.Calls {
			switch color[g] {
			case white:
				visit(g)
			case grey:
				names := ""
				start := len(stack) - 1
				for start > 0 && stack[start] != g {
					start--
				}
				for _, s := range stack[start:] {
					names += s.name + " -> "
				}
				names += g.name
				c.errorAt(g.span, "recursion is not allowed: %s", names)
			}
		}
		stack = stack[:len(stack)-1]
		color[f] = black
		order = append(order, f)
	}
	for _, f := range funcs {
		if color[f] == white {
			visit(f)
		}
	}
	c.prog.Funcs = order
	c.aliasAnalysis(order)
	// Transitive globals and builtin uses, callees first. A function keeps one use of each
	// stage-restricted builtin it reaches (the first), which is all the stage check needs.
	reach := map[*Func][]BuiltinUse{}
	for _, f := range order {
		seen := make(map[Object]bool, len(f.Globals))
		for _, g := range f.Globals {
			seen[g] = true
		}
		var uses []BuiltinUse
		have := map[string]bool{}
		add := func(u BuiltinUse) {
			if u.Stages != 0 && u.Stages != builtins.AllStages && !have[u.Name] {
				have[u.Name] = true
				uses = append(uses, u)
			}
		}
		for _, u := range f.Builtins {
			add(u)
		}
		for _, g := range f.Calls {
			for _, o := range g.Globals {
				if !seen[o] {
					seen[o] = true
					f.Globals = append(f.Globals, o)
				}
			}
			for _, u := range reach[g] {
				add(u)
			}
		}
		reach[f] = uses
	}
	for _, ep := range c.prog.EntryPoints {
		c.entryPoint(ep, reach[ep])
	}
	if c.legacy {
		c.legacyModule()
	}
}

// entryPoint validates the interface and the resources of one entry point.
func (c *checker) entryPoint(f *Func, uses []BuiltinUse) {
	c.checkShaderMemory(f)
	stage := builtinStage(f.Stage)
	for _, u := range uses {
		if u.Stages != 0 && u.Stages&stage == 0 {
			e := c.errorAt(u.Span, "%s cannot be used in a %s shader (only in %s)", u.Name, f.Stage, u.Stages)
			c.note(e, f.span, "reached from entry point '%s'", f.name)
		}
	}
	var immediate *Var
	for _, g := range f.Globals {
		v, ok := g.(*Var)
		if !ok {
			continue
		}
		if v.Space == types.AddrImmediate {
			if immediate != nil {
				e := c.errorAt(f.span, "entry point '%s' uses two immediate variables, '%s' and '%s'; at most one is allowed", f.name, immediate.name, v.name)
				c.note(e, v.span, "'%s' is declared here", v.name)
			}
			immediate = v
		}
		switch {
		case v.Space == types.AddrWorkgroup && f.Stage != Compute:
			c.errorAt(f.span, "%s entry point '%s' uses workgroup variable '%s' (workgroup memory exists only in compute shaders)", f.Stage, f.name, v.name)
		case f.Stage == Vertex && v.Space == types.AddrStorage && v.Access == types.ReadWrite:
			c.errorAt(f.span, "vertex entry point '%s' uses read_write storage buffer '%s'; vertex shaders may only read storage buffers", f.name, v.name)
		case f.Stage == Vertex && isWritableStorageTexture(v.Type):
			c.errorAt(f.span, "vertex entry point '%s' uses writable storage texture '%s'", f.name, v.name)
		}
	}
	io := newIOChecker(c, f)
	for _, p := range f.Params {
		if p.Type == nil {
			continue
		}
		io.value(p.Decl.Name.Loc, p.name, p.Type, p.IO, builtins.Input)
	}
	if f.Result != nil {
		io.value(f.Decl.ReturnType.Span(), "return value", f.Result, f.ResultIO, builtins.Output)
	}
	if c.legacy {
		c.legacyEntryIO(f)
	}
	if f.Stage == Vertex && !io.hasPosition && !c.legacy {
		c.errorAt(f.span, "vertex entry point '%s' must return @builtin(position)", f.name)
	}
	io.blendSrc()
}

func isWritableStorageTexture(t types.Type) bool {
	tex, ok := t.(*types.Texture)
	return ok && tex.Kind == types.TexStorage && tex.Access.CanWrite()
}

func builtinStage(s Stage) builtins.Stage {
	switch s {
	case Vertex:
		return builtins.Vertex
	case Fragment:
		return builtins.Fragment
	case Compute:
		return builtins.Compute
	}
	return 0
}

// testAttr checks @test and @test(name), as the WESL community's wgsl-test writes them: a
// function without parameters, result or stage that a test runner calls. Without
// Options.Tests, the attribute is an error: a pipeline has no use for test functions.
func (c *checker) testAttr(a *syntax.Attribute, d *syntax.FuncDecl, f *Func) {
	if !c.opts.Tests {
		c.errorf(a, "@test marks a test function, which `wgslc test` and wgsltest.Run run; a shader compiled for a pipeline has none (move the tests to a file of their own)")
		return
	}
	switch {
	case len(a.Args) > 1:
		c.errorf(a, "@test takes at most a name, @test(name)")
	case len(a.Args) == 1:
		if name, ok := c.enumAttrArg(a, 0); ok {
			f.TestName = name
		}
	}
	switch {
	case f.Stage != NoStage:
		c.errorf(a, "a test function is not an entry point: the runner calls it (from an entry point of its own)")
	case len(d.Params) > 0:
		c.errorAt(d.Name.Loc, "test function '%s' has parameters: the runner calls test functions without arguments", d.Name.Name)
	case d.ReturnType != nil:
		c.errorAt(d.Name.Loc, "test function '%s' returns a value: test functions return nothing (use the expectations, expect(cond) and the others)", d.Name.Name)
	default:
		f.Test = true
	}
}
