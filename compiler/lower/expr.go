package lower

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// binaryOps maps WGSL's binary operators to the IR's (&& and || are lowered apart).
var binaryOps = [...]ir.Op{
	syntax.OpAdd: ir.OpAdd, syntax.OpSub: ir.OpSub, syntax.OpMul: ir.OpMul,
	syntax.OpDiv: ir.OpDiv, syntax.OpRem: ir.OpRem, syntax.OpAnd: ir.OpAnd,
	syntax.OpOr: ir.OpOr, syntax.OpXor: ir.OpXor, syntax.OpShl: ir.OpShl,
	syntax.OpShr: ir.OpShr, syntax.OpEq: ir.OpEq, syntax.OpNe: ir.OpNe,
	syntax.OpLt: ir.OpLt, syntax.OpLe: ir.OpLe, syntax.OpGt: ir.OpGt, syntax.OpGe: ir.OpGe,
	syntax.OpLogAnd: ir.OpInvalid, syntax.OpLogOr: ir.OpInvalid,
}

// value lowers e where a value is needed: constants for const-expressions, a load for a
// reference (the load rule), the computation otherwise. The result has the type the checker
// recorded for e; it is 0 for a call of a function that returns nothing.
func (l *lowerer) value(e syntax.Expr) ir.Value { return l.valueOf(e, l.p.TypeOf(e)) }

// valueOf is value with e's record already looked up (the map lookups are a good part of
// the lowering's time). The instructions get e's position and span; in a function, those of
// an override-expression are marked as such.
func (l *lowerer) valueOf(e syntax.Expr, tv sema.TypeAndValue) ir.Value {
	if tv.Value.IsValid() {
		return l.constant(tv.Value, tv.Type)
	}
	oldPos, oldSpan := l.b.SetPosSpan(exprPos(e), ir.SpanOf(e.Span()))
	override := tv.Stage == sema.OverrideStage && !l.moduleScope
	var oldOverride bool
	if override {
		oldOverride = l.b.SetOverrideExpr(true)
	}
	v := l.valueOf0(e, tv)
	if override {
		l.b.SetOverrideExpr(oldOverride)
	}
	l.b.SetPosSpan(oldPos, oldSpan)
	return v
}

// valueOf0 is valueOf of an expression that is not a const-expression.
func (l *lowerer) valueOf0(e syntax.Expr, tv sema.TypeAndValue) ir.Value {
	if tv.Mode == sema.Reference {
		return l.b.Load(l.ref(e))
	}
	v := l.value0(e)
	if v != 0 && tv.Type != nil {
		v = l.convertTo(v, tv.Type)
	}
	return v
}

// convertTo converts v to t where their scalars differ: the automatic conversion of an
// operand whose record the checker updated after converting it.
func (l *lowerer) convertTo(v ir.Value, t types.Type) ir.Value {
	vt := l.m.Type(v)
	if vt == nil || types.Identical(vt, t) {
		return v
	}
	switch t.(type) {
	case *types.Scalar, *types.Vector, *types.Matrix:
		if types.ElemScalar(vt) != types.ElemScalar(t) {
			return l.b.Convert(t, v)
		}
	}
	return v
}

func (l *lowerer) value0(e syntax.Expr) ir.Value {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return l.value(e.X)
	case *syntax.IdentExpr:
		return l.ident(e)
	case *syntax.CallExpr:
		return l.call(e)
	case *syntax.UnaryExpr:
		return l.unary(e)
	case *syntax.BinaryExpr:
		return l.binary(e)
	case *syntax.IndexExpr:
		return l.indexValue(e)
	case *syntax.MemberExpr:
		return l.memberValue(e)
	}
	l.errorf(e, "this expression cannot be lowered yet")
	return 0
}

func (l *lowerer) ident(e *syntax.IdentExpr) ir.Value {
	obj := l.p.UseOf(e)
	if l.failed[obj] {
		return 0
	}
	switch o := obj.(type) {
	case *sema.Override:
		return l.override(o)
	case *sema.Let, *sema.Param:
		if v, ok := l.vals[o]; ok {
			return v
		}
	case *sema.Var:
		// A variable as a value is a reference: value() loaded it already. Reaching here
		// means the checker recorded no mode for it.
	}
	l.errorf(e, "cannot lower a use of '%s' here", e.Name.Name)
	return 0
}

