package backend

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func (e *emitter) emit(op spirv.Op, t spirv.ID, operands ...spirv.ID) spirv.ID {
	return e.fn.f.Emit(op, t, operands...)
}

func (e *emitter) typeOf(v ir.Value) types.Type { return e.m.Type(v) }

// inst emits one instruction of a function.
func (e *emitter) inst(in *ir.Inst) {
	if in.Op.IsTerminator() {
		e.terminator(in)
		return
	}
	if in.Op.IsControl() {
		e.control(in)
		return
	}
	var id spirv.ID
	switch in.Op {
	case ir.OpVar:
		e.variable(in)
		return
	case ir.OpStore:
		e.fn.f.Store(e.operand(in.Args[0]), e.operand(in.Args[1]))
		return
	case ir.OpDiscard:
		// SPIR-V 1.6 core; before, SPV_EXT_demote_to_helper_invocation (transform.DemoteToHelper
		// is the portable alternative).
		e.fn.f.DemoteToHelperInvocation()
		return
	case ir.OpBuiltin:
		id = e.builtin(in)
	case ir.OpCall:
		ret := e.typeID(in.Callee.Result)
		id = e.fn.f.Call(ret, e.funcIDs[in.Callee], e.operands(in.Args)...)
	default:
		id = e.pure(in)
	}
	if in.Result != 0 {
		e.ids[in.Result] = id
		if name := e.m.Name(in.Result); name != "" {
			e.name(id, name)
		}
	}
}

// pure emits the instructions that compute a value from operands (and loads and access
// chains); specOp shares their opcode choice for module-scope expressions.
func (e *emitter) pure(in *ir.Inst) spirv.ID {
	rt := e.typeOf(in.Result)
	switch in.Op {
	case ir.OpLoad:
		return e.fn.f.Load(e.typeID(rt), e.operand(in.Args[0]))
	case ir.OpAccess:
		return e.access(in)
	case ir.OpExtract:
		return e.extract(in)
	case ir.OpInsert:
		return e.insert(in)
	case ir.OpSwizzle:
		comps := in.Swizzle()
		v := e.operand(in.Args[0])
		if len(comps) == 1 {
			return e.emit(spirv.OpCompositeExtract, e.typeID(rt), v, uint32(comps[0]))
		}
		ops := []spirv.ID{v, v}
		for _, c := range comps {
			ops = append(ops, uint32(c))
		}
		return e.emit(spirv.OpVectorShuffle, e.typeID(rt), ops...)
	case ir.OpConstruct:
		return e.construct(rt, in.Args)
	case ir.OpSplat:
		return e.splat(rt, in.Args[0])
	case ir.OpConvert:
		return e.convert(rt, e.typeOf(in.Args[0]), e.operand(in.Args[0]))
	case ir.OpBitcast:
		x := e.operand(in.Args[0])
		if e.typeID(rt) == e.typeID(e.typeOf(in.Args[0])) {
			return x
		}
		return e.emit(spirv.OpBitcast, e.typeID(rt), x)
	case ir.OpSelect:
		cond := e.operand(in.Args[0])
		if v, ok := rt.(*types.Vector); ok && e.typeOf(in.Args[0]) == types.Type(types.Bool) && e.ver < spirv.Version1_4 {
			cond = e.splatID(types.Vec(v.N, types.Bool), in.Args[0])
		}
		return e.emit(spirv.OpSelect, e.typeID(rt), cond, e.operand(in.Args[1]), e.operand(in.Args[2]))
	case ir.OpNeg:
		return e.negate(rt, e.operand(in.Args[0]))
	case ir.OpNot:
		op := spirv.OpNot
		if types.ElemScalar(rt) == types.Bool {
			op = spirv.OpLogicalNot
		}
		return e.emit(op, e.typeID(rt), e.operand(in.Args[0]))
	}
	if in.Op.IsBinary() {
		return e.binary(in.Op, rt, in.Args[0], in.Args[1])
	}
	e.internal("cannot emit %s", in.Op)
	return 0
}

