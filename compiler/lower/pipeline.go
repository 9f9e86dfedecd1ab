package lower

import (
	"slices"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Pipeline-creation errors. The spec checks some rules of override-expressions when a pipeline
// gives the overrides their values; --override gives them values at compile time, so the
// lowering checks those rules then, wherever the values make an expression known:
//
//   - workgroup sizes at least 1 and workgroups of at most sema.MaxWorkgroupInvocations
//     invocations (with Options.WebGPULimits, WebGPU's default limits), subgroup sizes powers of two that divide
//     the workgroup size's x dimension;
//   - override-sized array counts at least 1, and the workgroup memory of each entry point
//     within its limit (the checker counted one element per override-sized array);
//   - indices in bounds, and the arguments of builtin calls (sema.KnownArgs);
//   - the evaluation itself (eval.go): division by zero, shifts too wide, overflow,
//     conversions out of range, builtins outside their domain.
//
// Each error has a note at the declaration of every override whose value caused it.

// pipelineErrorf reports an error at n that override values cause, with a note for each
// override n names that Options.Overrides gives a value.
func (l *lowerer) pipelineErrorf(n syntax.Node, format string, args ...any) *diag.Diagnostic {
	d := l.rep.Errorf(n.Span(), format, args...)
	l.noteValues(d, l.substIn(n)...)
	return d
}

// substIn returns the overrides given values that the expression n names, in order of first
// use.
func (l *lowerer) substIn(n syntax.Node) []*sema.Override {
	var out []*sema.Override
	syntax.Inspect(n, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.IdentExpr); ok {
			o, ok := l.p.UseOf(id).(*sema.Override)
			if _, given := l.subst[o]; ok && given && !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
		return true
	})
	return out
}

// noteValues attaches to d a note at the declaration of each override, with its value, once
// each.
func (l *lowerer) noteValues(d *diag.Diagnostic, os ...*sema.Override) {
	for i, o := range os {
		if slices.Contains(os[:i], o) {
			continue
		}
		d.Note(l.rep.File, o.Span(), "'%s' is %s, as --override sets it", o.Name(), l.subst[o])
	}
}

// checkWorkgroupSize applies the range of @workgroup_size to dimension i, e, that the
// override values make n; it reports whether n is in range.
func (l *lowerer) checkWorkgroupSize(e syntax.Expr, i int, n int64) bool {
	switch {
	case n < 1:
		l.pipelineErrorf(e, "@workgroup_size evaluates to %d with the override values given; it must be at least 1", n)
		return false
	case l.opts.WebGPULimits && n > sema.WebGPUWorkgroupSize[i]:
		l.pipelineErrorf(e, "@workgroup_size evaluates to %d with the override values given, larger than %d (WebGPU's default limit)",
			n, sema.WebGPUWorkgroupSize[i])
		return false
	}
	return true
}

// checkWorkgroupInvocations applies the limit on the invocations of a workgroup, n, that the
// override values make known, at e, the last dimension they decide.
func (l *lowerer) checkWorkgroupInvocations(e syntax.Expr, n int64) {
	switch {
	case n > sema.MaxWorkgroupInvocations:
		l.pipelineErrorf(e, "@workgroup_size makes workgroups of %d invocations with the override values given; no Vulkan device allows more than %d (maxComputeWorkGroupInvocations is 32-bit)",
			n, int64(sema.MaxWorkgroupInvocations))
	case l.opts.WebGPULimits && n > sema.WebGPUWorkgroupInvocations:
		l.pipelineErrorf(e, "@workgroup_size makes workgroups of %d invocations with the override values given, more than %d (WebGPU's default limit)",
			n, sema.WebGPUWorkgroupInvocations)
	}
}

