package transform

import (
	"fmt"
	"slices"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The folding of SubstituteOverrides: override-expressions evaluated as pipeline creation
// evaluates them, with the constant package (the checker's evaluation of
// const-expressions), once their overrides have values.

// constOps maps the IR's binary operators to the constant evaluator's.
var constOps = [...]constant.Op{
	ir.OpAdd: constant.Add, ir.OpSub: constant.Sub, ir.OpMul: constant.Mul, ir.OpDiv: constant.Div,
	ir.OpRem: constant.Rem, ir.OpAnd: constant.And, ir.OpOr: constant.Or, ir.OpXor: constant.Xor,
	ir.OpShl: constant.Shl, ir.OpShr: constant.Shr, ir.OpEq: constant.Eq, ir.OpNe: constant.Ne,
	ir.OpLt: constant.Lt, ir.OpLe: constant.Le, ir.OpGt: constant.Gt, ir.OpGe: constant.Ge,
}

// isOverrideExpr reports whether in computes (part of) an override-expression.
func (s *substitution) isOverrideExpr(in *ir.Inst) bool {
	return in.OverrideExpr || in.Op == ir.OpOverride || in.Block == s.m.Exprs
}

// fold evaluates the override-expressions whose overrides all have values: those of
// Module.Exprs, then those of the functions, nested blocks (the right operand of && and ||)
// before the construct that owns them.
func (s *substitution) fold() {
	for _, in := range s.m.Exprs.Insts {
		s.eval(in)
	}
	var block func(blk *ir.Block)
	block = func(blk *ir.Block) {
		for _, in := range blk.Insts {
			for _, nb := range in.Blocks() {
				block(nb)
			}
			if in.OverrideExpr || in.Op == ir.OpOverride {
				s.eval(in)
			}
		}
	}
	for _, f := range s.m.Funcs {
		block(f.Body)
	}
}

// eval evaluates in if its operands are known.
func (s *substitution) eval(in *ir.Inst) {
	if in.Op == ir.OpIf {
		s.evalIf(in)
		return
	}
	if in.Result == 0 {
		return
	}
	args := make([]constant.Value, len(in.Args))
	for i, a := range in.Args {
		v, ok := s.value(a)
		if !ok {
			return
		}
		args[i] = v
	}
	v, ok, err := s.compute(in, args)
	switch {
	case err != nil:
		s.fail(in, err)
	case ok:
		s.known[in.Result] = v
		s.folded = append(s.folded, in)
	}
}

// evalIf evaluates the If of a short-circuit && or || of override-expressions once both of
// its operands are known, as && and || of constants are (the operand the condition skips is
// evaluated too, and pipeline creation reports its errors): the value the condition selects.
func (s *substitution) evalIf(in *ir.Inst) {
	cond, ok := s.value(in.Args[0])
	if !ok || len(in.Results()) != 1 {
		return
	}
	var exits [2]constant.Value
	for i, blk := range in.Blocks() {
		exit := blk.Terminator()
		if exit == nil || exit.Op != ir.OpExitIf || len(exit.Args) != 1 {
			return
		}
		if exits[i], ok = s.value(exit.Args[0]); !ok {
			return
		}
	}
	v := exits[1]
	if cond.Bool() {
		v = exits[0]
	}
	s.known[in.Results()[0]] = v
	s.folded = append(s.folded, in)
}

// compute evaluates in on the values args of its operands; ok is false for an instruction
// that constant evaluation does not cover.
func (s *substitution) compute(in *ir.Inst, args []constant.Value) (v constant.Value, ok bool, err error) {
	rt := s.m.Type(in.Result)
	named := func(name string, v constant.Value, err error) (constant.Value, bool, error) {
		if err != nil {
			return v, false, fmt.Errorf("%s: %w", name, err)
		}
		return v, true, nil
	}
	switch in.Op {
	case ir.OpOverride:
		return args[0], true, nil
	case ir.OpNeg:
		v, err = constant.Unary(constant.Neg, args[0])
		return v, err == nil, err
	case ir.OpNot:
		op := constant.Complement
		if types.ElemScalar(rt) == types.Bool {
			op = constant.Not
		}
		v, err = constant.Unary(op, args[0])
		return v, err == nil, err
	case ir.OpConvert, ir.OpSplat, ir.OpConstruct:
		v, err := constant.Construct(rt, args)
		return named(typeName(rt), v, err)
	case ir.OpBitcast:
		v, err := constant.Bitcast(args[0], rt)
		return named("bitcast", v, err)
	case ir.OpSelect:
		// select(f, t, cond) is the IR's Select(cond, t, f).
		v, err := constant.CallBuiltin(builtins.FnSelect, []constant.Value{args[2], args[1], args[0]}, rt)
		return named("select", v, err)
	case ir.OpSwizzle:
		return constant.Swizzle(args[0], in.Swizzle()...), true, nil
	case ir.OpExtract:
		x := args[0]
		for _, i := range args[1:] {
			k := i.Int64()
			if k < 0 || k >= int64(x.Len()) {
				return v, false, fmt.Errorf("index %d is out of bounds for %s", k, x.Type())
			}
			x = x.Index(int(k))
		}
		return x, true, nil
	case ir.OpBuiltin:
		fn := in.Builtin()
		if !fn.Const() {
			return v, false, nil
		}
		v, err := constant.CallBuiltin(fn, args, rt)
		return named(fn.String(), v, err)
	}
	if in.Op.IsBinary() {
		op := constOps[in.Op]
		if types.ElemScalar(args[0].Type()) == types.Bool {
			switch in.Op {
			case ir.OpAnd:
				op = constant.LogicalAnd
			case ir.OpOr:
				op = constant.LogicalOr
			}
		}
		v, err = constant.Binary(op, args[0], args[1])
		return v, err == nil, err
	}
	return v, false, nil
}

// typeName spells a type as its value constructor does.
func typeName(t types.Type) string { return t.String() }

// fail reports the failed evaluation of in, with the values of the overrides it depends on;
// the instructions of defaults pipeline creation never evaluates fail silently.
func (s *substitution) fail(in *ir.Inst, err error) {
	s.failed[in] = true
	if s.unevaluated[in] {
		return
	}
	d := s.rep.Errorf(in.Span().Diag(), "with the override values given: %v", err)
	s.noteValues(d, s.deps(in.Args...)...)
}

// noteValues attaches to d a note at the declaration of each override, with its value, once
// each.
func (s *substitution) noteValues(d *diag.Diagnostic, os ...*ir.Override) {
	for i, o := range os {
		if slices.Contains(os[:i], o) {
			continue
		}
		d.Note(s.rep.File, o.Span.Diag(), "'%s' is %s, as --override sets it", o.Name, s.fixed[o])
	}
}

// deps returns the overrides given values that the values vs are computed from, through
// override-expressions, in the order the source names them.
func (s *substitution) deps(vs ...ir.Value) []*ir.Override {
	var out []*ir.Override
	seen := map[ir.Value]bool{}
	var visit func(v ir.Value)
	visit = func(v ir.Value) {
		if v == 0 || seen[v] {
			return
		}
		seen[v] = true
		if o := s.m.Override(v); o != nil {
			if _, ok := s.fixed[o]; ok {
				out = append(out, o)
			}
			return
		}
		in := s.m.Def(v)
		if in == nil || !s.isOverrideExpr(in) {
			return
		}
		switch in.Op {
		case ir.OpSelect:
			// select(f, t, cond): the source names them in that order.
			for i := len(in.Args) - 1; i >= 0; i-- {
				visit(in.Args[i])
			}
		case ir.OpIf:
			visit(in.Args[0])
			for _, blk := range in.Blocks() {
				if t := blk.Terminator(); t != nil {
					for _, a := range t.Args {
						visit(a)
					}
				}
			}
		default:
			for _, a := range in.Args {
				visit(a)
			}
		}
	}
	for _, v := range vs {
		visit(v)
	}
	return out
}

// unevaluatedExprs returns the instructions of Module.Exprs that pipeline creation never
// evaluates: those only the defaults of Outside overrides and of overrides given values use
// (nil when there are none). The spec's example: with `override b = 1 / a;`, a set to 0 is
// no error when b is given a value too.
func unevaluatedExprs(m *ir.Module, fixed map[*ir.Override]constant.Value) map[*ir.Inst]bool {
	skipped := func(o *ir.Override) bool { _, given := fixed[o]; return o.Outside || given }
	if !slices.ContainsFunc(m.Overrides, skipped) {
		return nil
	}
	used := map[*ir.Inst]bool{}
	var mark func(v ir.Value)
	mark = func(v ir.Value) {
		in := m.Def(v)
		if in == nil || in.Block != m.Exprs || used[in] {
			return
		}
		used[in] = true
		for _, a := range in.Args {
			mark(a)
		}
	}
	for _, f := range m.Funcs {
		ir.Walk(f.Body, func(in *ir.Inst) {
			for _, a := range in.Args {
				mark(a)
			}
		})
		for _, v := range f.WorkgroupSize {
			mark(v)
		}
		mark(f.SubgroupSize)
	}
	for _, g := range m.Globals {
		mark(g.Init)
	}
	for _, sa := range overrideSizedArrays(m) {
		mark(m.ArrayCount(sa.a))
	}
	for _, o := range m.Overrides {
		if !skipped(o) {
			mark(o.Default)
		}
	}
	out := map[*ir.Inst]bool{}
	for _, in := range m.Exprs.Insts {
		if !used[in] {
			out[in] = true
		}
	}
	return out
}
