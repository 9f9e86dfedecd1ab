package lower

import (
	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Overrides become IR overrides, whatever values the compilation gives them later, and
// override-expressions become instructions: those of module-scope declarations (an
// override's default, a private variable's initializer, a workgroup or subgroup size, an
// array count) in Module.Exprs, those of functions marked Inst.OverrideExpr. Where a function
// or Module.Exprs reads an override whose default is an override-expression, an OpOverride
// stands for the value, so that transform.SpecConstants can compute the default there if
// SPIR-V cannot compute it at pipeline creation.
//
// What the lowering does not decide, because override values decide it, the passes do:
// transform.SubstituteOverrides substitutes the values and applies the rules of pipeline
// creation; transform.SpecConstants makes of every override-expression left what SPIR-V
// specialisation constants can compute, or an error.

// overrides creates the IR overrides. With Options.EntryPoint, inShader holds the overrides
// that form part of the entry point's shader: the spec evaluates no other override-expression
// at pipeline creation, so the others are Outside.
func (l *lowerer) overrides(inShader map[*sema.Override]bool) {
	for _, o := range l.p.Overrides {
		s := o.Type.(*types.Scalar)
		var def ir.Value
		switch {
		case o.Value.IsValid():
			def = l.constant(o.Value, s)
		case o.Default != nil:
			def = l.moduleValue(o.Default)
		}
		ov := l.m.NewOverride(o.Name(), s, uint32(o.ID), def)
		if def != 0 && l.m.Const(def) == nil {
			ov.FlagID = abi.OverrideFlagID(ov.ID)
		}
		ov.Span = ir.SpanOf(o.Span())
		ov.Outside = inShader != nil && !inShader[o]
		l.vals[o] = ov.Value
	}
}

// override returns the value of an override where it is read: the override itself, or an
// OpOverride when its default is an override-expression.
func (l *lowerer) override(o *sema.Override) ir.Value {
	v := l.vals[o]
	if o.Default == nil || o.Value.IsValid() || v == 0 {
		return v
	}
	return l.b.Inst(ir.OpOverride, o.Type, v).Result
}

// moduleValue lowers an override-expression (or const-expression) of a module-scope
// declaration into Module.Exprs and returns its value.
func (l *lowerer) moduleValue(e syntax.Expr) ir.Value {
	saveB, saveScope := l.b, l.moduleScope
	l.b, l.moduleScope = l.m.ExprBuilder(), true
	v := l.value(e)
	l.b, l.moduleScope = saveB, saveScope
	return v
}

// shaderOverrides returns, with Options.EntryPoint, the overrides that form part of the
// entry point's shader: those its functions use (used holds their globals), those that size
// the workgroup, the subgroup and the arrays of the variables it uses, and those their
// defaults name in turn. Without Options.EntryPoint it returns nil: every entry point is kept,
// and every override is part of a shader.
func (l *lowerer) shaderOverrides(funcs []*sema.Func, used map[sema.Object]bool) map[*sema.Override]bool {
	if l.opts.EntryPoint == "" {
		return nil
	}
	set := map[*sema.Override]bool{}
	var work []*sema.Override
	add := func(o *sema.Override) {
		if !set[o] {
			set[o] = true
			work = append(work, o)
		}
	}
	names := func(e syntax.Expr) {
		if e == nil {
			return
		}
		syntax.Inspect(e, func(n syntax.Node) bool {
			if id, ok := n.(*syntax.IdentExpr); ok {
				if o, ok := l.p.UseOf(id).(*sema.Override); ok {
					add(o)
				}
			}
			return true
		})
	}
	var counts func(t types.Type)
	counts = func(t types.Type) {
		switch t := t.(type) {
		case *types.Array:
			switch k := t.CountOverride.(type) {
			case *sema.Override:
				add(k)
			case syntax.Expr:
				names(k)
			}
			counts(t.Elem)
		case *types.Struct:
			for _, m := range t.Members {
				counts(m.Type)
			}
		}
	}
	for g := range used {
		switch g := g.(type) {
		case *sema.Override:
			add(g)
		case *sema.Var:
			counts(g.Type)
			names(g.Init)
		}
	}
	for _, f := range funcs {
		for _, d := range f.Workgroup {
			names(d.Expr)
		}
		if f.SubgroupSize != nil {
			names(f.SubgroupSize.Expr)
		}
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		names(o.Default)
	}
	return set
}