// checkSubgroupSize records the @subgroup_size of f when it is known, and applies the rules
// of @subgroup_size that the override values decide: a power of two that divides the x
// dimension of the workgroup size. The checker tested const-expressions, and the division
// when both sizes are const-expressions.
func (l *lowerer) checkSubgroupSize(sf *sema.Func, f *ir.Func) {
	d := sf.SubgroupSize
	if d == nil {
		return
	}
	if d.IsConst() {
		f.SubgroupSize = uint32(d.Value)
	}
	if len(l.subst) == 0 || d.IsConst() && sf.Workgroup[0].IsConst() {
		return
	}
	n := int64(d.Value)
	if !d.IsConst() {
		v, ok := l.eval(d.Expr)
		if !ok {
			return
		}
		if n = v.Int64(); n <= 0 || n&(n-1) != 0 {
			l.pipelineErrorf(d.Expr, "@subgroup_size evaluates to %d with the override values given; it must be a power of two", n)
			return
		}
		f.SubgroupSize = uint32(n)
	}
	x := l.m.Const(f.WorkgroupSize[0])
	if x == nil || x.Int()%n == 0 {
		return
	}
	e := l.rep.Errorf(d.Expr.Span(), "the x dimension of @workgroup_size, %d, is not a multiple of @subgroup_size, %d, with the override values given", x.Int(), n)
	os := l.substIn(d.Expr)
	if wx := sf.Workgroup[0].Expr; wx != nil {
		e.Note(l.rep.File, wx.Span(), "the x dimension of @workgroup_size is here")
		os = append(os, l.substIn(wx)...)
	}
	l.noteValues(e, os...)
}

// checkArrayCount applies the rules of the element count n of an override-sized array a, the
// store type of the workgroup variable v: a count the override values make known must be at
// least 1, and one the pipeline sets needs a positive default, which SPIR-V gives the array
// type.
func (l *lowerer) checkArrayCount(v *sema.Var, a *types.Array, n ir.Value) {
	if c := l.m.Const(n); c != nil {
		if c.Int() < 1 {
			d := l.rep.Errorf(varTypeSpan(v), "the element count of %s is %d with the override values given; it must be at least 1", a, c.Int())
			l.noteValues(d, l.countOverrides(a)...)
		}
		return
	}
	o := l.m.Override(n)
	if o == nil {
		return
	}
	if dc := l.m.Const(o.Default); dc != nil && dc.Int() < 1 {
		d := l.rep.Errorf(varTypeSpan(v), "override '%s' sizes %s but its default is not positive (%d); SPIR-V needs a positive default length: "+
			"give it a default of at least 1, or set it with --override %s=VALUE", o.Name, a, dc.Int(), o.Name)
		l.noteValues(d, l.countOverrides(a)...)
	}
}

// varTypeSpan is where a variable's type is written (its name when inferred).
func varTypeSpan(v *sema.Var) diag.Span {
	if v.Decl != nil && v.Decl.Type != nil {
		return v.Decl.Type.Span()
	}
	return v.Span()
}

// countOverrides returns the overrides given values that decide the count of an
// override-sized array: those its count expression names, or for a count that is one
// override, that override or those its default names.
func (l *lowerer) countOverrides(a *types.Array) []*sema.Override {
	switch k := a.CountOverride.(type) {
	case *sema.Override:
		if _, ok := l.subst[k]; ok {
			return []*sema.Override{k}
		}
		if k.Default != nil {
			return l.substIn(k.Default)
		}
	case syntax.Expr:
		return l.substIn(k)
	}
	return nil
}

// knownCount is the element count of an override-sized array that the override values
// make known, or 0.
func (l *lowerer) knownCount(a *types.Array) int64 {
	if c := l.m.Const(l.m.ArrayCount(a)); c != nil && c.Int() > 0 {
		return c.Int()
	}
	return 0
}