func (e *emitter) negate(t types.Type, x spirv.ID) spirv.ID {
	if m, ok := t.(*types.Matrix); ok {
		return e.perColumn(m, m, func(col spirv.ID, i int) spirv.ID {
			return e.emit(spirv.OpFNegate, e.typeID(m.Column()), col)
		}, x)
	}
	op := spirv.OpSNegate
	if types.ElemScalar(t).IsFloat() {
		op = spirv.OpFNegate
	}
	return e.emit(op, e.typeID(t), x)
}

// perColumn builds a matrix of type m whose column i is f(column i of x), x a matrix of type
// from (m itself, but for a conversion).
func (e *emitter) perColumn(m, from *types.Matrix, f func(col spirv.ID, i int) spirv.ID, x spirv.ID) spirv.ID {
	cols := make([]spirv.ID, m.Cols)
	ct := e.typeID(from.Column())
	for i := range cols {
		cols[i] = f(e.emit(spirv.OpCompositeExtract, ct, x, uint32(i)), i)
	}
	return e.emit(spirv.OpCompositeConstruct, e.typeID(m), cols...)
}

// splatID returns a vector of type t with every component the scalar v.
func (e *emitter) splatID(t types.Type, v ir.Value) spirv.ID {
	vt := t.(*types.Vector)
	if c := e.m.Const(v); c != nil {
		return e.value(e.m.ConstSplat(vt, v))
	}
	x := e.operand(v)
	comps := make([]spirv.ID, vt.N)
	for i := range comps {
		comps[i] = x
	}
	return e.emit(spirv.OpCompositeConstruct, e.typeID(vt), comps...)
}

func (e *emitter) splat(t types.Type, v ir.Value) spirv.ID {
	if _, ok := t.(*types.Vector); !ok {
		return e.operand(v)
	}
	return e.splatID(t, v)
}

// splatConst returns the constant of type t (scalar or vector) with every component x.
func (e *emitter) splatConst(t types.Type, s *types.Scalar, x float64) spirv.ID {
	var c ir.Value
	switch {
	case s.Kind == types.KindBool:
		c = e.m.ConstBool(x != 0)
	case s.IsFloat():
		c = e.m.ConstFloat(s, x)
	default:
		c = e.m.ConstInt(s, int64(x))
	}
	return e.value(e.m.ConstSplat(t, c))
}

func (e *emitter) binary(op ir.Op, rt types.Type, x, y ir.Value) spirv.ID {
	tx, ty := e.typeOf(x), e.typeOf(y)
	mx, xIsMat := tx.(*types.Matrix)
	_, yIsMat := ty.(*types.Matrix)
	if op == ir.OpMul {
		_, xIsVec := tx.(*types.Vector)
		_, yIsVec := ty.(*types.Vector)
		switch {
		case xIsMat && yIsMat:
			return e.emit(spirv.OpMatrixTimesMatrix, e.typeID(rt), e.operand(x), e.operand(y))
		case xIsMat && yIsVec:
			return e.emit(spirv.OpMatrixTimesVector, e.typeID(rt), e.operand(x), e.operand(y))
		case xIsVec && yIsMat:
			return e.emit(spirv.OpVectorTimesMatrix, e.typeID(rt), e.operand(x), e.operand(y))
		case xIsMat:
			return e.emit(spirv.OpMatrixTimesScalar, e.typeID(rt), e.operand(x), e.operand(y))
		case yIsMat:
			return e.emit(spirv.OpMatrixTimesScalar, e.typeID(rt), e.operand(y), e.operand(x))
		case xIsVec && !yIsVec && types.ElemScalar(tx).IsFloat():
			return e.emit(spirv.OpVectorTimesScalar, e.typeID(rt), e.operand(x), e.operand(y))
		case yIsVec && !xIsVec && types.ElemScalar(ty).IsFloat():
			return e.emit(spirv.OpVectorTimesScalar, e.typeID(rt), e.operand(y), e.operand(x))
		}
	}
	if xIsMat {
		// Matrix addition and subtraction go column by column.
		sop := spirv.OpFAdd
		if op == ir.OpSub {
			sop = spirv.OpFSub
		}
		ym := e.operand(y)
		ct := e.typeID(mx.Column())
		return e.perColumn(mx, mx, func(col spirv.ID, i int) spirv.ID {
			return e.emit(sop, ct, col, e.emit(spirv.OpCompositeExtract, ct, ym, uint32(i)))
		}, e.operand(x))
	}
	// A scalar operand of a vector operation is splatted.
	var xi, yi spirv.ID
	if vx, ok := tx.(*types.Vector); ok {
		if _, ok := ty.(*types.Scalar); ok {
			xi, yi = e.operand(x), e.splatID(types.Vec(vx.N, ty.(*types.Scalar)), y)
		}
	} else if vy, ok := ty.(*types.Vector); ok {
		xi, yi = e.splatID(types.Vec(vy.N, tx.(*types.Scalar)), x), e.operand(y)
	}
	if xi == 0 {
		xi, yi = e.operand(x), e.operand(y)
	}
	return e.emit(binaryOp(op, types.ElemScalar(tx)), e.typeID(rt), xi, yi)
}

