package ir

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// BuiltinFunc is a WGSL builtin function called by an OpBuiltin instruction. The operands
// are the WGSL arguments in source order (pointers where WGSL takes pointers), except where a
// constant says otherwise.
type BuiltinFunc uint8

const (
	BuiltinInvalid BuiltinFunc = iota

	// Logical and array.
	BuiltinAll
	BuiltinAny
	BuiltinArrayLength // Args: [ptr to a runtime-sized array]

	// Numeric.
	BuiltinAbs
	BuiltinAcos
	BuiltinAcosh
	BuiltinAsin
	BuiltinAsinh
	BuiltinAtan
	BuiltinAtanh
	BuiltinAtan2
	BuiltinCeil
	BuiltinClamp
	BuiltinCos
	BuiltinCosh
	BuiltinCountLeadingZeros
	BuiltinCountOneBits
	BuiltinCountTrailingZeros
	BuiltinCross
	BuiltinDegrees
	BuiltinDeterminant
	BuiltinDistance
	BuiltinDot
	BuiltinDot4U8Packed
	BuiltinDot4I8Packed
	BuiltinExp
	BuiltinExp2
	BuiltinExtractBits
	BuiltinFaceForward
	BuiltinFirstLeadingBit
	BuiltinFirstTrailingBit
	BuiltinFloor
	BuiltinFma
	BuiltinFract
	BuiltinFrexp
	BuiltinInsertBits
	BuiltinInverseSqrt
	BuiltinLdexp
	BuiltinLength
	BuiltinLog
	BuiltinLog2
	BuiltinMax
	BuiltinMin
	BuiltinMix
	BuiltinModf
	BuiltinNormalize
	BuiltinPow
	BuiltinQuantizeToF16
	BuiltinRadians
	BuiltinReflect
	BuiltinRefract
	BuiltinReverseBits
	BuiltinRound
	BuiltinSaturate
	BuiltinSign
	BuiltinSin
	BuiltinSinh
	BuiltinSmoothstep
	BuiltinSqrt
	BuiltinStep
	BuiltinTan
	BuiltinTanh
	BuiltinTranspose
	BuiltinTrunc

	// Packing.
	BuiltinPack4x8Snorm
	BuiltinPack4x8Unorm
	BuiltinPack4xI8
	BuiltinPack4xU8
	BuiltinPack4xI8Clamp
	BuiltinPack4xU8Clamp
	BuiltinPack2x16Snorm
	BuiltinPack2x16Unorm
	BuiltinPack2x16Float
	BuiltinUnpack4x8Snorm
	BuiltinUnpack4x8Unorm
	BuiltinUnpack4xI8
	BuiltinUnpack4xU8
	BuiltinUnpack2x16Snorm
	BuiltinUnpack2x16Unorm
	BuiltinUnpack2x16Float

	// Atomics. The first operand is the pointer to the atomic.
	BuiltinAtomicLoad
	BuiltinAtomicStore
	BuiltinAtomicAdd
	BuiltinAtomicSub
	BuiltinAtomicMax
	BuiltinAtomicMin
	BuiltinAtomicAnd
	BuiltinAtomicOr
	BuiltinAtomicXor
	BuiltinAtomicExchange
	BuiltinAtomicCompareExchangeWeak // Args: [ptr, cmp, value]

	// Synchronisation.
	BuiltinStorageBarrier
	BuiltinTextureBarrier
	BuiltinWorkgroupBarrier
	BuiltinWorkgroupUniformLoad // Args: [ptr]

	// Derivatives (fragment stage).
	BuiltinDpdx
	BuiltinDpdxCoarse
	BuiltinDpdxFine
	BuiltinDpdy
	BuiltinDpdyCoarse
	BuiltinDpdyFine
	BuiltinFwidth
	BuiltinFwidthCoarse
	BuiltinFwidthFine

	// Textures: operands as in WGSL (see TexOperands).
	BuiltinTextureDimensions
	BuiltinTextureGather
	BuiltinTextureGatherCompare
	BuiltinTextureLoad
	BuiltinTextureNumLayers
	BuiltinTextureNumLevels
	BuiltinTextureNumSamples
	BuiltinTextureSample
	BuiltinTextureSampleBias
	BuiltinTextureSampleCompare
	BuiltinTextureSampleCompareLevel
	BuiltinTextureSampleGrad
	BuiltinTextureSampleLevel
	BuiltinTextureSampleBaseClampToEdge
	BuiltinTextureStore

	// Subgroups and quads.
	BuiltinSubgroupAdd
	BuiltinSubgroupExclusiveAdd
	BuiltinSubgroupInclusiveAdd
	BuiltinSubgroupAll
	BuiltinSubgroupAnd
	BuiltinSubgroupAny
	BuiltinSubgroupBallot
	BuiltinSubgroupBroadcast
	BuiltinSubgroupBroadcastFirst
	BuiltinSubgroupElect
	BuiltinSubgroupMax
	BuiltinSubgroupMin
	BuiltinSubgroupMul
	BuiltinSubgroupExclusiveMul
	BuiltinSubgroupInclusiveMul
	BuiltinSubgroupOr
	BuiltinSubgroupShuffle
	BuiltinSubgroupShuffleDown
	BuiltinSubgroupShuffleUp
	BuiltinSubgroupShuffleXor
	BuiltinSubgroupXor
	BuiltinQuadBroadcast
	BuiltinQuadSwapDiagonal
	BuiltinQuadSwapX
	BuiltinQuadSwapY

	numBuiltins
)