func (l *lowerer) unary(e *syntax.UnaryExpr) ir.Value {
	switch e.Op {
	case syntax.OpAddrOf:
		return l.ref(e.X)
	case syntax.OpNeg:
		return l.b.Neg(l.value(e.X))
	case syntax.OpNot, syntax.OpCompl:
		return l.b.Not(l.value(e.X))
	}
	l.errorf(e, "operator '%s' cannot be lowered here", e.Op)
	return 0
}

func (l *lowerer) binary(e *syntax.BinaryExpr) ir.Value {
	if e.Op == syntax.OpLogAnd || e.Op == syntax.OpLogOr {
		return l.logical(e)
	}
	x := l.value(e.X)
	y := l.value(e.Y)
	if x == 0 || y == 0 {
		return 0
	}
	return l.b.Binary(binaryOps[e.Op], x, y)
}

// logical lowers && and || with short-circuit evaluation: the right operand is evaluated in
// an If only when the left one does not decide. A right operand without effects (a constant,
// or anything in a module-scope expression) is combined with a plain and/or.
func (l *lowerer) logical(e *syntax.BinaryExpr) ir.Value {
	x := l.value(e.X)
	if l.moduleScope || l.p.TypeOf(e.Y).Value.IsValid() {
		y := l.value(e.Y)
		if e.Op == syntax.OpLogAnd {
			return l.b.And(x, y)
		}
		return l.b.Or(x, y)
	}
	rhs := func() { l.b.ExitIf(l.value(e.Y)) }
	decided := func() { l.b.ExitIf(l.b.Bool(e.Op == syntax.OpLogOr)) }
	var in *ir.Inst
	if e.Op == syntax.OpLogAnd {
		in = l.b.If(x, []types.Type{types.Bool}, rhs, decided)
	} else {
		in = l.b.If(x, []types.Type{types.Bool}, decided, rhs)
	}
	return in.Results()[0]
}

// indexValue lowers e[i] where e is a value (a reference base is a reference expression and
// goes through ref).
func (l *lowerer) indexValue(e *syntax.IndexExpr) ir.Value {
	base := l.value(e.X)
	idx := l.value(e.Index)
	if base == 0 || idx == 0 {
		return 0
	}
	idx, check := l.inRange(idx, l.m.Type(base), e.Index)
	v := l.b.Extract(base, idx)
	if check.IsValid() {
		l.m.CheckOperands(l.m.Def(v), &ir.CheckedOperands{Spans: []ir.Span{{}, check}})
	}
	return v
}

// memberValue lowers a structure member or swizzle of a value.
func (l *lowerer) memberValue(e *syntax.MemberExpr) ir.Value {
	base := l.value(e.X)
	if base == 0 {
		return 0
	}
	if _, ok := l.m.Type(base).(*types.Pointer); ok {
		// A swizzle of several components through a pointer (pointer_composite_access).
		base = l.b.Load(base)
	}
	switch t := l.m.Type(base).(type) {
	case *types.Struct:
		for i, m := range t.Members {
			if m.Name == e.Member.Name {
				return l.b.ExtractN(base, i)
			}
		}
	case *types.Vector:
		comps := swizzle(e.Member.Name)
		if len(comps) == 1 {
			return l.b.ExtractN(base, comps[0])
		}
		return l.b.Swizzle(base, comps...)
	}
	l.errorf(e, "cannot lower member '%s' of %v", e.Member.Name, l.m.Type(base))
	return 0
}

// inRange returns idx, the index expression at into a value of type t, unless it is a
// constant out of t's bounds (a let can hold one: it is not a const-expression, so the
// checker allows it): then it is the last valid index, which is what robustness makes of it
// anyway and keeps the IR's rule that constant indices are in range.
//
// It also returns where at is written when pipeline creation checks the index (see
// ir.CheckedOperands), else the zero Span: an override-expression indexing a composite of
// fixed size, or a const- or override-expression indexing an override-sized array.
func (l *lowerer) inRange(idx ir.Value, t types.Type, at syntax.Expr) (ir.Value, ir.Span) {
	n := ir.NumElems(t)
	a, _ := t.(*types.Array)
	overrideSized := a != nil && a.IsOverrideSized()
	c := l.m.Const(idx)
	var check ir.Span
	if c == nil && n > 0 || overrideSized {
		if stage := l.p.TypeOf(at).Stage; stage == sema.OverrideStage || overrideSized && stage == sema.ConstStage {
			check = ir.SpanOf(at.Span())
		}
	}
	if c == nil || n == 0 || c.Int() >= 0 && c.Int() < int64(n) {
		return idx, check
	}
	return l.m.ConstU32(uint32(n - 1)), check
}

