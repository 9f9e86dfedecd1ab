package transform

import (
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The rules of pipeline creation that SubstituteOverrides applies to what the override values
// make known (the checker applies them to const-expressions):
//
//   - workgroup sizes at least 1 and workgroups of at most PipelineLimits.WorkgroupInvocations
//     invocations (with PipelineLimits.WebGPU, WebGPU's default limits), subgroup sizes
//     powers of two that divide the workgroup size's x dimension;
//   - override-sized array counts at least 1 (and the default of an override that sizes an
//     array, which SPIR-V gives the array type, too), and the workgroup memory of each entry
//     point within its limit (the checker counted one element per override-sized array);
//   - indices in bounds, and the argument rules of builtin calls (constant.KnownArgs), on the
//     operands the lowering recorded (ir.CheckedOperands).
//
// Each error is at what the values decide, with a note at the declaration of every override
// whose value decides it.

// check applies the rules.
func (s *substitution) check() {
	for _, f := range s.m.Funcs {
		if f.Stage == ir.StageCompute {
			s.checkWorkgroupSize(f)
			s.checkSubgroupSize(f)
		}
	}
	s.checkArrayCounts()
	if len(s.fixed) == 0 {
		return
	}
	s.checkWorkgroupMemory()
	s.checkOperands(s.m.Exprs)
	for _, f := range s.m.Funcs {
		s.checkOperands(f.Body)
	}
}

// checkWorkgroupSize applies the range of @workgroup_size to the dimensions the values
// decide, and the limit on invocations when the values decide them all.
func (s *substitution) checkWorkgroupSize(f *ir.Func) {
	invocations, known, last := int64(1), true, -1
	for i, v := range f.WorkgroupSize {
		if v == 0 {
			continue
		}
		if c := s.m.Const(v); c != nil {
			invocations *= c.Int()
			continue
		}
		n, ok := s.intValue(v)
		if !ok || !s.checkDim(f, i, n) {
			known = false
			continue
		}
		invocations *= n
		last = i
	}
	if !known || last < 0 {
		return
	}
	lim := s.cfg.Limits
	switch {
	case lim.WorkgroupInvocations > 0 && invocations > lim.WorkgroupInvocations:
		s.errorf(f.WorkgroupSpan[last], f.WorkgroupSize[last],
			"@workgroup_size makes workgroups of %d invocations with the override values given; no Vulkan device allows more than %d (maxComputeWorkGroupInvocations is 32-bit)",
			invocations, lim.WorkgroupInvocations)
	case lim.WebGPU && invocations > lim.WebGPUWorkgroupInvocations:
		s.errorf(f.WorkgroupSpan[last], f.WorkgroupSize[last],
			"@workgroup_size makes workgroups of %d invocations with the override values given, more than %d (WebGPU's default limit)",
			invocations, lim.WebGPUWorkgroupInvocations)
	}
}

// checkDim applies the range of @workgroup_size to dimension i, which the values make n; it
// reports whether n is in range.
func (s *substitution) checkDim(f *ir.Func, i int, n int64) bool {
	switch {
	case n < 1:
		s.errorf(f.WorkgroupSpan[i], f.WorkgroupSize[i], "@workgroup_size evaluates to %d with the override values given; it must be at least 1", n)
		return false
	case s.cfg.Limits.WebGPU && n > s.cfg.Limits.WebGPUWorkgroupSize[i]:
		s.errorf(f.WorkgroupSpan[i], f.WorkgroupSize[i], "@workgroup_size evaluates to %d with the override values given, larger than %d (WebGPU's default limit)",
			n, s.cfg.Limits.WebGPUWorkgroupSize[i])
		return false
	}
	return true
}

// errorf reports an error at span that the value v makes, with a note for each override given
// a value that v is computed from.
func (s *substitution) errorf(span ir.Span, v ir.Value, format string, args ...any) *diag.Diagnostic {
	d := s.rep.Errorf(span.Diag(), format, args...)
	s.noteValues(d, s.deps(v)...)
	return d
}

// checkSubgroupSize applies the rules of @subgroup_size that the values decide: a power of
// two that divides the x dimension of the workgroup size. The checker tested
// const-expressions, and the division when both sizes are const-expressions.
func (s *substitution) checkSubgroupSize(f *ir.Func) {
	sv, wx := f.SubgroupSize, f.WorkgroupSize[0]
	if sv == 0 || len(s.fixed) == 0 || s.m.Const(sv) != nil && s.m.Const(wx) != nil {
		return
	}
	n, ok := s.intValue(sv)
	if !ok {
		return
	}
	if s.m.Const(sv) == nil && (n <= 0 || n&(n-1) != 0) {
		s.errorf(f.SubgroupSpan, sv, "@subgroup_size evaluates to %d with the override values given; it must be a power of two", n)
		return
	}
	x, ok := s.intValue(wx)
	if !ok || x%n == 0 {
		return
	}
	d := s.rep.Errorf(f.SubgroupSpan.Diag(), "the x dimension of @workgroup_size, %d, is not a multiple of @subgroup_size, %d, with the override values given", x, n)
	if f.WorkgroupSpan[0].IsValid() {
		d.Note(s.rep.File, f.WorkgroupSpan[0].Diag(), "the x dimension of @workgroup_size is here")
	}
	s.noteValues(d, s.deps(sv, wx)...)
}

// checkArrayCounts applies the rules of the counts of override-sized arrays, at the first
// variable whose store type has each: a count the values make known must be at least 1, and
// one the pipeline sets needs a positive default, which SPIR-V gives the array type.
func (s *substitution) checkArrayCounts() {
	m := s.m
	for _, sa := range overrideSizedArrays(m) {
		g, a := sa.g, sa.a
		n := m.ArrayCount(a)
		if c, ok := s.intValue(n); ok {
			if c < 1 {
				d := s.rep.Errorf(g.TypeSpan.Diag(), "the element count of %s is %d with the override values given; it must be at least 1", a, c)
				s.noteValues(d, s.countDeps(a)...)
			}
			continue
		}
		if o := m.Override(n); o != nil {
			if c, ok := s.intValue(o.Default); ok && o.Default != 0 && c < 1 {
				d := s.rep.Errorf(g.TypeSpan.Diag(), "override '%s' sizes %s but its default is not positive (%d); SPIR-V needs a positive default length: "+
					"give it a default of at least 1, or set it with --override %s=VALUE", o.Name, a, c, o.Name)
				s.noteValues(d, s.countDeps(a)...)
			}
		}
	}
}

// sizedArray is an override-sized array and the first global whose store type has it.
type sizedArray struct {
	g *ir.Global
	a *types.Array
}

// overrideSizedArrays returns the override-sized arrays of the globals' store types, each
// once (by its count), with the first global that has it.
func overrideSizedArrays(m *ir.Module) []sizedArray {
	var w arrayWalk
	for _, g := range m.Globals {
		w.add(g, g.Type)
	}
	return w.out
}

// arrayWalk collects the override-sized arrays of types.
type arrayWalk struct {
	out  []sizedArray
	seen map[any]bool
}

func (w *arrayWalk) add(g *ir.Global, t types.Type) {
	switch t := t.(type) {
	case *types.Array:
		if t.IsOverrideSized() && !w.seen[t.CountOverride] {
			if w.seen == nil {
				w.seen = map[any]bool{}
			}
			w.seen[t.CountOverride] = true
			w.out = append(w.out, sizedArray{g, t})
		}
		w.add(g, t.Elem)
	case *types.Struct:
		for _, m := range t.Members {
			w.add(g, m.Type)
		}
	}
}

// countDeps returns the overrides given values that decide the count of an override-sized
// array: the override that is its count, or those its default is computed from, or those its
// count expression is computed from.
func (s *substitution) countDeps(a *types.Array) []*ir.Override {
	n := s.m.ArrayCount(a)
	if o := s.m.Override(n); o != nil {
		if _, ok := s.fixed[o]; ok {
			return []*ir.Override{o}
		}
		return s.deps(o.Default)
	}
	return s.deps(n)
}

// knownCount is the element count of an override-sized array that the values make known, or
// 0.
func (s *substitution) knownCount(a *types.Array) int64 {
	if n, ok := s.intValue(s.m.ArrayCount(a)); ok && n > 0 {
		return n
	}
	return 0
}

// checkWorkgroupMemory applies the limit on the workgroup memory of each compute entry point
// with the counts the values give its override-sized arrays. The checker applied it with one
// element each, so only those counts can break it; the error is at the array whose count
// adds the most. Beyond the spec's limit it is a warning, as in the checker (an error with
// PipelineLimits.WebGPU), and an error beyond what Vulkan can count.
func (s *substitution) checkWorkgroupMemory() {
	limit := int64(layout.Limit(types.AddrWorkgroup))
	for _, f := range s.m.Funcs {
		if f.Stage != ir.StageCompute {
			continue
		}
		var vars []*ir.Global
		var sizes []int64
		var total int64
		var largest *ir.Global
		var largestSize int64
		for _, g := range ir.UsedGlobalsInUseOrder(s.m, f) {
			if g.Space != types.AddrWorkgroup {
				continue
			}
			size := int64(s.lay.SizeOf(g.Type))
			if a, ok := g.Type.(*types.Array); ok && a.IsOverrideSized() {
				size = int64(s.lay.ArrayStride(a))
				if n := s.knownCount(a); n > 0 {
					size *= n
					if largest == nil || size > largestSize {
						largest, largestSize = g, size
					}
				}
			}
			vars, sizes = append(vars, g), append(sizes, size)
			total += size
		}
		if total <= limit || largest == nil {
			continue
		}
		var d *diag.Diagnostic
		at := largest.TypeSpan.Diag()
		switch {
		case total > layout.MaxBytes:
			d = s.rep.Errorf(at, "entry point '%s' uses %d bytes of workgroup variables with the override values given; no Vulkan device allows more than %d (maxComputeSharedMemorySize is 32-bit)",
				f.Name, total, layout.MaxBytes)
		case s.cfg.Limits.WebGPU:
			d = s.rep.Errorf(at, "entry point '%s' uses %d bytes of workgroup variables with the override values given; the limit is %d",
				f.Name, total, limit)
		default:
			d = s.rep.Warningf(at, "entry point '%s' uses %d bytes of workgroup variables with the override values given; the limit is %d (WGSL's portable limit: Vulkan devices allow more, a WebGPU implementation may reject it)",
				f.Name, total, limit)
		}
		var os []*ir.Override
		for _, g := range vars {
			if a, ok := g.Type.(*types.Array); ok && s.knownCount(a) > 0 {
				os = append(os, s.countDeps(a)...)
			}
		}
		s.noteValues(d, os...)
		const maxNotes = 4
		for i, g := range vars {
			if i == maxNotes {
				d.Note(s.rep.File, f.Span.Diag(), "and %d more workgroup variables", len(vars)-maxNotes)
				break
			}
			d.Note(s.rep.File, g.Span.Diag(), "'%s' takes %d bytes", g.Name, sizes[i])
		}
	}
}

// checkOperands applies the rules of ir.CheckedOperands to the instructions of blk (and of
// its nested blocks) that the folding left.
func (s *substitution) checkOperands(blk *ir.Block) {
	ir.Walk(blk, func(in *ir.Inst) {
		c := s.m.CheckedOperands(in)
		if c == nil || s.failed[in] || (in.Result != 0 && s.knownResult(in)) {
			return
		}
		switch in.Op {
		case ir.OpAccess, ir.OpExtract:
			s.checkIndices(in, c)
		case ir.OpBuiltin:
			s.checkKnownArgs(in, c)
		}
	})
}

func (s *substitution) knownResult(in *ir.Inst) bool {
	_, ok := s.known[in.Result]
	return ok
}

// checkIndices reports the indices the lowering recorded that are out of the bounds of what
// they index: const- or override-expressions whose values, or the counts of whose
// override-sized arrays, the override values make known.
func (s *substitution) checkIndices(in *ir.Inst, c *ir.CheckedOperands) {
	m := s.m
	t := m.Type(in.Args[0])
	if p, ok := t.(*types.Pointer); ok && in.Op == ir.OpAccess {
		t = p.Elem
	}
	for k := 1; k < len(in.Args); k++ {
		idx, known := s.intValue(in.Args[k])
		if k < len(c.Spans) && c.Spans[k].IsValid() && known {
			n := int64(ir.NumElems(t))
			a, _ := t.(*types.Array)
			if a != nil && a.IsOverrideSized() {
				n = s.knownCount(a)
			}
			if n > 0 && (idx < 0 || idx >= n) {
				var d *diag.Diagnostic
				os := s.deps(in.Args[k])
				if a != nil && a.IsOverrideSized() {
					d = s.rep.Errorf(c.Spans[k].Diag(), "index %d is out of bounds for %s, which has %d elements with the override values given", idx, t, n)
					os = append(os, s.countDeps(a)...)
				} else {
					d = s.rep.Errorf(c.Spans[k].Diag(), "index %d is out of bounds for %s with the override values given", idx, t)
				}
				s.noteValues(d, os...)
				return
			}
		}
		i := 0
		if known {
			i = int(idx)
		}
		t = ir.ElemType(t, i)
	}
}

// checkKnownArgs applies constant.KnownArgs to a builtin call whose override-expression
// arguments the values make known (the checker applied it to the const-expression ones).
func (s *substitution) checkKnownArgs(in *ir.Inst, c *ir.CheckedOperands) {
	vals := make([]constant.Value, len(in.Args))
	given := false
	var known []ir.Value
	for i, a := range in.Args {
		if i >= len(c.Spans) || !c.Spans[i].IsValid() {
			continue
		}
		v, ok := s.value(a)
		if !ok {
			continue
		}
		given = given || s.given(a)
		if i < len(c.Overload.Params) {
			if cv, err := constant.Convert(v, types.Concretize(c.Overload.Params[i])); err == nil {
				v = cv
			}
		}
		vals[i] = v
		known = append(known, a)
	}
	if !given {
		return
	}
	msg, arg := constant.KnownArgs(in.Builtin(), c.Overload, vals)
	if msg == "" {
		return
	}
	if arg >= 0 {
		s.errorf(c.Spans[arg], in.Args[arg], "with the override values given: %s", msg)
		return
	}
	d := s.rep.Errorf(in.Span().Diag(), "with the override values given: %s", msg)
	s.noteValues(d, s.deps(known...)...)
}