var builtinNames = [numBuiltins]string{
	BuiltinInvalid: "invalid",
	BuiltinAll:     "all", BuiltinAny: "any", BuiltinArrayLength: "arrayLength",
	BuiltinAbs: "abs", BuiltinAcos: "acos", BuiltinAcosh: "acosh", BuiltinAsin: "asin",
	BuiltinAsinh: "asinh", BuiltinAtan: "atan", BuiltinAtanh: "atanh", BuiltinAtan2: "atan2",
	BuiltinCeil: "ceil", BuiltinClamp: "clamp", BuiltinCos: "cos", BuiltinCosh: "cosh",
	BuiltinCountLeadingZeros: "countLeadingZeros", BuiltinCountOneBits: "countOneBits",
	BuiltinCountTrailingZeros: "countTrailingZeros", BuiltinCross: "cross",
	BuiltinDegrees: "degrees", BuiltinDeterminant: "determinant", BuiltinDistance: "distance",
	BuiltinDot: "dot", BuiltinDot4U8Packed: "dot4U8Packed", BuiltinDot4I8Packed: "dot4I8Packed",
	BuiltinExp: "exp", BuiltinExp2: "exp2", BuiltinExtractBits: "extractBits",
	BuiltinFaceForward: "faceForward", BuiltinFirstLeadingBit: "firstLeadingBit",
	BuiltinFirstTrailingBit: "firstTrailingBit", BuiltinFloor: "floor", BuiltinFma: "fma",
	BuiltinFract: "fract", BuiltinFrexp: "frexp", BuiltinInsertBits: "insertBits",
	BuiltinInverseSqrt: "inverseSqrt", BuiltinLdexp: "ldexp", BuiltinLength: "length",
	BuiltinLog: "log", BuiltinLog2: "log2", BuiltinMax: "max", BuiltinMin: "min",
	BuiltinMix: "mix", BuiltinModf: "modf", BuiltinNormalize: "normalize", BuiltinPow: "pow",
	BuiltinQuantizeToF16: "quantizeToF16", BuiltinRadians: "radians", BuiltinReflect: "reflect",
	BuiltinRefract: "refract", BuiltinReverseBits: "reverseBits", BuiltinRound: "round",
	BuiltinSaturate: "saturate", BuiltinSign: "sign", BuiltinSin: "sin", BuiltinSinh: "sinh",
	BuiltinSmoothstep: "smoothstep", BuiltinSqrt: "sqrt", BuiltinStep: "step", BuiltinTan: "tan",
	BuiltinTanh: "tanh", BuiltinTranspose: "transpose", BuiltinTrunc: "trunc",
	BuiltinPack4x8Snorm: "pack4x8snorm", BuiltinPack4x8Unorm: "pack4x8unorm",
	BuiltinPack4xI8: "pack4xI8", BuiltinPack4xU8: "pack4xU8", BuiltinPack4xI8Clamp: "pack4xI8Clamp",
	BuiltinPack4xU8Clamp: "pack4xU8Clamp", BuiltinPack2x16Snorm: "pack2x16snorm",
	BuiltinPack2x16Unorm: "pack2x16unorm", BuiltinPack2x16Float: "pack2x16float",
	BuiltinUnpack4x8Snorm: "unpack4x8snorm", BuiltinUnpack4x8Unorm: "unpack4x8unorm",
	BuiltinUnpack4xI8: "unpack4xI8", BuiltinUnpack4xU8: "unpack4xU8",
	BuiltinUnpack2x16Snorm: "unpack2x16snorm", BuiltinUnpack2x16Unorm: "unpack2x16unorm",
	BuiltinUnpack2x16Float: "unpack2x16float",
	BuiltinAtomicLoad:      "atomicLoad", BuiltinAtomicStore: "atomicStore", BuiltinAtomicAdd: "atomicAdd",
	BuiltinAtomicSub: "atomicSub", BuiltinAtomicMax: "atomicMax", BuiltinAtomicMin: "atomicMin",
	BuiltinAtomicAnd: "atomicAnd", BuiltinAtomicOr: "atomicOr", BuiltinAtomicXor: "atomicXor",
	BuiltinAtomicExchange: "atomicExchange", BuiltinAtomicCompareExchangeWeak: "atomicCompareExchangeWeak",
	BuiltinStorageBarrier: "storageBarrier", BuiltinTextureBarrier: "textureBarrier",
	BuiltinWorkgroupBarrier: "workgroupBarrier", BuiltinWorkgroupUniformLoad: "workgroupUniformLoad",
	BuiltinDpdx: "dpdx", BuiltinDpdxCoarse: "dpdxCoarse", BuiltinDpdxFine: "dpdxFine",
	BuiltinDpdy: "dpdy", BuiltinDpdyCoarse: "dpdyCoarse", BuiltinDpdyFine: "dpdyFine",
	BuiltinFwidth: "fwidth", BuiltinFwidthCoarse: "fwidthCoarse", BuiltinFwidthFine: "fwidthFine",
	BuiltinTextureDimensions: "textureDimensions", BuiltinTextureGather: "textureGather",
	BuiltinTextureGatherCompare: "textureGatherCompare", BuiltinTextureLoad: "textureLoad",
	BuiltinTextureNumLayers: "textureNumLayers", BuiltinTextureNumLevels: "textureNumLevels",
	BuiltinTextureNumSamples: "textureNumSamples", BuiltinTextureSample: "textureSample",
	BuiltinTextureSampleBias: "textureSampleBias", BuiltinTextureSampleCompare: "textureSampleCompare",
	BuiltinTextureSampleCompareLevel: "textureSampleCompareLevel",
	BuiltinTextureSampleGrad:         "textureSampleGrad", BuiltinTextureSampleLevel: "textureSampleLevel",
	BuiltinTextureSampleBaseClampToEdge: "textureSampleBaseClampToEdge",
	BuiltinTextureStore:                 "textureStore",
	BuiltinSubgroupAdd:                  "subgroupAdd", BuiltinSubgroupExclusiveAdd: "subgroupExclusiveAdd",
	BuiltinSubgroupInclusiveAdd: "subgroupInclusiveAdd", BuiltinSubgroupAll: "subgroupAll",
	BuiltinSubgroupAnd: "subgroupAnd", BuiltinSubgroupAny: "subgroupAny",
	BuiltinSubgroupBallot: "subgroupBallot", BuiltinSubgroupBroadcast: "subgroupBroadcast",
	BuiltinSubgroupBroadcastFirst: "subgroupBroadcastFirst", BuiltinSubgroupElect: "subgroupElect",
	BuiltinSubgroupMax: "subgroupMax", BuiltinSubgroupMin: "subgroupMin", BuiltinSubgroupMul: "subgroupMul",
	BuiltinSubgroupExclusiveMul: "subgroupExclusiveMul", BuiltinSubgroupInclusiveMul: "subgroupInclusiveMul",
	BuiltinSubgroupOr: "subgroupOr", BuiltinSubgroupShuffle: "subgroupShuffle",
	BuiltinSubgroupShuffleDown: "subgroupShuffleDown", BuiltinSubgroupShuffleUp: "subgroupShuffleUp",
	BuiltinSubgroupShuffleXor: "subgroupShuffleXor", BuiltinSubgroupXor: "subgroupXor",
	BuiltinQuadBroadcast: "quadBroadcast", BuiltinQuadSwapDiagonal: "quadSwapDiagonal",
	BuiltinQuadSwapX: "quadSwapX", BuiltinQuadSwapY: "quadSwapY",
}

