package backend

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// GLSL.std.450 instructions whose semantics are WGSL's, for float operands.
var glslFloat = map[ir.BuiltinFunc]spirv.GLSLstd450{
	ir.BuiltinAcos: spirv.GLSLstd450Acos, ir.BuiltinAcosh: spirv.GLSLstd450Acosh,
	ir.BuiltinAsin: spirv.GLSLstd450Asin, ir.BuiltinAsinh: spirv.GLSLstd450Asinh,
	ir.BuiltinAtan: spirv.GLSLstd450Atan, ir.BuiltinAtanh: spirv.GLSLstd450Atanh,
	ir.BuiltinAtan2: spirv.GLSLstd450Atan2, ir.BuiltinCeil: spirv.GLSLstd450Ceil,
	ir.BuiltinCos: spirv.GLSLstd450Cos, ir.BuiltinCosh: spirv.GLSLstd450Cosh,
	ir.BuiltinCross: spirv.GLSLstd450Cross, ir.BuiltinDegrees: spirv.GLSLstd450Degrees,
	ir.BuiltinDeterminant: spirv.GLSLstd450Determinant, ir.BuiltinDistance: spirv.GLSLstd450Distance,
	ir.BuiltinExp: spirv.GLSLstd450Exp, ir.BuiltinExp2: spirv.GLSLstd450Exp2,
	ir.BuiltinFaceForward: spirv.GLSLstd450FaceForward, ir.BuiltinFloor: spirv.GLSLstd450Floor,
	ir.BuiltinFma: spirv.GLSLstd450Fma, ir.BuiltinFract: spirv.GLSLstd450Fract,
	ir.BuiltinFrexp: spirv.GLSLstd450FrexpStruct, ir.BuiltinInverseSqrt: spirv.GLSLstd450InverseSqrt,
	ir.BuiltinLdexp: spirv.GLSLstd450Ldexp, ir.BuiltinLength: spirv.GLSLstd450Length,
	ir.BuiltinLog: spirv.GLSLstd450Log, ir.BuiltinLog2: spirv.GLSLstd450Log2,
	ir.BuiltinMix: spirv.GLSLstd450FMix, ir.BuiltinModf: spirv.GLSLstd450ModfStruct,
	ir.BuiltinNormalize: spirv.GLSLstd450Normalize, ir.BuiltinPow: spirv.GLSLstd450Pow,
	ir.BuiltinRadians: spirv.GLSLstd450Radians, ir.BuiltinReflect: spirv.GLSLstd450Reflect,
	ir.BuiltinRefract: spirv.GLSLstd450Refract, ir.BuiltinRound: spirv.GLSLstd450RoundEven,
	ir.BuiltinSin: spirv.GLSLstd450Sin, ir.BuiltinSinh: spirv.GLSLstd450Sinh,
	ir.BuiltinSqrt: spirv.GLSLstd450Sqrt,
	ir.BuiltinStep: spirv.GLSLstd450Step, ir.BuiltinTan: spirv.GLSLstd450Tan,
	ir.BuiltinTanh: spirv.GLSLstd450Tanh, ir.BuiltinTrunc: spirv.GLSLstd450Trunc,
	ir.BuiltinAbs: spirv.GLSLstd450FAbs, ir.BuiltinSign: spirv.GLSLstd450FSign,
	ir.BuiltinMin: spirv.GLSLstd450FMin, ir.BuiltinMax: spirv.GLSLstd450FMax,
	ir.BuiltinPack4x8Snorm: spirv.GLSLstd450PackSnorm4x8, ir.BuiltinPack4x8Unorm: spirv.GLSLstd450PackUnorm4x8,
	ir.BuiltinPack2x16Snorm: spirv.GLSLstd450PackSnorm2x16, ir.BuiltinPack2x16Unorm: spirv.GLSLstd450PackUnorm2x16,
	ir.BuiltinPack2x16Float:  spirv.GLSLstd450PackHalf2x16,
	ir.BuiltinUnpack4x8Snorm: spirv.GLSLstd450UnpackSnorm4x8, ir.BuiltinUnpack4x8Unorm: spirv.GLSLstd450UnpackUnorm4x8,
	ir.BuiltinUnpack2x16Snorm: spirv.GLSLstd450UnpackSnorm2x16, ir.BuiltinUnpack2x16Unorm: spirv.GLSLstd450UnpackUnorm2x16,
	ir.BuiltinUnpack2x16Float: spirv.GLSLstd450UnpackHalf2x16,
}