// checkWorkgroupMemory applies the limit on the workgroup memory of each compute entry point
// with the counts the override values give its override-sized arrays. The checker applied it
// with one element each, so only those counts can break it; the error is at the array whose
// count adds the most.
func (l *lowerer) checkWorkgroupMemory(funcs []*sema.Func) {
	limit := int64(layout.Limit(types.AddrWorkgroup))
	for _, f := range funcs {
		if f.Stage != sema.Compute {
			continue
		}
		var vars []*sema.Var
		var sizes []int64
		var total int64
		var largest *sema.Var
		var largestSize int64
		for _, g := range f.Globals {
			v, ok := g.(*sema.Var)
			if !ok || v.Space != types.AddrWorkgroup {
				continue
			}
			size := int64(l.p.ShaderVarSize(v))
			if a, ok := v.Type.(*types.Array); ok && a.IsOverrideSized() {
				if n := l.knownCount(a); n > 0 {
					size = n * int64(l.p.Layouts.ArrayStride(a))
					if largest == nil || size > largestSize {
						largest, largestSize = v, size
					}
				}
			}
			vars, sizes = append(vars, v), append(sizes, size)
			total += size
		}
		if total <= limit || largest == nil {
			continue
		}
		// Beyond the spec's limit, as in the checker: an error with WebGPULimits, a warning
		// otherwise, and an error beyond what Vulkan can count.
		var d *diag.Diagnostic
		switch {
		case total > layout.MaxBytes:
			d = l.rep.Errorf(varTypeSpan(largest), "entry point '%s' uses %d bytes of workgroup variables with the override values given; no Vulkan device allows more than %d (maxComputeSharedMemorySize is 32-bit)",
				f.Name(), total, layout.MaxBytes)
		case l.opts.WebGPULimits:
			d = l.rep.Errorf(varTypeSpan(largest), "entry point '%s' uses %d bytes of workgroup variables with the override values given; the limit is %d",
				f.Name(), total, limit)
		default:
			d = l.rep.Warningf(varTypeSpan(largest), "entry point '%s' uses %d bytes of workgroup variables with the override values given; the limit is %d (WGSL's portable limit: Vulkan devices allow more, a WebGPU implementation may reject it)",
				f.Name(), total, limit)
		}
		var os []*sema.Override
		for _, v := range vars {
			if a, ok := v.Type.(*types.Array); ok && l.knownCount(a) > 0 {
				os = append(os, l.countOverrides(a)...)
			}
		}
		l.noteValues(d, os...)
		const maxNotes = 4
		for i, v := range vars {
			if i == maxNotes {
				d.Note(l.rep.File, f.Span(), "and %d more workgroup variables", len(vars)-maxNotes)
				break
			}
			d.Note(l.rep.File, v.Span(), "'%s' takes %d bytes", v.Name(), sizes[i])
		}
	}
}

// checkIndex reports a constant index k that is out of the bounds of t, which has n
// elements, when the index is a const- or override-expression: the override values made
// the index or the count of an override-sized array known. (The checker reported the
// const-expressions into fixed sizes; runtime indices are clamped when they run.)
func (l *lowerer) checkIndex(at syntax.Expr, k int64, t types.Type, n int64) {
	if k >= 0 && k < n || l.p.TypeOf(at).Stage == sema.RuntimeStage {
		return
	}
	os := l.substIn(at)
	var d *diag.Diagnostic
	if a, ok := t.(*types.Array); ok && a.IsOverrideSized() {
		d = l.rep.Errorf(at.Span(), "index %d is out of bounds for %s, which has %d elements with the override values given", k, t, n)
		os = append(os, l.countOverrides(a)...)
	} else {
		d = l.rep.Errorf(at.Span(), "index %d is out of bounds for %s with the override values given", k, t)
	}
	l.noteValues(d, os...)
}

// checkKnownArgs applies sema.KnownArgs to a builtin call with override-expression arguments
// that the override values make known (the checker applied it to the const-expression ones).
func (l *lowerer) checkKnownArgs(e *syntax.CallExpr, c *sema.Call) {
	if c.Builtin == nil {
		return
	}
	vals := make([]constant.Value, len(e.Args))
	given := false
	for i, a := range e.Args {
		tv := l.p.TypeOf(a)
		v := tv.Value
		if !v.IsValid() && tv.Stage == sema.OverrideStage {
			var ok bool
			if v, ok = l.eval(a); !ok {
				continue
			}
			given = true
		}
		if v.IsValid() && i < len(c.Builtin.Params) {
			if cv, err := constant.Convert(v, types.Concretize(c.Builtin.Params[i])); err == nil {
				v = cv
			}
		}
		vals[i] = v
	}
	if !given {
		return
	}
	msg, arg := sema.KnownArgs(c.Fn, c.Builtin, vals)
	if msg == "" {
		return
	}
	at := syntax.Node(e)
	if arg >= 0 {
		at = e.Args[arg]
	}
	l.pipelineErrorf(at, "with the override values given: %s", msg)
}