// binaryOp picks the SPIR-V opcode of a binary operator on operands of scalar kind s.
func binaryOp(op ir.Op, s *types.Scalar) spirv.Op {
	isBool, isFloat, signed := s.Kind == types.KindBool, s.IsFloat(), s.Kind == types.KindI32
	pick := func(f, sgn, uns spirv.Op) spirv.Op {
		switch {
		case isFloat:
			return f
		case signed:
			return sgn
		}
		return uns
	}
	switch op {
	case ir.OpAdd:
		return pick(spirv.OpFAdd, spirv.OpIAdd, spirv.OpIAdd)
	case ir.OpSub:
		return pick(spirv.OpFSub, spirv.OpISub, spirv.OpISub)
	case ir.OpMul:
		return pick(spirv.OpFMul, spirv.OpIMul, spirv.OpIMul)
	case ir.OpDiv:
		return pick(spirv.OpFDiv, spirv.OpSDiv, spirv.OpUDiv)
	case ir.OpRem:
		// WGSL's % takes the sign of the dividend: SRem and FRem (transform.IntDivRem
		// rewrites the i32 ones, which Vulkan leaves undefined for negative operands).
		return pick(spirv.OpFRem, spirv.OpSRem, spirv.OpUMod)
	case ir.OpAnd:
		if isBool {
			return spirv.OpLogicalAnd
		}
		return spirv.OpBitwiseAnd
	case ir.OpOr:
		if isBool {
			return spirv.OpLogicalOr
		}
		return spirv.OpBitwiseOr
	case ir.OpXor:
		if isBool {
			return spirv.OpLogicalNotEqual
		}
		return spirv.OpBitwiseXor
	case ir.OpShl:
		return spirv.OpShiftLeftLogical
	case ir.OpShr:
		if signed {
			return spirv.OpShiftRightArithmetic
		}
		return spirv.OpShiftRightLogical
	case ir.OpEq:
		if isBool {
			return spirv.OpLogicalEqual
		}
		return pick(spirv.OpFOrdEqual, spirv.OpIEqual, spirv.OpIEqual)
	case ir.OpNe:
		if isBool {
			return spirv.OpLogicalNotEqual
		}
		return pick(spirv.OpFUnordNotEqual, spirv.OpINotEqual, spirv.OpINotEqual)
	case ir.OpLt:
		return pick(spirv.OpFOrdLessThan, spirv.OpSLessThan, spirv.OpULessThan)
	case ir.OpLe:
		return pick(spirv.OpFOrdLessThanEqual, spirv.OpSLessThanEqual, spirv.OpULessThanEqual)
	case ir.OpGt:
		return pick(spirv.OpFOrdGreaterThan, spirv.OpSGreaterThan, spirv.OpUGreaterThan)
	case ir.OpGe:
		return pick(spirv.OpFOrdGreaterThanEqual, spirv.OpSGreaterThanEqual, spirv.OpUGreaterThanEqual)
	}
	return spirv.OpNop
}