// Memory scopes and semantics (SPIR-V 3.27, 3.25).
const (
	scopeDevice    = 1
	scopeWorkgroup = 2
	scopeSubgroup  = 3

	semAcquireRelease  = 0x8
	semUniformMemory   = 0x40
	semWorkgroupMemory = 0x100
	semImageMemory     = 0x800
)

func (e *emitter) glsl(t types.Type, op spirv.GLSLstd450, args ...spirv.ID) spirv.ID {
	return e.fn.f.GLSL(e.typeID(t), op, args...)
}

func (e *emitter) builtin(in *ir.Inst) spirv.ID {
	fn := in.Builtin()
	var rt types.Type = types.VoidType
	if in.Result != 0 {
		rt = e.typeOf(in.Result)
	}
	var a0 types.Type
	var s *types.Scalar
	if len(in.Args) > 0 {
		a0 = e.typeOf(in.Args[0])
		s = types.ElemScalar(a0)
	}
	args := append([]spirv.ID(nil), e.operands(in.Args)...) // helpers below reuse the scratch
	t := e.typeID(rt)
	switch {
	case fn.IsAtomic():
		return e.atomic(in, fn, rt, args)
	case fn.IsTexture():
		return e.texture(in, fn, rt)
	case fn.IsSubgroup():
		return e.subgroup(in, fn, rt, args)
	case fn.IsDerivative():
		return e.derivative(fn, t, args[0])
	}
	switch fn {
	case ir.BuiltinAll, ir.BuiltinAny:
		if _, ok := a0.(*types.Vector); !ok {
			return args[0]
		}
		if fn == ir.BuiltinAll {
			return e.emit(spirv.OpAll, t, args[0])
		}
		return e.emit(spirv.OpAny, t, args[0])
	case ir.BuiltinArrayLength:
		return e.arrayLength(in.Args[0])
	case ir.BuiltinStorageBarrier:
		e.barrier(semUniformMemory)
		return 0
	case ir.BuiltinWorkgroupBarrier:
		e.barrier(semWorkgroupMemory)
		return 0
	case ir.BuiltinTextureBarrier:
		e.barrier(semImageMemory)
		return 0
	case ir.BuiltinWorkgroupUniformLoad:
		e.barrier(semWorkgroupMemory)
		var v spirv.ID
		if _, ok := a0.(*types.Pointer).Elem.(*types.Atomic); ok {
			// The overload for a pointer to an atomic loads atomically.
			v = e.fn.f.Emit(spirv.OpAtomicLoad, t, args[0], e.constU32(scopeWorkgroup), e.constU32(0))
		} else {
			v = e.fn.f.Load(t, args[0])
		}
		e.barrier(semWorkgroupMemory)
		return v
	case ir.BuiltinAbs:
		switch {
		case s.IsFloat():
			return e.glsl(rt, spirv.GLSLstd450FAbs, args[0])
		case s.Kind == types.KindI32:
			return e.glsl(rt, spirv.GLSLstd450SAbs, args[0])
		}
		return args[0]
	case ir.BuiltinSign:
		if s.IsFloat() {
			return e.glsl(rt, spirv.GLSLstd450FSign, args[0])
		}
		return e.glsl(rt, spirv.GLSLstd450SSign, args[0])
	case ir.BuiltinMin, ir.BuiltinMax:
		return e.glsl(rt, minMax(fn == ir.BuiltinMin, s), args[0], args[1])
	case ir.BuiltinClamp:
		if op, ok := e.clampOp(s, in.Args[1], in.Args[2]); ok {
			return e.glsl(rt, op, args...)
		}
		// min(max(e, low), high): GLSL's clamp is undefined when low > high, WGSL's is not.
		lo := e.glsl(rt, minMax(false, s), args[0], args[1])
		return e.glsl(rt, minMax(true, s), lo, args[2])
	case ir.BuiltinSaturate:
		return e.glsl(rt, spirv.GLSLstd450FClamp, args[0], e.splatConst(rt, s, 0), e.splatConst(rt, s, 1))
	case ir.BuiltinSmoothstep:
		return e.smoothstep(rt, in, args)
	case ir.BuiltinMix:
		if _, ok := e.typeOf(in.Args[2]).(*types.Scalar); ok {
			if _, vec := rt.(*types.Vector); vec {
				args[2] = e.splatID(rt, in.Args[2])
			}
		}
		return e.glsl(rt, spirv.GLSLstd450FMix, args...)
	case ir.BuiltinDot:
		if s.IsFloat() {
			return e.emit(spirv.OpDot, t, args[0], args[1])
		}
		return e.sumComponents(a0.(*types.Vector), e.emit(spirv.OpIMul, e.typeID(a0), args[0], args[1]))
	case ir.BuiltinTranspose:
		return e.emit(spirv.OpTranspose, t, args[0])
	case ir.BuiltinQuantizeToF16:
		return e.emit(spirv.OpQuantizeToF16, t, args[0])
	case ir.BuiltinCountOneBits:
		return e.emit(spirv.OpBitCount, t, args[0])
	case ir.BuiltinReverseBits:
		return e.emit(spirv.OpBitReverse, t, args[0])
	case ir.BuiltinCountLeadingZeros:
		// 31 - FindUMsb(e); FindUMsb(0) is -1, so clz(0) is 32.
		msb := e.glsl(rt, spirv.GLSLstd450FindUMsb, args[0])
		return e.emit(spirv.OpISub, t, e.splatConst(rt, s, 31), msb)
	case ir.BuiltinCountTrailingZeros:
		// min(FindILsb(e), 32) as unsigned: FindILsb(0) is -1.
		lsb := e.glsl(rt, spirv.GLSLstd450FindILsb, args[0])
		return e.glsl(rt, spirv.GLSLstd450UMin, lsb, e.splatConst(rt, s, 32))
	case ir.BuiltinFirstLeadingBit:
		if s.Kind == types.KindI32 {
			return e.glsl(rt, spirv.GLSLstd450FindSMsb, args[0])
		}
		return e.glsl(rt, spirv.GLSLstd450FindUMsb, args[0])
	case ir.BuiltinFirstTrailingBit:
		return e.glsl(rt, spirv.GLSLstd450FindILsb, args[0])
	case ir.BuiltinExtractBits:
		if s.Kind == types.KindI32 {
			return e.emit(spirv.OpBitFieldSExtract, t, args...)
		}
		return e.emit(spirv.OpBitFieldUExtract, t, args...)
	case ir.BuiltinInsertBits:
		return e.emit(spirv.OpBitFieldInsert, t, args...)
	case ir.BuiltinPack4x8Snorm, ir.BuiltinPack4x8Unorm, ir.BuiltinPack2x16Snorm, ir.BuiltinPack2x16Unorm:
		return e.packNorm(fn, a0, args[0])
	case ir.BuiltinPack4xI8, ir.BuiltinPack4xU8, ir.BuiltinPack4xI8Clamp, ir.BuiltinPack4xU8Clamp:
		return e.pack4x8(fn, in.Args[0], args[0])
	case ir.BuiltinUnpack4xI8, ir.BuiltinUnpack4xU8:
		return e.unpack4x8(fn == ir.BuiltinUnpack4xI8, args[0])
	case ir.BuiltinDot4I8Packed, ir.BuiltinDot4U8Packed:
		signed := fn == ir.BuiltinDot4I8Packed
		x, y := e.unpack4x8(signed, args[0]), e.unpack4x8(signed, args[1])
		vt := types.Vec(4, types.U32)
		if signed {
			vt = types.Vec(4, types.I32)
		}
		return e.sumComponents(vt, e.emit(spirv.OpIMul, e.typeID(vt), x, y))
	}
	if op, ok := glslFloat[fn]; ok {
		return e.glsl(rt, op, args...)
	}
	e.internal("builtin %s is not supported", fn)
	return 0
}

