package transform

import (
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Substitution configures SubstituteOverrides.
type Substitution struct {
	// Values are the values the compilation gives overrides (--override), by override name,
	// each of the override's type: constant.OverrideValue converts a pipeline constant so.
	Values map[string]constant.Value
	// File is the source the module's positions point into, for the diagnostics.
	File *diag.File
	// Layouts sizes workgroup variables; nil uses layout.New(layout.Options{}).
	Layouts *layout.Layouts
	// Limits are the limits of pipeline creation the values are held to.
	Limits PipelineLimits
}

// PipelineLimits are the limits of pipeline creation that SubstituteOverrides applies to
// what override values decide: those the checker applies to const-expressions.
type PipelineLimits struct {
	// WorkgroupInvocations bounds the invocations of a workgroup (the product of its
	// sizes) on any device; 0 sets no bound.
	WorkgroupInvocations int64
	// WebGPU makes WebGPU's default limits errors: the size of each dimension of a
	// workgroup, its invocations and its memory. Without it, workgroup memory beyond
	// layout.Limit is a warning.
	WebGPU                     bool
	WebGPUWorkgroupSize        [3]int64
	WebGPUWorkgroupInvocations int64
}

// SubstituteOverrides gives the overrides of Substitution.Values their values, as pipeline
// creation gives overrides the values of its constants, and takes the module to what
// pipeline creation would make of it, in three steps:
//
//   - folding: every override-expression whose overrides now all have values (the
//     instructions of Module.Exprs, those of functions marked Inst.OverrideExpr, OpOverride)
//     is evaluated with the rules of constant evaluation, so that division by zero, an
//     overflow, a shift too wide, a conversion out of range or a builtin outside its domain
//     is an error, as at pipeline creation; an override whose default becomes known keeps
//     it as a constant;
//   - the rules of pipeline creation on the values now known (pipeline_checks.go):
//     workgroup and subgroup sizes, override-sized array counts, workgroup memory, indices
//     in bounds and the argument rules of builtins (ir.CheckedOperands);
//   - the substitution: the overrides given values move to Module.Substituted and are
//     constants wherever the module used them, the values folded replace their
//     instructions, and a constant index out of bounds that a let holds is clamped (the
//     lowering's rule: constant indices are in range).
//
// Every error is at the source of what failed, with a note giving the value of each
// override that made it fail. The default of an override given a value, or Outside the kept
// entry point's shader, is evaluated without errors, as pipeline creation never evaluates
// it: an Outside default that fails is dropped. Without values,
// only the rules that need none apply (the default of an override sizing an array). The
// module is left as it was when the diagnostics hold errors.
func SubstituteOverrides(m *ir.Module, cfg Substitution) diag.List {
	s := &substitution{m: m, cfg: cfg, lay: cfg.Layouts}
	s.rep.File = cfg.File
	s.rep.Limit = 100
	for _, o := range m.Overrides {
		if v, ok := cfg.Values[o.Name]; ok {
			if s.fixed == nil {
				s.fixed = map[*ir.Override]constant.Value{}
				s.known = map[ir.Value]constant.Value{}
				s.failed = map[*ir.Inst]bool{}
			}
			s.fixed[o] = v
		}
	}
	if len(s.fixed) > 0 {
		if s.lay == nil {
			s.lay = layout.New(layout.Options{})
		}
		s.unevaluated = unevaluatedExprs(m, s.fixed)
		s.fold()
	}
	s.check()
	s.rep.Diags.Sort()
	if s.rep.Diags.HasErrors() {
		return s.rep.Diags
	}
	if len(s.fixed) > 0 {
		s.substitute()
	}
	m.ClearCheckedOperands()
	return s.rep.Diags
}

// substitution is the state of SubstituteOverrides.
type substitution struct {
	m   *ir.Module
	cfg Substitution
	lay *layout.Layouts
	rep diag.Reporter

	// fixed holds the overrides given values, known the values the folding computed, by
	// instruction result (and If result), failed the instructions whose evaluation failed.
	fixed  map[*ir.Override]constant.Value
	known  map[ir.Value]constant.Value
	failed map[*ir.Inst]bool
	// folded are the instructions the folding evaluated, in module order.
	folded []*ir.Inst
	// unevaluated holds the instructions of Module.Exprs that only the defaults of Outside
	// overrides and of overrides given values use.
	unevaluated map[*ir.Inst]bool
}

// value returns the value of v where it is known: a constant, an override given a value or
// a folded result.
func (s *substitution) value(v ir.Value) (constant.Value, bool) {
	if s.m.Const(v) != nil {
		return s.m.ConstantValue(v), true
	}
	if o := s.m.Override(v); o != nil {
		c, ok := s.fixed[o]
		return c, ok
	}
	c, ok := s.known[v]
	return c, ok
}

// given reports whether the values made v known: it is known and no constant.
func (s *substitution) given(v ir.Value) bool {
	if s.m.Const(v) != nil {
		return false
	}
	_, ok := s.value(v)
	return ok
}

// intValue is value for an integer scalar.
func (s *substitution) intValue(v ir.Value) (int64, bool) {
	c, ok := s.value(v)
	if !ok {
		return 0, false
	}
	return c.Int64(), true
}

// substitute rewrites the module with the values: see SubstituteOverrides.
func (s *substitution) substitute() {
	m := s.m
	repl := map[ir.Value]ir.Value{}
	for _, in := range s.folded {
		for _, r := range in.Values() {
			repl[r] = m.ConstValue(s.known[r])
		}
	}
	ir.ReplaceValues(m, repl)
	m.ReplaceArrayCounts(repl)
	consts := make(map[*ir.Override]ir.Value, len(s.fixed))
	for o, v := range s.fixed {
		consts[o] = m.ConstValue(v)
	}
	m.Substitutes(consts)
	drop := make(map[*ir.Inst]bool, len(s.folded))
	for _, in := range s.folded {
		drop[in] = true
	}
	ir.RemoveInsts(m, func(in *ir.Inst) bool { return drop[in] })
	for _, o := range m.Overrides {
		switch {
		case o.Default == 0:
		case m.Const(o.Default) != nil:
			o.FlagID = 0
		case o.Outside && s.failsIn(o.Default):
			// Pipeline creation never evaluates it; SPIR-V gets no default.
			o.Default, o.FlagID = 0, 0
		}
	}
	s.clampIndices()
}

// failsIn reports whether the evaluation of an instruction that v depends on failed.
func (s *substitution) failsIn(v ir.Value) bool {
	in := s.m.Def(v)
	if in == nil {
		return false
	}
	if s.failed[in] {
		return true
	}
	for _, a := range in.Args {
		if s.failsIn(a) {
			return true
		}
	}
	return false
}

// clampIndices makes the constant indices out of bounds of fixed-size composites the last
// valid index: values that a let holds, which robustness clamps when they are not constant.
func (s *substitution) clampIndices() {
	m := s.m
	ir.WalkModule(m, func(in *ir.Inst) {
		if in.Op != ir.OpAccess && in.Op != ir.OpExtract {
			return
		}
		t := m.Type(in.Args[0])
		if p, ok := t.(*types.Pointer); ok && in.Op == ir.OpAccess {
			t = p.Elem
		}
		for k := 1; k < len(in.Args); k++ {
			i := 0
			if c := m.Const(in.Args[k]); c != nil {
				if n := ir.NumElems(t); n > 0 && (c.Int() < 0 || c.Int() >= int64(n)) {
					in.Args[k] = m.ConstU32(uint32(n - 1))
				}
				i = int(m.Const(in.Args[k]).Int())
			}
			t = ir.ElemType(t, i)
		}
	})
}