// swizzle returns the component indices a swizzle name selects (the checker validated it).
func swizzle(name string) []int {
	comps := make([]int, len(name))
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case 'y', 'g':
			comps[i] = 1
		case 'z', 'b':
			comps[i] = 2
		case 'w', 'a':
			comps[i] = 3
		}
	}
	return comps
}

// ref lowers a reference expression to the pointer of the memory it denotes. A chain of
// member and index expressions becomes one access instruction.
func (l *lowerer) ref(e syntax.Expr) ir.Value {
	oldPos, oldSpan := l.b.SetPosSpan(exprPos(e), ir.SpanOf(e.Span()))
	c := l.refChain(e)
	base := c.base
	if base != 0 && len(c.indices) != 0 {
		base = l.b.Access(base, c.indices...)
		if c.checks != nil {
			l.m.CheckOperands(l.m.Def(base), &ir.CheckedOperands{Spans: append([]ir.Span{{}}, c.checks...)})
		}
	}
	l.b.SetPosSpan(oldPos, oldSpan)
	return base
}

// accessChain is a base pointer and the indices of an access chain from it.
type accessChain struct {
	base    ir.Value
	indices []ir.Value
	// checks holds, when pipeline creation checks one of the indices, where each is written
	// (see inRange); nil otherwise.
	checks []ir.Span
}

// index appends an index and the span of its check.
func (c accessChain) index(idx ir.Value, check ir.Span) accessChain {
	if check.IsValid() && c.checks == nil {
		c.checks = make([]ir.Span, len(c.indices), len(c.indices)+1)
	}
	c.indices = append(c.indices, idx)
	if c.checks != nil {
		c.checks = append(c.checks, check)
	}
	return c
}

// refChain lowers a reference expression to a base pointer and the indices of the access
// chain from it (evaluated left to right, as written); the base is 0 if it failed.
func (l *lowerer) refChain(e syntax.Expr) accessChain {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return l.refChain(e.X)
	case *syntax.IdentExpr:
		obj := l.p.UseOf(e)
		if p, ok := obj.(*sema.Param); ok && l.p.Legacy != nil {
			return accessChain{base: l.vals[p]} // the draft's pointer parameter denotes its memory
		}
		if v, ok := obj.(*sema.Var); ok {
			if p, ok := l.vals[v]; ok {
				return accessChain{base: p}
			}
			if what := unsupported(v.Type); what != "" {
				l.errorf(e, "%s not supported by the SPIR-V backend yet", what)
				return accessChain{}
			}
		}
	case *syntax.UnaryExpr:
		if e.Op == syntax.OpDeref {
			return accessChain{base: l.value(e.X)} // 0 if it failed
		}
	case *syntax.IndexExpr:
		c := l.chainBase(e.X)
		idx := l.value(e.Index)
		if c.base == 0 || idx == 0 {
			return accessChain{}
		}
		return c.index(l.inRange(idx, l.chainType(c.base, c.indices), e.Index))
	case *syntax.MemberExpr:
		c := l.chainBase(e.X)
		if c.base == 0 {
			return accessChain{}
		}
		switch t := l.chainType(c.base, c.indices).(type) {
		case *types.Struct:
			for i, m := range t.Members {
				if m.Name == e.Member.Name {
					return c.index(l.m.ConstU32(uint32(i)), ir.Span{})
				}
			}
		case *types.Vector:
			if comps := swizzle(e.Member.Name); len(comps) == 1 {
				return c.index(l.m.ConstU32(uint32(comps[0])), ir.Span{})
			}
		}
	}
	l.errorf(e, "cannot lower this reference expression")
	return accessChain{}
}

// chainBase lowers the base of a member or index expression that denotes memory: a
// reference, or a pointer value (pointer_composite_access).
func (l *lowerer) chainBase(e syntax.Expr) accessChain {
	if l.p.TypeOf(e).Mode == sema.Reference {
		return l.refChain(e)
	}
	v := l.value(e)
	if _, ok := l.m.Type(v).(*types.Pointer); !ok && v != 0 {
		l.errorf(e, "expected a reference or pointer")
		return accessChain{}
	}
	return accessChain{base: v} // 0 if it failed
}

// chainType is the type an access chain from base through indices reaches.
func (l *lowerer) chainType(base ir.Value, indices []ir.Value) types.Type {
	t := l.m.Type(base).(*types.Pointer).Elem
	for _, i := range indices {
		k := 0
		if c := l.m.Const(i); c != nil {
			k = int(c.Int())
		}
		t = ir.ElemType(t, k)
	}
	return t
}