func minMax(isMin bool, s *types.Scalar) spirv.GLSLstd450 {
	switch {
	case s.IsFloat() && isMin:
		return spirv.GLSLstd450FMin
	case s.IsFloat():
		return spirv.GLSLstd450FMax
	case s.Kind == types.KindI32 && isMin:
		return spirv.GLSLstd450SMin
	case s.Kind == types.KindI32:
		return spirv.GLSLstd450SMax
	case isMin:
		return spirv.GLSLstd450UMin
	}
	return spirv.GLSLstd450UMax
}

// sumComponents adds the components of vector x of type vt.
func (e *emitter) sumComponents(vt *types.Vector, x spirv.ID) spirv.ID {
	st := e.typeID(vt.Elem)
	sum := e.emit(spirv.OpCompositeExtract, st, x, 0)
	for i := 1; i < vt.N; i++ {
		sum = e.emit(spirv.OpIAdd, st, sum, e.emit(spirv.OpCompositeExtract, st, x, uint32(i)))
	}
	return sum
}

// unpack4x8 spreads the bytes of u32 x over a vec4 (sign-extended when signed): component
// i is (x << (24 - 8i)) >> 24.
func (e *emitter) unpack4x8(signed bool, x spirv.ID) spirv.ID {
	vt := types.Vec(4, types.U32)
	op := spirv.OpShiftRightLogical
	if signed {
		vt = types.Vec(4, types.I32)
		op = spirv.OpShiftRightArithmetic
		x = e.emit(spirv.OpBitcast, e.typeID(types.I32), x)
	}
	t := e.typeID(vt)
	v := e.emit(spirv.OpCompositeConstruct, t, x, x, x, x)
	u := e.m
	shifts := e.value(u.ConstComposite(types.Vec(4, types.U32), u.ConstU32(24), u.ConstU32(16), u.ConstU32(8), u.ConstU32(0)))
	v = e.emit(spirv.OpShiftLeftLogical, t, v, shifts)
	return e.emit(op, t, v, e.splatConst(vt, vt.Elem, 24))
}

