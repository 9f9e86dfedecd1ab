package compiler

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// matchLowered makes the reflection of a program describe the module the options lowered,
// which the SPIR-V is made from:
//   - only the entry points the module has (--entry-point keeps one);
//   - an override --override gave a value is no specialisation constant any more: it moves to
//     the constants, with that value;
//   - workgroup and subgroup sizes the values made known are numbers, and the overrides an
//     expression still names are only the ones a pipeline can set;
//   - an override whose default the values made known has that default (and no flag).
func matchLowered(refl *reflect.Module, m *ir.Module, prog *sema.Program, opts Options) error {
	fixed := map[string]reflect.Value{}
	for _, key := range sortedNames(opts.Overrides) {
		o := lower.FindOverride(prog, key)
		if o == nil {
			continue // the lowering reported it
		}
		c, err := lower.OverrideValue(prog, key, opts.Overrides[key])
		if err != nil {
			return err
		}
		v, err := constant.OverrideValue(o.Type.(*types.Scalar), c.Float64())
		if err != nil {
			return fmt.Errorf("--override %s: %w", key, err)
		}
		rv, err := reflect.ValueOf(v)
		if err != nil {
			return fmt.Errorf("--override %s: %w", key, err)
		}
		fixed[o.Name()] = rv
	}

	funcs := map[string]*ir.Func{}
	for _, f := range m.Funcs {
		if f.Stage != ir.StageNone {
			funcs[f.Name] = f
		}
	}
	eps := refl.EntryPoints[:0]
	for _, ep := range refl.EntryPoints {
		f := funcs[ep.Name]
		if f == nil {
			continue
		}
		for i := range ep.WorkgroupSize {
			if i < len(f.WorkgroupSize) {
				ep.WorkgroupSize[i] = knownDim(ep.WorkgroupSize[i], m.Const(f.WorkgroupSize[i]), fixed)
			}
		}
		if ep.SubgroupSize != nil {
			var c *ir.Constant
			if f.SubgroupSize != 0 {
				c = &ir.Constant{Type: types.U32, Bits: uint64(f.SubgroupSize)}
			}
			d := knownDim(*ep.SubgroupSize, c, fixed)
			ep.SubgroupSize = &d
		}
		eps = append(eps, ep)
	}
	refl.EntryPoints = eps

	byName := map[string]*ir.Override{}
	for _, o := range m.Overrides {
		byName[o.Name] = o
	}
	ovs := refl.Overrides[:0]
	for _, o := range refl.Overrides {
		if v, ok := fixed[o.Name]; ok {
			refl.Constants = append(refl.Constants, reflect.Constant{Name: o.Name, Type: o.Type, Value: v})
			continue
		}
		if io := byName[o.Name]; io != nil && io.FlagID == 0 && int(io.ID) == o.ID {
			if c := m.Const(io.Default); c != nil {
				v := scalarValue(io.Type, c)
				o.Default, o.FlagID = &v, 0
			}
		}
		ovs = append(ovs, o)
	}
	refl.Overrides = ovs
	return nil
}

// knownDim is d as the lowering left it: a number when the module has a constant for it (c),
// else d with only the overrides a pipeline can still set listed.
func knownDim(d reflect.WorkgroupDim, c *ir.Constant, fixed map[string]reflect.Value) reflect.WorkgroupDim {
	if d.Override == "" && d.Expr == "" {
		return d
	}
	if c != nil {
		return reflect.WorkgroupDim{Value: int(c.Int())}
	}
	var left []string
	for _, name := range d.Overrides {
		if _, ok := fixed[name]; !ok {
			left = append(left, name)
		}
	}
	d.Overrides = left
	return d
}

// scalarValue is the reflection of an IR scalar constant of type t.
func scalarValue(t *types.Scalar, c *ir.Constant) reflect.Value {
	switch t {
	case types.Bool:
		return reflect.Bool(c.Bool())
	case types.I32:
		return reflect.Int(c.Int())
	case types.U32:
		return reflect.Uint(uint64(c.Int()))
	case types.F16:
		return reflect.Float(c.Float(), 16)
	default:
		return reflect.Float(c.Float(), 32)
	}
}