func (f BuiltinFunc) String() string {
	if f < numBuiltins {
		return builtinNames[f]
	}
	return fmt.Sprintf("builtin(%d)", int(f))
}

// LookupBuiltin returns the builtin function spelled name in WGSL.
func LookupBuiltin(name string) (BuiltinFunc, bool) {
	for i, n := range builtinNames {
		if i != 0 && n == name {
			return BuiltinFunc(i), true
		}
	}
	return BuiltinInvalid, false
}

// IsAtomic reports whether f is one of the atomic builtins.
func (f BuiltinFunc) IsAtomic() bool {
	return f >= BuiltinAtomicLoad && f <= BuiltinAtomicCompareExchangeWeak
}

// IsTexture reports whether f is a texture builtin.
func (f BuiltinFunc) IsTexture() bool {
	return f >= BuiltinTextureDimensions && f <= BuiltinTextureStore
}

// IsDerivative reports whether f is a derivative builtin.
func (f BuiltinFunc) IsDerivative() bool { return f >= BuiltinDpdx && f <= BuiltinFwidthFine }

// IsSubgroup reports whether f is a subgroup or quad builtin.
func (f BuiltinFunc) IsSubgroup() bool {
	return f >= BuiltinSubgroupAdd && f <= BuiltinQuadSwapY
}