// pack4x8 packs the low bytes of a vec4 (after clamping, for the Clamp variants) into a u32.
func (e *emitter) pack4x8(fn ir.BuiltinFunc, v ir.Value, x spirv.ID) spirv.ID {
	vt := e.typeOf(v).(*types.Vector)
	switch fn {
	case ir.BuiltinPack4xI8Clamp:
		x = e.glsl(vt, spirv.GLSLstd450SMax, x, e.splatConst(vt, vt.Elem, -128))
		x = e.glsl(vt, spirv.GLSLstd450SMin, x, e.splatConst(vt, vt.Elem, 127))
	case ir.BuiltinPack4xU8Clamp:
		x = e.glsl(vt, spirv.GLSLstd450UMin, x, e.splatConst(vt, vt.Elem, 255))
	}
	uv := types.Vec(4, types.U32)
	ut := e.typeID(uv)
	if vt.Elem == types.I32 {
		x = e.emit(spirv.OpBitcast, ut, x)
	}
	x = e.emit(spirv.OpBitwiseAnd, ut, x, e.splatConst(uv, types.U32, 255))
	u := e.m
	shifts := e.value(u.ConstComposite(uv, u.ConstU32(0), u.ConstU32(8), u.ConstU32(16), u.ConstU32(24)))
	x = e.emit(spirv.OpShiftLeftLogical, ut, x, shifts)
	return e.sumComponents(uv, x)
}

