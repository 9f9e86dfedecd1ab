package lower

import (
	"github.com/wgslgo/wgslgo/compiler/abi"
	"maps"
	"slices"
	"strconv"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Overrides become IR overrides, which the backend makes specialisation constants, so a
// pipeline can set them. An override-expression at module scope (an override's default, a
// private variable's initializer, a workgroup size, an array count) becomes instructions of
// Module.Exprs, which the backend makes OpSpecConstantOp, when SPIR-V allows: integer and
// bool arithmetic, comparisons of integers, selection, composition, conversions between
// integers or between floats. Otherwise:
//
//   - an override's default is computed where the override is used: its value there is
//     select(flag, raw, default) with raw and flag the override's own specialisation
//     constants (SpecIds ID and OverrideFlagID(ID)), as ir.Override.FlagID describes;
//   - a private variable's initializer is stored by every entry point before its body;
//   - a workgroup size or array count is an error that asks for --override.

// runtimeDefault is an override whose default expression is evaluated at its uses.
type runtimeDefault struct {
	raw, flag ir.Value
}

// privateInit is a private variable initialised by the entry points.
type privateInit struct {
	v   *sema.Var
	ptr ir.Value
}

// overrides creates the IR overrides, or constants for substituted ones. With
// Options.EntryPoint, inShader holds the overrides that form part of the entry point's shader:
// the spec evaluates no other override-expression at pipeline creation, so the defaults of the
// others are lowered without reporting what the override values make them fail at (their
// value is then unknown: they have no default, and nothing kept uses them).
func (l *lowerer) overrides(inShader map[*sema.Override]bool) {
	for _, name := range slices.Sorted(maps.Keys(l.opts.Overrides)) {
		o := FindOverride(l.p, name)
		if o == nil {
			l.rep.Errorf(diag.Span{}, "--override %s: the module declares no override named '%s'", name, name)
			continue
		}
		// As WebGPU converts pipeline constants: through a double, with range checks.
		v, err := constant.OverrideValue(o.Type.(*types.Scalar), l.opts.Overrides[name].Float64())
		if err != nil {
			l.rep.Errorf(o.Span(), "--override %s: %v", name, err)
			continue
		}
		l.subst[o] = v
	}
	for _, o := range l.p.Overrides {
		s := o.Type.(*types.Scalar)
		if v, ok := l.subst[o]; ok {
			l.vals[o] = l.constant(v, s)
			continue
		}
		var def ir.Value
		switch {
		case o.Value.IsValid():
			def = l.constant(o.Value, s)
		case o.Default == nil:
		case inShader != nil && !inShader[o]:
			saved := l.rep
			if l.specExpressible(o.Default) {
				def = l.moduleValue(o.Default)
			}
			if len(l.rep.Diags) > len(saved.Diags) {
				def = 0
			}
			l.rep = saved
		case l.specExpressible(o.Default):
			def = l.moduleValue(o.Default)
		default:
			raw := l.m.NewOverride(o.Name(), s, uint32(o.ID), 0)
			flag := l.m.NewOverride(abi.OverrideFlagName(o.Name()), types.Bool, abi.OverrideFlagID(raw.ID), l.m.ConstBool(false))
			l.runtimeDefaults[o] = runtimeDefault{raw.Value, flag.Value}
			continue
		}
		ov := l.m.NewOverride(o.Name(), s, uint32(o.ID), def)
		if def != 0 && l.m.Const(def) == nil {
			ov.FlagID = abi.OverrideFlagID(ov.ID)
		}
		l.vals[o] = ov.Value
	}
}

// FindOverride returns the override that key names, as WebGPU's pipeline constants do: its
// name, or the decimal @id of one declared with @id. It returns nil if there is none.
func FindOverride(p *sema.Program, key string) *sema.Override {
	id, err := strconv.Atoi(key)
	for _, o := range p.Overrides {
		if o.Name() == key || err == nil && o.IDSet && o.ID == id {
			return o
		}
	}
	return nil
}

// override returns the value of an override where it is used (never at module scope for
// one with a runtime default: specExpressible keeps those out of Module.Exprs).
func (l *lowerer) override(o *sema.Override) ir.Value {
	rd, ok := l.runtimeDefaults[o]
	if !ok {
		return l.vals[o]
	}
	def := l.value(o.Default)
	if def == 0 {
		return 0
	}
	return l.b.Select(rd.flag, rd.raw, def)
}

// entryInits stores the initializers of the private variables that have no module-scope
// initializer, at the start of an entry point.
func (l *lowerer) entryInits(ep *sema.Func) {
	used := map[sema.Object]bool{}
	for _, g := range ep.Globals {
		used[g] = true
	}
	for _, pi := range l.privateInits {
		if used[pi.v] {
			if v := l.valueAs(pi.v.Init, pi.v.Type); v != 0 {
				l.b.Store(pi.ptr, v)
			}
		}
	}
}

// specExpressible reports whether the override-expression e lowers to instructions that
// SPIR-V specialisation constants can compute (see the comment at the top of the file).
func (l *lowerer) specExpressible(e syntax.Expr) bool {
	tv := l.p.TypeOf(e)
	if tv.Value.IsValid() {
		return true
	}
	if len(l.subst) > 0 {
		if _, ok := l.eval(e); ok {
			return true
		}
	}
	floatOperand := func(x syntax.Expr) bool {
		s := types.ElemScalar(l.p.TypeOf(x).Type)
		return s != nil && s.IsFloat()
	}
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return l.specExpressible(e.X)
	case *syntax.IdentExpr:
		o, ok := l.p.UseOf(e).(*sema.Override)
		if !ok {
			return false
		}
		_, rt := l.runtimeDefaults[o]
		return !rt
	case *syntax.UnaryExpr:
		if e.Op == syntax.OpNeg && floatOperand(e.X) {
			return false
		}
		return e.Op != syntax.OpAddrOf && e.Op != syntax.OpDeref && l.specExpressible(e.X)
	case *syntax.BinaryExpr:
		if floatOperand(e.X) || floatOperand(e.Y) {
			return false
		}
		return l.specExpressible(e.X) && l.specExpressible(e.Y)
	case *syntax.IndexExpr:
		return l.p.TypeOf(e.Index).Value.IsValid() && l.specExpressible(e.X)
	case *syntax.MemberExpr:
		return l.specExpressible(e.X)
	case *syntax.CallExpr:
		c := l.p.CallOf(e)
		if c == nil {
			return false
		}
		switch c.Kind {
		case sema.CallBuiltin:
			if c.Name != "select" {
				return false
			}
		case sema.CallConstructor, sema.CallBitcast:
			if len(e.Args) == 1 && !specConversion(l.p.TypeOf(e.Args[0]).Type, c.Type, c.Kind == sema.CallBitcast) {
				return false
			}
		case sema.CallFunc:
			return false
		}
		for _, a := range e.Args {
			if !l.specExpressible(a) {
				return false
			}
		}
		return true
	}
	return false
}

// specConversion reports whether a one-argument constructor or bitcast from type from to
// type to is a conversion specialisation constants can do: between integers, between
// floats, and from bool or integers to bool or integers.
func specConversion(from, to types.Type, bitcast bool) bool {
	fs, ts := types.ElemScalar(from), types.ElemScalar(to)
	if fs == nil || ts == nil || fs == ts {
		return true // a splat, a composite, or no conversion
	}
	if bitcast {
		return !fs.IsFloat() && !ts.IsFloat()
	}
	return fs.IsFloat() == ts.IsFloat()
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
