package transform

import (
	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// SpecConstants makes of the override-expressions of Module.Exprs what SPIR-V specialisation
// constants compute, which the backend emits as OpSpecConstantOp: no float arithmetic, no
// conversion between floats and integers, no builtin function, extraction at constant
// indices only. Of those it cannot compute:
//
//   - an override's default is computed where the override is read: the override loses its
//     default and gets a bool flag (abi.OverrideFlagID, abi.OverrideFlagName) that a
//     pipeline setting it sets too, and each OpOverride of it becomes select(flag, override,
//     default), the default computed there; an Outside override only loses its default;
//   - a private variable's initializer is stored by every entry point that uses the
//     variable, before its body;
//   - a workgroup size or an array count is an error that asks for --override;
//   - a subgroup size is one not known at compile time (0).
//
// Then every other OpOverride is the override it reads. The diagnostics are in file; the
// module is left as it was when they hold errors.
func SpecConstants(m *ir.Module, file *diag.File) diag.List {
	sc := &specConstants{m: m}
	sc.rep.File = file
	for _, o := range m.Overrides {
		sc.isRuntime(o) // decided before anything changes
	}
	for _, f := range m.Funcs {
		for i, v := range f.WorkgroupSize {
			if v != 0 && !sc.expressible(v) {
				sc.rep.Errorf(f.WorkgroupSpan[i].Diag(), "this @workgroup_size cannot be computed by SPIR-V specialisation constants "+
					"(it needs float arithmetic or a builtin function); give the overrides it uses values at compile time (--override NAME=VALUE)")
			}
		}
	}
	sc.checkArrayCounts()
	if sc.rep.Diags.HasErrors() {
		sc.rep.Diags.Sort()
		return sc.rep.Diags
	}

	for i := 0; i < len(m.Overrides); i++ {
		o := m.Overrides[i]
		if o.Default == 0 || sc.expressible(o.Default) {
			continue
		}
		sc.collect(o.Default)
		if sc.isRuntime(o) {
			if sc.flags == nil {
				sc.flags = map[*ir.Override]*ir.Override{}
			}
			sc.flags[o] = m.NewOverrideAfter(o, abi.OverrideFlagName(o.Name), types.Bool, abi.OverrideFlagID(o.ID), m.ConstBool(false))
			sc.defaults = append(sc.defaults, runtimeDefault{o, o.Default})
			i++ // past the flag
		}
		o.Default, o.FlagID = 0, 0
	}
	var inits []privateInit
	for _, g := range m.Globals {
		if g.Init != 0 && !sc.expressible(g.Init) {
			sc.collect(g.Init)
			inits = append(inits, privateInit{g, g.Init})
			g.Init = 0
		}
	}
	for _, f := range m.Funcs {
		if f.SubgroupSize != 0 && m.Const(f.SubgroupSize) == nil {
			sc.collect(f.SubgroupSize)
			f.SubgroupSize = 0
		}
		if f.Stage != ir.StageNone && len(inits) > 0 {
			sc.storeInits(f, inits)
		}
		sc.reads(f.Body)
	}
	sc.reads(m.Exprs)
	if len(sc.repl) > 0 {
		ir.ReplaceValues(m, sc.repl)
		m.ReplaceArrayCounts(sc.repl)
	}
	if len(sc.repl) > 0 || len(sc.remove) > 0 {
		ir.RemoveInsts(m, func(in *ir.Inst) bool { return in.Op == ir.OpOverride || sc.remove[in] })
	}
	return nil
}

// specConstants is the state of SpecConstants.
type specConstants struct {
	m   *ir.Module
	rep diag.Reporter
	// ok memoises expressible for the instructions of Module.Exprs, isRT isRuntime.
	ok   map[*ir.Inst]bool
	isRT map[*ir.Override]bool
	// flags maps each override whose default is computed where it is read to its flag;
	// defaults holds those defaults, in the order of the overrides.
	flags    map[*ir.Override]*ir.Override
	defaults []runtimeDefault
	// remove holds the instructions of Module.Exprs that go (the defaults and initializers
	// computed elsewhere now, the subgroup sizes not known); repl the OpOverride results
	// that are their overrides; b adds the defaults where they are read.
	remove map[*ir.Inst]bool
	repl   map[ir.Value]ir.Value
	b      *ir.Builder
}

// runtimeDefault is an override whose default is computed where it is read.
type runtimeDefault struct {
	o   *ir.Override
	def ir.Value
}

// privateInit is a private variable whose initializer its entry points store.
type privateInit struct {
	g    *ir.Global
	init ir.Value
}

// expressible reports whether SPIR-V specialisation constants compute v, a module-scope value.
func (sc *specConstants) expressible(v ir.Value) bool {
	m := sc.m
	if m.Const(v) != nil {
		return true
	}
	if o := m.Override(v); o != nil {
		return !sc.isRuntime(o)
	}
	in := m.Def(v)
	if in == nil || in.Block != m.Exprs {
		return false
	}
	if ok, done := sc.ok[in]; done {
		return ok
	}
	ok := sc.expressibleInst(in)
	if sc.ok == nil {
		sc.ok = map[*ir.Inst]bool{}
	}
	sc.ok[in] = ok
	return ok
}

// isRuntime reports whether o's default is computed where it is read: an override-expression
// SPIR-V cannot compute, of an override not Outside.
func (sc *specConstants) isRuntime(o *ir.Override) bool {
	if rt, ok := sc.isRT[o]; ok {
		return rt
	}
	if o.Outside || o.Default == 0 || sc.m.Const(o.Default) != nil {
		return false // and stays so
	}
	rt := !sc.expressible(o.Default)
	if sc.isRT == nil {
		sc.isRT = map[*ir.Override]bool{}
	}
	sc.isRT[o] = rt
	return rt
}

func (sc *specConstants) expressibleInst(in *ir.Inst) bool {
	m := sc.m
	float := func(v ir.Value) bool {
		s := types.ElemScalar(m.Type(v))
		return s != nil && s.IsFloat()
	}
	args := in.Args
	switch in.Op {
	case ir.OpOverride:
		return !sc.isRuntime(m.Override(in.Args[0]))
	case ir.OpNeg:
		if float(in.Args[0]) {
			return false
		}
	case ir.OpNot, ir.OpSwizzle, ir.OpConstruct, ir.OpSplat, ir.OpSelect:
	case ir.OpExtract:
		for _, i := range in.Args[1:] {
			if m.Const(i) == nil {
				return false
			}
		}
		args = in.Args[:1]
	case ir.OpConvert, ir.OpBitcast:
		if !specConversion(m.Type(in.Args[0]), m.Type(in.Result), in.Op == ir.OpBitcast) {
			return false
		}
	default:
		// The operands of a binary operator share their scalar type.
		if !in.Op.IsBinary() || float(in.Args[0]) {
			return false
		}
	}
	for _, a := range args {
		if !sc.expressible(a) {
			return false
		}
	}
	return true
}

// specConversion reports whether a conversion or bitcast from type from to type to is one
// specialisation constants do: between integers, between floats, and from bool or integers to
// bool or integers.
func specConversion(from, to types.Type, bitcast bool) bool {
	fs, ts := types.ElemScalar(from), types.ElemScalar(to)
	if fs == nil || ts == nil || fs == ts {
		return true
	}
	if bitcast {
		return !fs.IsFloat() && !ts.IsFloat()
	}
	return fs.IsFloat() == ts.IsFloat()
}

// checkArrayCounts reports the counts of override-sized arrays that specialisation constants
// cannot compute, at the first variable whose store type has each.
func (sc *specConstants) checkArrayCounts() {
	m := sc.m
	for _, sa := range overrideSizedArrays(m) {
		n := m.ArrayCount(sa.a)
		if o := m.Override(n); o != nil {
			if sc.isRuntime(o) {
				sc.rep.Errorf(sa.g.DeclSpan.Diag(), "the count of %s is override '%s', whose default SPIR-V specialisation constants cannot compute "+
					"(it needs float arithmetic or a builtin function); give it a value at compile time (--override %s=VALUE)",
					sa.a, o.Name, o.Name)
			}
			continue
		}
		if !sc.expressible(n) {
			at := sa.g.TypeSpan
			if in := m.Def(n); in != nil {
				at = in.Span()
			}
			sc.rep.Errorf(at.Diag(), "this array count cannot be computed by SPIR-V specialisation constants "+
				"(it needs float arithmetic or a builtin function); give the overrides it uses values at compile time (--override NAME=VALUE)")
		}
	}
}

// reads makes each OpOverride of blk (and of its nested blocks) its override, or for a
// runtime override select(flag, override, default) with the default computed there.
func (sc *specConstants) reads(blk *ir.Block) {
	for i := 0; i < len(blk.Insts); i++ {
		in := blk.Insts[i]
		for _, nb := range in.Blocks() {
			sc.reads(nb)
		}
		if in.Op != ir.OpOverride {
			continue
		}
		if o := sc.m.Override(in.Args[0]); sc.isRuntime(o) && blk != sc.m.Exprs {
			if sc.b == nil {
				sc.b = sc.m.ExprBuilder()
			}
			n := len(blk.Insts)
			sc.b.SetInsertBefore(in)
			in.Args = sc.runtimeArgs(sc.b, o)
			in.SetOp(ir.OpSelect)
			i += len(blk.Insts) - n
			continue
		}
		if sc.repl == nil {
			sc.repl = map[ir.Value]ir.Value{}
		}
		sc.repl[in.Result] = in.Args[0]
	}
}

// runtimeArgs computes the default of the runtime override o at b and returns the operands of
// its value there, select(flag, o, default).
func (sc *specConstants) runtimeArgs(b *ir.Builder, o *ir.Override) []ir.Value {
	for _, rd := range sc.defaults {
		if rd.o == o {
			def := sc.clone(b, rd.def, map[ir.Value]ir.Value{})
			return []ir.Value{sc.flags[o].Value, o.Value, def}
		}
	}
	panic("transform: SpecConstants: no default for " + o.Name)
}

// clone adds at b a copy of the module-scope expression v (the default of a runtime override
// or a private variable's initializer), its instructions with their positions, reading the
// runtime overrides it reads as runtimeArgs does; done holds the copies made.
func (sc *specConstants) clone(b *ir.Builder, v ir.Value, done map[ir.Value]ir.Value) ir.Value {
	m := sc.m
	in := m.Def(v)
	if in == nil || in.Block != m.Exprs {
		return v
	}
	if c, ok := done[v]; ok {
		return c
	}
	args := make([]ir.Value, len(in.Args))
	for i, a := range in.Args {
		args[i] = sc.clone(b, a, done)
	}
	oldPos, oldSpan := b.SetPosSpan(in.Pos, in.Span())
	var c ir.Value
	if in.Op == ir.OpOverride {
		c = in.Args[0]
		if o := m.Override(c); sc.isRuntime(o) {
			sel := sc.runtimeArgs(b, o)
			c = b.Select(sel[0], sel[1], sel[2])
		}
	} else {
		ni := b.Inst(in.Op, m.Type(v), args...)
		ni.SetAux(in.Aux)
		c = ni.Result
	}
	b.SetPosSpan(oldPos, oldSpan)
	done[v] = c
	return c
}

// storeInits stores at the start of the entry point f the initializers of the private
// variables of inits that f uses.
func (sc *specConstants) storeInits(f *ir.Func, inits []privateInit) {
	used := map[*ir.Global]bool{}
	for _, g := range ir.UsedGlobals(sc.m, f) {
		used[g] = true
	}
	first := f.Body.Insts[0]
	b := ir.NewBuilder(f)
	for _, pi := range inits {
		if !used[pi.g] {
			continue
		}
		b.SetInsertBefore(first)
		b.SetPosSpan(f.Pos, f.Span)
		v := sc.clone(b, pi.init, map[ir.Value]ir.Value{})
		b.SetPosSpan(f.Pos, f.Span)
		b.Store(pi.g.Value, v)
	}
}

// collect marks for removal the instructions of Module.Exprs that compute v.
func (sc *specConstants) collect(v ir.Value) {
	in := sc.m.Def(v)
	if in == nil || in.Block != sc.m.Exprs || sc.remove[in] {
		return
	}
	if sc.remove == nil {
		sc.remove = map[*ir.Inst]bool{}
	}
	sc.remove[in] = true
	for _, a := range in.Args {
		sc.collect(a)
	}
}