// packNorm emits pack4x8snorm, pack4x8unorm, pack2x16snorm and pack2x16unorm. WGSL's
// component i is ⌊0.5 + scale × clamp(v[i], lo, 1)⌋ (lo is -1 or 0): a half rounds up.
// GLSL's packing rounds with round(), whose direction on a half is the implementation's
// (lavapipe's is to even), and products such as 127 × 0.003937008 are exactly 0.5. So
// the rounding is done here, exactly: with f = floor(m), m - f is exact, and the result
// f + (m - f >= 0.5) is an integer r. The GLSL instruction then packs r / scale, which
// it scales back to within a few ulps of r, far from a half.
func (e *emitter) packNorm(fn ir.BuiltinFunc, vt types.Type, x spirv.ID) spirv.ID {
	n := vt.(*types.Vector).N
	scale := map[ir.BuiltinFunc]float64{ir.BuiltinPack4x8Snorm: 127, ir.BuiltinPack4x8Unorm: 255,
		ir.BuiltinPack2x16Snorm: 32767, ir.BuiltinPack2x16Unorm: 65535}[fn]
	lo := 0.0
	if fn == ir.BuiltinPack4x8Snorm || fn == ir.BuiltinPack2x16Snorm {
		lo = -1
	}
	f32 := types.F32
	t := e.typeID(vt)
	c := e.glsl(vt, spirv.GLSLstd450FClamp, x, e.splatConst(vt, f32, lo), e.splatConst(vt, f32, 1))
	m := e.emit(spirv.OpFMul, t, c, e.splatConst(vt, f32, scale))
	fl := e.glsl(vt, spirv.GLSLstd450Floor, m)
	half := e.emit(spirv.OpFOrdGreaterThanEqual, e.typeID(types.Vec(n, types.Bool)),
		e.emit(spirv.OpFSub, t, m, fl), e.splatConst(vt, f32, 0.5))
	r := e.emit(spirv.OpFAdd, t, fl,
		e.emit(spirv.OpSelect, t, half, e.splatConst(vt, f32, 1), e.splatConst(vt, f32, 0)))
	r = e.emit(spirv.OpFMul, t, r, e.splatConst(vt, f32, float64(float32(1/scale))))
	return e.glsl(types.U32, glslFloat[fn], r)
}

func (e *emitter) barrier(mem uint32) {
	e.fn.f.Emit(spirv.OpControlBarrier, 0, e.constU32(scopeWorkgroup), e.constU32(scopeWorkgroup),
		e.constU32(semAcquireRelease|mem))
}

func (e *emitter) atomic(in *ir.Inst, fn ir.BuiltinFunc, rt types.Type, args []spirv.ID) spirv.ID {
	p := e.typeOf(in.Args[0]).(*types.Pointer)
	s := p.Elem.(*types.Atomic).Elem
	scope := e.constU32(scopeDevice)
	if p.Space == types.AddrWorkgroup {
		scope = e.constU32(scopeWorkgroup)
	}
	relaxed := e.constU32(0)
	st := e.typeID(s)
	sf := e.fn.f
	rmw := func(op spirv.Op) spirv.ID { return sf.Emit(op, st, args[0], scope, relaxed, args[1]) }
	signed := s.Kind == types.KindI32
	switch fn {
	case ir.BuiltinAtomicLoad:
		return sf.Emit(spirv.OpAtomicLoad, st, args[0], scope, relaxed)
	case ir.BuiltinAtomicStore:
		sf.Emit(spirv.OpAtomicStore, 0, args[0], scope, relaxed, args[1])
		return 0
	case ir.BuiltinAtomicAdd:
		return rmw(spirv.OpAtomicIAdd)
	case ir.BuiltinAtomicSub:
		return rmw(spirv.OpAtomicISub)
	case ir.BuiltinAtomicMax:
		if signed {
			return rmw(spirv.OpAtomicSMax)
		}
		return rmw(spirv.OpAtomicUMax)
	case ir.BuiltinAtomicMin:
		if signed {
			return rmw(spirv.OpAtomicSMin)
		}
		return rmw(spirv.OpAtomicUMin)
	case ir.BuiltinAtomicAnd:
		return rmw(spirv.OpAtomicAnd)
	case ir.BuiltinAtomicOr:
		return rmw(spirv.OpAtomicOr)
	case ir.BuiltinAtomicXor:
		return rmw(spirv.OpAtomicXor)
	case ir.BuiltinAtomicExchange:
		return rmw(spirv.OpAtomicExchange)
	case ir.BuiltinAtomicCompareExchangeWeak:
		old := sf.Emit(spirv.OpAtomicCompareExchange, st, args[0], scope, relaxed, relaxed, args[2], args[1])
		ok := sf.Emit(spirv.OpIEqual, e.b.TypeBool(), old, args[1])
		return sf.Emit(spirv.OpCompositeConstruct, e.typeID(rt), old, ok)
	}
	e.internal("atomic builtin %s", fn)
	return 0
}

