package backend

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// GLSL.std.450 instructions whose semantics are WGSL's, for float operands, by builtin
// (0, which is no instruction, for the others): an array is data in the binary, where a
// map would be built when every process starts.
var glslFloat = [...]spirv.GLSLstd450{
	builtins.FnAcos: spirv.GLSLstd450Acos, builtins.FnAcosh: spirv.GLSLstd450Acosh,
	builtins.FnAsin: spirv.GLSLstd450Asin, builtins.FnAsinh: spirv.GLSLstd450Asinh,
	builtins.FnAtan: spirv.GLSLstd450Atan, builtins.FnAtanh: spirv.GLSLstd450Atanh,
	builtins.FnAtan2: spirv.GLSLstd450Atan2, builtins.FnCeil: spirv.GLSLstd450Ceil,
	builtins.FnCos: spirv.GLSLstd450Cos, builtins.FnCosh: spirv.GLSLstd450Cosh,
	builtins.FnCross: spirv.GLSLstd450Cross, builtins.FnDegrees: spirv.GLSLstd450Degrees,
	builtins.FnDeterminant: spirv.GLSLstd450Determinant, builtins.FnDistance: spirv.GLSLstd450Distance,
	builtins.FnExp: spirv.GLSLstd450Exp, builtins.FnExp2: spirv.GLSLstd450Exp2,
	builtins.FnFaceForward: spirv.GLSLstd450FaceForward, builtins.FnFloor: spirv.GLSLstd450Floor,
	builtins.FnFma: spirv.GLSLstd450Fma, builtins.FnFract: spirv.GLSLstd450Fract,
	builtins.FnFrexp: spirv.GLSLstd450FrexpStruct, builtins.FnInverseSqrt: spirv.GLSLstd450InverseSqrt,
	builtins.FnLdexp: spirv.GLSLstd450Ldexp, builtins.FnLength: spirv.GLSLstd450Length,
	builtins.FnLog: spirv.GLSLstd450Log, builtins.FnLog2: spirv.GLSLstd450Log2,
	builtins.FnMix: spirv.GLSLstd450FMix, builtins.FnModf: spirv.GLSLstd450ModfStruct,
	builtins.FnNormalize: spirv.GLSLstd450Normalize, builtins.FnPow: spirv.GLSLstd450Pow,
	builtins.FnRadians: spirv.GLSLstd450Radians, builtins.FnReflect: spirv.GLSLstd450Reflect,
	builtins.FnRefract: spirv.GLSLstd450Refract, builtins.FnRound: spirv.GLSLstd450RoundEven,
	builtins.FnSin: spirv.GLSLstd450Sin, builtins.FnSinh: spirv.GLSLstd450Sinh,
	builtins.FnSqrt: spirv.GLSLstd450Sqrt,
	builtins.FnStep: spirv.GLSLstd450Step, builtins.FnTan: spirv.GLSLstd450Tan,
	builtins.FnTanh: spirv.GLSLstd450Tanh, builtins.FnTrunc: spirv.GLSLstd450Trunc,
	builtins.FnAbs: spirv.GLSLstd450FAbs, builtins.FnSign: spirv.GLSLstd450FSign,
	builtins.FnMin: spirv.GLSLstd450FMin, builtins.FnMax: spirv.GLSLstd450FMax,
	builtins.FnPack4x8snorm: spirv.GLSLstd450PackSnorm4x8, builtins.FnPack4x8unorm: spirv.GLSLstd450PackUnorm4x8,
	builtins.FnPack2x16snorm: spirv.GLSLstd450PackSnorm2x16, builtins.FnPack2x16unorm: spirv.GLSLstd450PackUnorm2x16,
	builtins.FnPack2x16float:  spirv.GLSLstd450PackHalf2x16,
	builtins.FnUnpack4x8snorm: spirv.GLSLstd450UnpackSnorm4x8, builtins.FnUnpack4x8unorm: spirv.GLSLstd450UnpackUnorm4x8,
	builtins.FnUnpack2x16snorm: spirv.GLSLstd450UnpackSnorm2x16, builtins.FnUnpack2x16unorm: spirv.GLSLstd450UnpackUnorm2x16,
	builtins.FnUnpack2x16float: spirv.GLSLstd450UnpackHalf2x16,
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
	case fn.Class() == builtins.ClassAtomic:
		return e.atomic(in, fn, rt, args)
	case fn.Class() == builtins.ClassTexture:
		return e.texture(in, fn, rt)
	case fn.Class() == builtins.ClassSubgroup, fn.Class() == builtins.ClassQuad:
		return e.subgroup(in, fn, rt, args)
	case fn.Class() == builtins.ClassDerivative:
		return e.derivative(fn, t, args[0])
	}
	switch fn {
	case builtins.FnAll, builtins.FnAny:
		if _, ok := a0.(*types.Vector); !ok {
			return args[0]
		}
		if fn == builtins.FnAll {
			return e.emit(spirv.OpAll, t, args[0])
		}
		return e.emit(spirv.OpAny, t, args[0])
	case builtins.FnArrayLength:
		return e.arrayLength(in.Args[0])
	case builtins.FnStorageBarrier:
		e.barrier(semUniformMemory)
		return 0
	case builtins.FnWorkgroupBarrier:
		e.barrier(semWorkgroupMemory)
		return 0
	case builtins.FnTextureBarrier:
		e.barrier(semImageMemory)
		return 0
	case builtins.FnWorkgroupUniformLoad:
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
	case builtins.FnAbs:
		switch {
		case s.IsFloat():
			return e.glsl(rt, spirv.GLSLstd450FAbs, args[0])
		case s.Kind == types.KindI32:
			return e.glsl(rt, spirv.GLSLstd450SAbs, args[0])
		}
		return args[0]
	case builtins.FnSign:
		if s.IsFloat() {
			return e.glsl(rt, spirv.GLSLstd450FSign, args[0])
		}
		return e.glsl(rt, spirv.GLSLstd450SSign, args[0])
	case builtins.FnMin, builtins.FnMax:
		return e.glsl(rt, minMax(fn == builtins.FnMin, s), args[0], args[1])
	case builtins.FnClamp:
		if op, ok := e.clampOp(s, in.Args[1], in.Args[2]); ok {
			return e.glsl(rt, op, args...)
		}
		// min(max(e, low), high): GLSL's clamp is undefined when low > high, WGSL's is not.
		lo := e.glsl(rt, minMax(false, s), args[0], args[1])
		return e.glsl(rt, minMax(true, s), lo, args[2])
	case builtins.FnSaturate:
		return e.glsl(rt, spirv.GLSLstd450FClamp, args[0], e.splatConst(rt, s, 0), e.splatConst(rt, s, 1))
	case builtins.FnSmoothstep:
		return e.smoothstep(rt, in, args)
	case builtins.FnMix:
		if _, ok := e.typeOf(in.Args[2]).(*types.Scalar); ok {
			if _, vec := rt.(*types.Vector); vec {
				args[2] = e.splatID(rt, in.Args[2])
			}
		}
		return e.glsl(rt, spirv.GLSLstd450FMix, args...)
	case builtins.FnDot:
		if s.IsFloat() {
			return e.emit(spirv.OpDot, t, args[0], args[1])
		}
		return e.sumComponents(a0.(*types.Vector), e.emit(spirv.OpIMul, e.typeID(a0), args[0], args[1]))
	case builtins.FnTranspose:
		return e.emit(spirv.OpTranspose, t, args[0])
	case builtins.FnQuantizeToF16:
		return e.emit(spirv.OpQuantizeToF16, t, args[0])
	case builtins.FnCountOneBits:
		return e.emit(spirv.OpBitCount, t, args[0])
	case builtins.FnReverseBits:
		return e.emit(spirv.OpBitReverse, t, args[0])
	case builtins.FnCountLeadingZeros:
		// 31 - FindUMsb(e); FindUMsb(0) is -1, so clz(0) is 32.
		msb := e.glsl(rt, spirv.GLSLstd450FindUMsb, args[0])
		return e.emit(spirv.OpISub, t, e.splatConst(rt, s, 31), msb)
	case builtins.FnCountTrailingZeros:
		// min(FindILsb(e), 32) as unsigned: FindILsb(0) is -1.
		lsb := e.glsl(rt, spirv.GLSLstd450FindILsb, args[0])
		return e.glsl(rt, spirv.GLSLstd450UMin, lsb, e.splatConst(rt, s, 32))
	case builtins.FnFirstLeadingBit:
		if s.Kind == types.KindI32 {
			return e.glsl(rt, spirv.GLSLstd450FindSMsb, args[0])
		}
		return e.glsl(rt, spirv.GLSLstd450FindUMsb, args[0])
	case builtins.FnFirstTrailingBit:
		return e.glsl(rt, spirv.GLSLstd450FindILsb, args[0])
	case builtins.FnExtractBits:
		if s.Kind == types.KindI32 {
			return e.emit(spirv.OpBitFieldSExtract, t, args...)
		}
		return e.emit(spirv.OpBitFieldUExtract, t, args...)
	case builtins.FnInsertBits:
		return e.emit(spirv.OpBitFieldInsert, t, args...)
	case builtins.FnPack4x8snorm, builtins.FnPack4x8unorm, builtins.FnPack2x16snorm, builtins.FnPack2x16unorm:
		return e.packNorm(fn, a0, args[0])
	case builtins.FnPack4xI8, builtins.FnPack4xU8, builtins.FnPack4xI8Clamp, builtins.FnPack4xU8Clamp:
		return e.pack4x8(fn, in.Args[0], args[0])
	case builtins.FnUnpack4xI8, builtins.FnUnpack4xU8:
		return e.unpack4x8(fn == builtins.FnUnpack4xI8, args[0])
	case builtins.FnDot4I8Packed, builtins.FnDot4U8Packed:
		signed := fn == builtins.FnDot4I8Packed
		x, y := e.unpack4x8(signed, args[0]), e.unpack4x8(signed, args[1])
		vt := types.Vec(4, types.U32)
		if signed {
			vt = types.Vec(4, types.I32)
		}
		return e.sumComponents(vt, e.emit(spirv.OpIMul, e.typeID(vt), x, y))
	}
	if int(fn) < len(glslFloat) && glslFloat[fn] != 0 {
		return e.glsl(rt, glslFloat[fn], args...)
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
func (e *emitter) pack4x8(fn builtins.Fn, v ir.Value, x spirv.ID) spirv.ID {
	vt := e.typeOf(v).(*types.Vector)
	switch fn {
	case builtins.FnPack4xI8Clamp:
		x = e.glsl(vt, spirv.GLSLstd450SMax, x, e.splatConst(vt, vt.Elem, -128))
		x = e.glsl(vt, spirv.GLSLstd450SMin, x, e.splatConst(vt, vt.Elem, 127))
	case builtins.FnPack4xU8Clamp:
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
func (e *emitter) packNorm(fn builtins.Fn, vt types.Type, x spirv.ID) spirv.ID {
	n := vt.(*types.Vector).N
	scale := map[builtins.Fn]float64{builtins.FnPack4x8snorm: 127, builtins.FnPack4x8unorm: 255,
		builtins.FnPack2x16snorm: 32767, builtins.FnPack2x16unorm: 65535}[fn]
	lo := 0.0
	if fn == builtins.FnPack4x8snorm || fn == builtins.FnPack2x16snorm {
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

func (e *emitter) atomic(in *ir.Inst, fn builtins.Fn, rt types.Type, args []spirv.ID) spirv.ID {
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
	case builtins.FnAtomicLoad:
		return sf.Emit(spirv.OpAtomicLoad, st, args[0], scope, relaxed)
	case builtins.FnAtomicStore:
		sf.Emit(spirv.OpAtomicStore, 0, args[0], scope, relaxed, args[1])
		return 0
	case builtins.FnAtomicAdd:
		return rmw(spirv.OpAtomicIAdd)
	case builtins.FnAtomicSub:
		return rmw(spirv.OpAtomicISub)
	case builtins.FnAtomicMax:
		if signed {
			return rmw(spirv.OpAtomicSMax)
		}
		return rmw(spirv.OpAtomicUMax)
	case builtins.FnAtomicMin:
		if signed {
			return rmw(spirv.OpAtomicSMin)
		}
		return rmw(spirv.OpAtomicUMin)
	case builtins.FnAtomicAnd:
		return rmw(spirv.OpAtomicAnd)
	case builtins.FnAtomicOr:
		return rmw(spirv.OpAtomicOr)
	case builtins.FnAtomicXor:
		return rmw(spirv.OpAtomicXor)
	case builtins.FnAtomicExchange:
		return rmw(spirv.OpAtomicExchange)
	case builtins.FnAtomicCompareExchangeWeak:
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

func (e *emitter) derivative(fn builtins.Fn, t, x spirv.ID) spirv.ID {
	ops := map[builtins.Fn]spirv.Op{
		builtins.FnDpdx: spirv.OpDPdx, builtins.FnDpdxCoarse: spirv.OpDPdxCoarse, builtins.FnDpdxFine: spirv.OpDPdxFine,
		builtins.FnDpdy: spirv.OpDPdy, builtins.FnDpdyCoarse: spirv.OpDPdyCoarse, builtins.FnDpdyFine: spirv.OpDPdyFine,
		builtins.FnFwidth: spirv.OpFwidth, builtins.FnFwidthCoarse: spirv.OpFwidthCoarse, builtins.FnFwidthFine: spirv.OpFwidthFine,
	}
	switch fn {
	case builtins.FnDpdx, builtins.FnDpdy, builtins.FnFwidth:
	default:
		e.b.Capability(spirv.CapabilityDerivativeControl)
	}
	return e.emit(ops[fn], t, x)
}

// subgroup emits the subgroup and quad builtins (SPIR-V 1.3 group non-uniform operations).
func (e *emitter) subgroup(in *ir.Inst, fn builtins.Fn, rt types.Type, args []spirv.ID) spirv.ID {
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
	case builtins.FnSubgroupElect:
		return sf.Emit(spirv.OpGroupNonUniformElect, t, scope)
	case builtins.FnSubgroupAll, builtins.FnSubgroupAny:
		b.Capability(spirv.CapabilityGroupNonUniformVote)
		op := spirv.OpGroupNonUniformAll
		if fn == builtins.FnSubgroupAny {
			op = spirv.OpGroupNonUniformAny
		}
		return sf.Emit(op, t, scope, args[0])
	case builtins.FnSubgroupBallot:
		b.Capability(spirv.CapabilityGroupNonUniformBallot)
		return sf.Emit(spirv.OpGroupNonUniformBallot, t, scope, args[0])
	case builtins.FnSubgroupBroadcast:
		b.Capability(spirv.CapabilityGroupNonUniformBallot)
		return sf.Emit(spirv.OpGroupNonUniformBroadcast, t, scope, args[0], args[1])
	case builtins.FnSubgroupBroadcastFirst:
		b.Capability(spirv.CapabilityGroupNonUniformBallot)
		return sf.Emit(spirv.OpGroupNonUniformBroadcastFirst, t, scope, args[0])
	case builtins.FnSubgroupShuffle, builtins.FnSubgroupShuffleXor:
		b.Capability(spirv.CapabilityGroupNonUniformShuffle)
		op := spirv.OpGroupNonUniformShuffle
		if fn == builtins.FnSubgroupShuffleXor {
			op = spirv.OpGroupNonUniformShuffleXor
		}
		return sf.Emit(op, t, scope, args[0], args[1])
	case builtins.FnSubgroupShuffleUp, builtins.FnSubgroupShuffleDown:
		b.Capability(spirv.CapabilityGroupNonUniformShuffleRelative)
		op := spirv.OpGroupNonUniformShuffleUp
		if fn == builtins.FnSubgroupShuffleDown {
			op = spirv.OpGroupNonUniformShuffleDown
		}
		return sf.Emit(op, t, scope, args[0], args[1])
	case builtins.FnSubgroupAdd:
		return arith(reduce, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd)
	case builtins.FnSubgroupInclusiveAdd:
		return arith(inclusive, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd)
	case builtins.FnSubgroupExclusiveAdd:
		return arith(exclusive, spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIAdd)
	case builtins.FnSubgroupMul:
		return arith(reduce, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul)
	case builtins.FnSubgroupInclusiveMul:
		return arith(inclusive, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul)
	case builtins.FnSubgroupExclusiveMul:
		return arith(exclusive, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformIMul)
	case builtins.FnSubgroupMin:
		return arith(reduce, spirv.OpGroupNonUniformFMin, spirv.OpGroupNonUniformSMin, spirv.OpGroupNonUniformUMin)
	case builtins.FnSubgroupMax:
		return arith(reduce, spirv.OpGroupNonUniformFMax, spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMax)
	case builtins.FnSubgroupAnd:
		return arith(reduce, 0, spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseAnd)
	case builtins.FnSubgroupOr:
		return arith(reduce, 0, spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformBitwiseOr)
	case builtins.FnSubgroupXor:
		return arith(reduce, 0, spirv.OpGroupNonUniformBitwiseXor, spirv.OpGroupNonUniformBitwiseXor)
	case builtins.FnQuadBroadcast:
		b.Capability(spirv.CapabilityGroupNonUniformQuad)
		return sf.Emit(spirv.OpGroupNonUniformQuadBroadcast, t, scope, args[0], args[1])
	case builtins.FnQuadSwapX, builtins.FnQuadSwapY, builtins.FnQuadSwapDiagonal:
		b.Capability(spirv.CapabilityGroupNonUniformQuad)
		dir := map[builtins.Fn]uint32{builtins.FnQuadSwapX: 0, builtins.FnQuadSwapY: 1, builtins.FnQuadSwapDiagonal: 2}[fn]
		return sf.Emit(spirv.OpGroupNonUniformQuadSwap, t, scope, args[0], e.constU32(dir))
	}
	e.internal("builtin %s is not supported", fn)
	return 0
}