// convert converts x of type from to type to.
func (e *emitter) convert(to, from types.Type, x spirv.ID) spirv.ID {
	if types.Identical(to, from) {
		return x
	}
	switch tt := to.(type) {
	case *types.Struct, *types.Array:
		return e.convertLayout(to, from, x)
	case *types.Matrix:
		fm := from.(*types.Matrix)
		return e.perColumn(tt, fm, func(col spirv.ID, i int) spirv.ID {
			return e.convert(tt.Column(), fm.Column(), col)
		}, x)
	}
	ts, fs := types.ElemScalar(to), types.ElemScalar(from)
	t := e.typeID(to)
	switch {
	case ts == fs:
		return x
	case fs.Kind == types.KindBool:
		return e.emit(spirv.OpSelect, t, x, e.splatConst(to, ts, 1), e.splatConst(to, ts, 0))
	case ts.Kind == types.KindBool:
		if fs.IsFloat() {
			return e.emit(spirv.OpFUnordNotEqual, t, x, e.splatConst(from, fs, 0))
		}
		return e.emit(spirv.OpINotEqual, t, x, e.splatConst(from, fs, 0))
	case fs.IsFloat() && ts.IsFloat():
		return e.emit(spirv.OpFConvert, t, x)
	case fs.IsFloat():
		if ts.Kind == types.KindI32 {
			return e.emit(spirv.OpConvertFToS, t, x)
		}
		return e.emit(spirv.OpConvertFToU, t, x)
	case ts.IsFloat():
		if fs.Kind == types.KindI32 {
			return e.emit(spirv.OpConvertSToF, t, x)
		}
		return e.emit(spirv.OpConvertUToF, t, x)
	}
	return e.emit(spirv.OpBitcast, t, x) // i32 <-> u32
}

// convertLayout converts between a host-shareable (explicitly laid out) composite and its
// plain twin: OpCopyLogical from SPIR-V 1.4, member by member before.
func (e *emitter) convertLayout(to, from types.Type, x spirv.ID) spirv.ID {
	t := e.typeID(to)
	if t == e.typeID(from) {
		return x
	}
	if e.ver >= spirv.Version1_4 {
		return e.emit(spirv.OpCopyLogical, t, x)
	}
	n := ir.NumElems(to)
	parts := make([]spirv.ID, n)
	for i := range parts {
		et, ef := ir.ElemType(to, i), ir.ElemType(from, i)
		part := e.emit(spirv.OpCompositeExtract, e.typeID(ef), x, uint32(i))
		parts[i] = e.convert(et, ef, part)
	}
	return e.emit(spirv.OpCompositeConstruct, t, parts...)
}

func (e *emitter) construct(rt types.Type, args []ir.Value) spirv.ID {
	if m, ok := rt.(*types.Matrix); ok && len(args) == m.Cols*m.Rows {
		cols := make([]spirv.ID, m.Cols)
		for c := range cols {
			cols[c] = e.emit(spirv.OpCompositeConstruct, e.typeID(m.Column()), e.operands(args[c*m.Rows:(c+1)*m.Rows])...)
		}
		return e.emit(spirv.OpCompositeConstruct, e.typeID(m), cols...)
	}
	return e.emit(spirv.OpCompositeConstruct, e.typeID(rt), e.operands(args)...)
}

// constIndex returns the value of a constant index, or -1 for a dynamic one.
func (e *emitter) constIndex(v ir.Value) int64 {
	if c := e.m.Const(v); c != nil {
		return c.Int()
	}
	return -1
}