// arrayLength emits OpArrayLength for a pointer to a runtime-sized array, which must be a
// buffer variable's store type or the last member of a structure reached by an access chain.
func (e *emitter) arrayLength(p ir.Value) spirv.ID {
	u32 := e.u32
	if v, ok := e.wrapped[p]; ok {
		return e.fn.f.Emit(spirv.OpArrayLength, u32, v, 0)
	}
	in := e.m.Def(p)
	if in == nil || in.Op != ir.OpAccess {
		e.internal("arrayLength of a pointer that is not a buffer member")
	}
	last := e.constIndex(in.Args[len(in.Args)-1])
	base, prefix := in.Args[0], in.Args[1:len(in.Args)-1]
	if last < 0 {
		e.internal("arrayLength of a pointer that is not a buffer member")
	}
	var structPtr spirv.ID
	bp := e.typeOf(base).(*types.Pointer)
	st := bp.Elem
	for _, i := range prefix {
		st = ir.ElemType(st, int(max(e.constIndex(i), 0)))
	}
	pt := e.ptrType(bp.Space, st)
	idx := e.operands(prefix)
	if v, ok := e.wrapped[base]; ok {
		structPtr = e.fn.f.AccessChain(pt, v, append([]spirv.ID{e.constU32(0)}, idx...)...)
	} else if len(prefix) == 0 {
		structPtr = e.operand(base)
	} else {
		structPtr = e.fn.f.AccessChain(pt, e.operand(base), idx...)
	}
	return e.fn.f.Emit(spirv.OpArrayLength, u32, structPtr, uint32(last))
}

func (e *emitter) derivative(fn ir.BuiltinFunc, t, x spirv.ID) spirv.ID {
	ops := map[ir.BuiltinFunc]spirv.Op{
		ir.BuiltinDpdx: spirv.OpDPdx, ir.BuiltinDpdxCoarse: spirv.OpDPdxCoarse, ir.BuiltinDpdxFine: spirv.OpDPdxFine,
		ir.BuiltinDpdy: spirv.OpDPdy, ir.BuiltinDpdyCoarse: spirv.OpDPdyCoarse, ir.BuiltinDpdyFine: spirv.OpDPdyFine,
		ir.BuiltinFwidth: spirv.OpFwidth, ir.BuiltinFwidthCoarse: spirv.OpFwidthCoarse, ir.BuiltinFwidthFine: spirv.OpFwidthFine,
	}
	switch fn {
	case ir.BuiltinDpdx, ir.BuiltinDpdy, ir.BuiltinFwidth:
	default:
		e.b.Capability(spirv.CapabilityDerivativeControl)
	}
	return e.emit(ops[fn], t, x)
}

