package backend

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// specOp emits a module-scope override-expression as a specialisation constant instruction.
// OpSpecConstantOp has a short list of opcodes in shaders (no float arithmetic, no
// float/int conversions, no extended instructions): anything else is reported, and the
// override must be substituted at compile time instead.
func (e *emitter) specOp(in *ir.Inst) {
	if in.Pos.IsValid() {
		defer func(p ir.Pos) { e.pos = p }(e.pos)
		e.pos = in.Pos
	}
	b := e.b
	rt := e.typeOf(in.Result)
	t := e.typeID(rt)
	args := make([]spirv.ID, len(in.Args))
	for i, a := range in.Args {
		args[i] = e.value(a)
	}
	unsupported := func() {
		e.fail("override-expression %s on %v cannot be a specialisation constant in SPIR-V for Vulkan: "+
			"give the overrides involved values at compile time (--override NAME=VALUE)", in.Op, rt)
	}
	var id spirv.ID
	switch in.Op {
	case ir.OpConstruct, ir.OpSplat:
		if in.Op == ir.OpSplat {
			n := rt.(*types.Vector).N
			for len(args) < n {
				args = append(args, args[0])
			}
		}
		id = b.SpecConstantComposite(t, args...)
	case ir.OpExtract:
		ops := []spirv.ID{args[0]}
		for _, x := range in.Args[1:] {
			k := e.constIndex(x)
			if k < 0 {
				unsupported()
			}
			ops = append(ops, uint32(k))
		}
		id = b.SpecConstantOp(t, spirv.OpCompositeExtract, ops...)
	case ir.OpSwizzle:
		ops := []spirv.ID{args[0], args[0]}
		for _, c := range in.Swizzle() {
			ops = append(ops, uint32(c))
		}
		if len(ops) == 3 {
			id = b.SpecConstantOp(t, spirv.OpCompositeExtract, args[0], ops[2])
		} else {
			id = b.SpecConstantOp(t, spirv.OpVectorShuffle, ops...)
		}
	case ir.OpSelect:
		id = b.SpecConstantOp(t, spirv.OpSelect, args...)
	case ir.OpNeg:
		if types.ElemScalar(rt).IsFloat() {
			unsupported()
		}
		id = b.SpecConstantOp(t, spirv.OpSNegate, args[0])
	case ir.OpNot:
		op := spirv.OpNot
		if types.ElemScalar(rt) == types.Bool {
			op = spirv.OpLogicalNot
		}
		id = b.SpecConstantOp(t, op, args[0])
	case ir.OpConvert, ir.OpBitcast:
		from := e.typeOf(in.Args[0])
		fs, ts := types.ElemScalar(from), types.ElemScalar(rt)
		switch {
		case fs == ts:
			id = args[0]
		case fs.IsFloat() && ts.IsFloat() && in.Op == ir.OpConvert:
			id = b.SpecConstantOp(t, spirv.OpFConvert, args[0])
		case fs.Kind == types.KindBool && in.Op == ir.OpConvert && !ts.IsFloat():
			id = b.SpecConstantOp(t, spirv.OpSelect, args[0], e.splatConst(rt, ts, 1), e.splatConst(rt, ts, 0))
		case ts.Kind == types.KindBool && !fs.IsFloat():
			id = b.SpecConstantOp(t, spirv.OpINotEqual, args[0], e.splatConst(from, fs, 0))
		case fs.IsInteger() && ts.IsInteger():
			// IAdd allows operands of either signedness: adding zero reinterprets.
			id = b.SpecConstantOp(t, spirv.OpIAdd, args[0], e.splatConst(rt, ts, 0))
		default:
			unsupported()
		}
	default:
		if !in.Op.IsBinary() {
			unsupported()
		}
		tx, ty := e.typeOf(in.Args[0]), e.typeOf(in.Args[1])
		s := types.ElemScalar(tx)
		if s.IsFloat() {
			unsupported()
		}
		if _, ok := tx.(*types.Scalar); ok {
			if vt, ok := ty.(*types.Vector); ok {
				args[0] = e.specSplat(vt, args[0])
			}
		} else if vt, ok := tx.(*types.Vector); ok {
			if _, ok := ty.(*types.Scalar); ok {
				args[1] = e.specSplat(types.Vec(vt.N, types.ElemScalar(ty)), args[1])
			}
		}
		id = b.SpecConstantOp(t, binaryOp(in.Op, s), args[0], args[1])
	}
	e.ids[in.Result] = id
	if name := e.m.Name(in.Result); name != "" {
		e.name(id, name)
	}
}

func (e *emitter) specSplat(vt *types.Vector, x spirv.ID) spirv.ID {
	comps := make([]spirv.ID, vt.N)
	for i := range comps {
		comps[i] = x
	}
	return e.b.SpecConstantComposite(e.typeID(vt), comps...)
}