func (e *emitter) access(in *ir.Inst) spirv.ID {
	rt := e.typeID(e.typeOf(in.Result))
	base := in.Args[0]
	if v, ok := e.wrapped[base]; ok {
		// The leading 0 selects the wrapper's member.
		ids := append(e.scratch[:0], e.constU32(0))
		for _, x := range in.Args[1:] {
			ids = append(ids, e.operand(x))
		}
		e.scratch = ids
		return e.fn.f.AccessChain(rt, v, ids...)
	}
	b := e.operand(base)
	return e.fn.f.AccessChain(rt, b, e.operands(in.Args[1:])...)
}

// extract reads a constituent of a composite value. Runs of constant indices become one
// OpCompositeExtract; a dynamic index into a vector is OpVectorExtractDynamic; a dynamic
// index into an array or matrix value goes through a function variable.
func (e *emitter) extract(in *ir.Inst) spirv.ID {
	x := e.operand(in.Args[0])
	t := e.typeOf(in.Args[0])
	indices := in.Args[1:]
	for len(indices) > 0 {
		// Constant run.
		var lits []spirv.ID
		et := t
		n := 0
		for n < len(indices) && e.constIndex(indices[n]) >= 0 {
			k := int(e.constIndex(indices[n]))
			lits = append(lits, uint32(k))
			et = ir.ElemType(et, k)
			n++
		}
		if n > 0 {
			x = e.emit(spirv.OpCompositeExtract, e.typeID(et), append([]spirv.ID{x}, lits...)...)
			t, indices = et, indices[n:]
			continue
		}
		idx := e.operand(indices[0])
		if _, ok := t.(*types.Vector); ok {
			et = ir.ElemType(t, 0)
			x = e.emit(spirv.OpVectorExtractDynamic, e.typeID(et), x, idx)
			t, indices = et, indices[1:]
			continue
		}
		// Array or matrix value with a dynamic index: spill, then index the copy with the
		// rest of the indices as an access chain.
		sf := e.fn.f
		tmp := sf.Variable(e.ptrType(types.AddrFunction, t), 0)
		sf.Store(tmp, x)
		et = t
		for _, i := range indices {
			et = ir.ElemType(et, int(max(e.constIndex(i), 0)))
		}
		p := sf.AccessChain(e.ptrType(types.AddrFunction, et), tmp, e.operands(indices)...)
		return sf.Load(e.typeID(et), p)
	}
	return x
}

// insert replaces a constituent of a composite value; only the last index may be dynamic
// (into a vector).
func (e *emitter) insert(in *ir.Inst) spirv.ID {
	comp, val := e.operand(in.Args[0]), e.operand(in.Args[1])
	t := e.typeOf(in.Args[0])
	indices := in.Args[2:]
	last := indices[len(indices)-1]
	if e.constIndex(last) >= 0 {
		ops := []spirv.ID{val, comp}
		for _, i := range indices {
			ops = append(ops, uint32(e.constIndex(i)))
		}
		return e.emit(spirv.OpCompositeInsert, e.typeID(t), ops...)
	}
	prefix := indices[:len(indices)-1]
	if len(prefix) == 0 {
		return e.emit(spirv.OpVectorInsertDynamic, e.typeID(t), comp, val, e.operand(last))
	}
	lits := make([]spirv.ID, len(prefix))
	vt := t
	for i, p := range prefix {
		k := e.constIndex(p)
		lits[i] = uint32(k)
		vt = ir.ElemType(vt, int(k))
	}
	vec := e.emit(spirv.OpCompositeExtract, e.typeID(vt), append([]spirv.ID{comp}, lits...)...)
	vec = e.emit(spirv.OpVectorInsertDynamic, e.typeID(vt), vec, val, e.operand(last))
	return e.emit(spirv.OpCompositeInsert, e.typeID(t), append([]spirv.ID{vec, comp}, lits...)...)
}