// subgroup emits the subgroup and quad builtins (SPIR-V 1.3 group non-uniform operations).
func (e *emitter) subgroup(in *ir.Inst, fn ir.BuiltinFunc, rt types.Type, args []spirv.ID) spirv.ID {
	e.needVersion(spirv.Version1_3, "subgroup operations")
	b := e.b
	b.Capability(spirv.CapabilityGroupNonUniform)
	t := e.typeID(rt)
	scope := e.constU32(scopeSubgroup)
	sf := e.fn.f
	var s *types.Scalar
	if len(in.Args) > 0 {
		s = types.ElemScalar(e.typeOf(in.Args[0]))
	}
	arith := func(group uint32, f, si, u spirv.Op) spirv.ID {
		b.Capability(spirv.CapabilityGroupNonUniformArithmetic)
		op := u
		switch {
		case s.IsFloat():
			op = f
		case s.Kind == types.KindI32:
			op = si
		}
		return sf.Emit(op, t, scope, group, args[0])
	}
	const reduce, inclusive, exclusive = 0, 1, 2
	switch fn {
	case ir.BuiltinSubgroupElect:
		return sf.Emit(spirv.OpGroupNonUniformElect, t, scope)
	case ir.BuiltinSubgroupAll, ir.BuiltinSubgroupAny:
		b.Capability(spirv.CapabilityGroupNonUniformVote)
		op := spirv.OpGroupNonUniformAll
		if fn == ir.BuiltinSubgroupAny {
			op = spirv.OpGroupNonUniformAny
		}
		return sf.Emit(op, t, scope, args[0])
	case ir.BuiltinSubgroupBallot:
		b.Capability(spirv.CapabilityGroupNonUniformBallot)
		return sf.Emit(spirv.OpGroupNonUniformBallot, t, scope, args[0])
	case ir.BuiltinSubgroupBroadcast:
		b.Capability(spirv.CapabilityGroupNonUniformBallot)
		return sf.Emit(spirv.OpGroupNonUniformBroadcast, t, scope, args[0], args[1])
	case ir.BuiltinSubgroupBroadcastFirst:
		b.Capability(spirv.CapabilityGroupNonUniformBallot)
		return sf.Emit(spirv.OpGroupNonUniformBroadcastFirst, t, scope, args[0])
	case ir.BuiltinSubgroupShuffle, ir.BuiltinSubgroupShuffleXor:
		b.Capability(spirv.CapabilityGroupNonUniformShuffle)
		op := spirv.OpGroupNonUniformShuffle
		if fn == ir.BuiltinSubgroupShuffleXor {
			op = spirv.OpGroupNonUniformShuffleXor
		}
		return sf.Emit(op, t, scope, args[0], args[1])
	case ir.BuiltinSubgroupShuffleUp, ir.BuiltinSubgroupShuffleDown:
		b.Capability(spirv.CapabilityGroupNonUniformShuffleRelative)
		op := spirv.OpGroupNonUniformShuffleUp
		if fn == ir.BuiltinSubgroupShuffleDown {
			op = spirv.OpGroupNonUniformShuffleDown
		}
		return sf.Emit(op, t, scope, args[0], args[1])
	case ir.BuiltinSubgroupAdd:
		return arith(reduce, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd)
	case ir.BuiltinSubgroupInclusiveAdd:
		return arith(inclusive, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd)
	case ir.BuiltinSubgroupExclusiveAdd:
		return arith(exclusive, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd)
	case ir.BuiltinSubgroupMul:
		return arith(reduce, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul)
	case ir.BuiltinSubgroupInclusiveMul:
		return arith(inclusive, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul)
	case ir.BuiltinSubgroupExclusiveMul:
		return arith(exclusive, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul)
	case ir.BuiltinSubgroupMin:
		return arith(reduce, spirv.OpGroupNonUniformFMin, spirv.OpGroupNonUniformSMin, spirv.OpGroupNonUniformUMin)
	case ir.BuiltinSubgroupMax:
		return arith(reduce, spirv.OpGroupNonUniformFMax, spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMax)
	case ir.BuiltinSubgroupAnd:
		return arith(reduce, 0, spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseAnd)
	case ir.BuiltinSubgroupOr:
		return arith(reduce, 0, spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformBitwiseOr)
	case ir.BuiltinSubgroupXor:
		return arith(reduce, 0, spirv.OpGroupNonUniformBitwiseXor, spirv.OpGroupNonUniformBitwiseXor)
	case ir.BuiltinQuadBroadcast:
		b.Capability(spirv.CapabilityGroupNonUniformQuad)
		return sf.Emit(spirv.OpGroupNonUniformQuadBroadcast, t, scope, args[0], args[1])
	case ir.BuiltinQuadSwapX, ir.BuiltinQuadSwapY, ir.BuiltinQuadSwapDiagonal:
		b.Capability(spirv.CapabilityGroupNonUniformQuad)
		dir := map[ir.BuiltinFunc]uint32{ir.BuiltinQuadSwapX: 0, ir.BuiltinQuadSwapY: 1, ir.BuiltinQuadSwapDiagonal: 2}[fn]
		return sf.Emit(spirv.OpGroupNonUniformQuadSwap, t, scope, args[0], e.constU32(dir))
	}
	e.internal("builtin %s is not supported", fn)
	return 0
}