// IsPure reports whether a call of f has no effect besides its result and depends on nothing
// but its operands (so it may be folded, removed when unused or evaluated anywhere).
func (f BuiltinFunc) IsPure() bool {
	switch {
	case f.IsAtomic(), f.IsTexture(), f.IsDerivative(), f.IsSubgroup():
		return false
	}
	switch f {
	case BuiltinArrayLength, BuiltinStorageBarrier, BuiltinTextureBarrier, BuiltinWorkgroupBarrier,
		BuiltinWorkgroupUniformLoad:
		return false
	}
	return f != BuiltinInvalid && f < numBuiltins
}

// BuiltinResultType returns the result type of f applied to arguments of the given types
// (void for functions that return nothing), or nil if it cannot tell (ill-typed arguments).
func BuiltinResultType(f BuiltinFunc, args []types.Type) types.Type {
	arg := func(i int) types.Type {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	a0 := arg(0)
	switch f {
	case BuiltinAll, BuiltinAny, BuiltinSubgroupAll, BuiltinSubgroupAny, BuiltinSubgroupElect:
		return types.Bool
	case BuiltinArrayLength, BuiltinDot4U8Packed,
		BuiltinPack4x8Snorm, BuiltinPack4x8Unorm, BuiltinPack4xI8, BuiltinPack4xU8,
		BuiltinPack4xI8Clamp, BuiltinPack4xU8Clamp, BuiltinPack2x16Snorm, BuiltinPack2x16Unorm,
		BuiltinPack2x16Float:
		return types.U32
	case BuiltinDot4I8Packed:
		return types.I32
	case BuiltinUnpack4x8Snorm, BuiltinUnpack4x8Unorm:
		return types.Vec(4, types.F32)
	case BuiltinUnpack4xI8:
		return types.Vec(4, types.I32)
	case BuiltinUnpack4xU8:
		return types.Vec(4, types.U32)
	case BuiltinUnpack2x16Snorm, BuiltinUnpack2x16Unorm, BuiltinUnpack2x16Float:
		return types.Vec(2, types.F32)
	case BuiltinSubgroupBallot:
		return types.Vec(4, types.U32)
	case BuiltinDeterminant, BuiltinDistance, BuiltinLength, BuiltinDot:
		return types.ElemScalar(a0)
	case BuiltinTranspose:
		if m, ok := a0.(*types.Matrix); ok {
			return types.Mat(m.Rows, m.Cols, m.Elem)
		}
		return nil
	case BuiltinFrexp, BuiltinModf:
		s := types.ElemScalar(a0)
		if s == nil {
			return nil
		}
		n := 1
		if v, ok := a0.(*types.Vector); ok {
			n = v.N
		}
		if f == BuiltinFrexp {
			return types.FrexpResult(n, s)
		}
		return types.ModfResult(n, s)
	case BuiltinAtomicLoad, BuiltinAtomicAdd, BuiltinAtomicSub, BuiltinAtomicMax, BuiltinAtomicMin,
		BuiltinAtomicAnd, BuiltinAtomicOr, BuiltinAtomicXor, BuiltinAtomicExchange:
		if p, ok := a0.(*types.Pointer); ok {
			if a, ok := p.Elem.(*types.Atomic); ok {
				return a.Elem
			}
		}
		return nil
	case BuiltinAtomicCompareExchangeWeak:
		if p, ok := a0.(*types.Pointer); ok {
			if a, ok := p.Elem.(*types.Atomic); ok {
				return types.AtomicCompareExchangeResult(a.Elem)
			}
		}
		return nil
	case BuiltinAtomicStore, BuiltinStorageBarrier, BuiltinTextureBarrier, BuiltinWorkgroupBarrier:
		return types.VoidType
	case BuiltinWorkgroupUniformLoad:
		if p, ok := a0.(*types.Pointer); ok {
			if a, ok := p.Elem.(*types.Atomic); ok {
				return a.Elem
			}
			return p.Elem
		}
		return nil
	case BuiltinCountLeadingZeros, BuiltinCountOneBits, BuiltinCountTrailingZeros,
		BuiltinFirstLeadingBit, BuiltinFirstTrailingBit, BuiltinReverseBits, BuiltinExtractBits,
		BuiltinInsertBits:
		return a0
	case BuiltinQuantizeToF16:
		return a0
	}
	if f.IsTexture() {
		return TextureResultType(f, args)
	}
	// Everything else has its first operand's type: the component-wise functions (clamp, min,
	// max, fma, abs, trigonometry, derivatives, subgroup operations...), the geometric ones
	// (cross, normalize, reflect, refract, faceForward) and those whose other operands may be
	// scalars (mix with a scalar factor, ldexp's exponent).
	return a0
}
