package backend

import (
	"math"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// clampOp returns GLSL.std.450's clamp for s when clamp(e, lo, hi) may use it: lo and hi
// constants with lo <= hi in every component, where FClamp, UClamp and SClamp compute
// WGSL's min(max(e, lo), hi) (they are undefined only for lo > hi). It returns false
// otherwise.
func (e *emitter) clampOp(s *types.Scalar, lo, hi ir.Value) (spirv.GLSLstd450, bool) {
	if !e.constBelow(lo, hi, false) {
		return 0, false
	}
	switch {
	case s.IsFloat():
		return spirv.GLSLstd450FClamp, true
	case s.Kind == types.KindI32:
		return spirv.GLSLstd450SClamp, true
	}
	return spirv.GLSLstd450UClamp, true
}

// smoothstep emits WGSL's smoothstep(e0, e1, x). GLSL's SmoothStep is undefined when
// e0 >= e1, WGSL's descends from 1 to 0 when e0 > e1: so only constant edges with e0 < e1
// in every component use it, others get WGSL's formula t * t * (3 - 2 * t), where
// t = clamp((x - e0) / (e1 - e0), 0, 1).
func (e *emitter) smoothstep(rt types.Type, in *ir.Inst, args []spirv.ID) spirv.ID {
	if e.constBelow(in.Args[0], in.Args[1], true) {
		return e.glsl(rt, spirv.GLSLstd450SmoothStep, args...)
	}
	s := types.ElemScalar(rt)
	t := e.typeID(rt)
	e0, e1, x := args[0], args[1], args[2]
	r := e.emit(spirv.OpFDiv, t, e.emit(spirv.OpFSub, t, x, e0), e.emit(spirv.OpFSub, t, e1, e0))
	r = e.glsl(rt, spirv.GLSLstd450FClamp, r, e.splatConst(rt, s, 0), e.splatConst(rt, s, 1))
	poly := e.emit(spirv.OpFSub, t, e.splatConst(rt, s, 3), e.emit(spirv.OpFMul, t, e.splatConst(rt, s, 2), r))
	return e.emit(spirv.OpFMul, t, e.emit(spirv.OpFMul, t, r, r), poly)
}

// constBelow reports whether a and b are constants (scalars or vectors) with a <= b (a < b
// when strict) in every component. NaNs compare false.
func (e *emitter) constBelow(a, b ir.Value, strict bool) bool {
	ca, cb := e.m.Const(a), e.m.Const(b)
	if ca == nil || cb == nil || !types.Identical(ca.Type, cb.Type) {
		return false
	}
	s := types.ElemScalar(ca.Type)
	n := 1
	switch t := ca.Type.(type) {
	case *types.Vector:
		n = t.N
	case *types.Scalar:
	default:
		return false
	}
	for i := 0; i < n; i++ {
		x, ok1 := e.componentBits(ca, i)
		y, ok2 := e.componentBits(cb, i)
		if !ok1 || !ok2 {
			return false
		}
		switch s.Kind {
		case types.KindF32:
			fx, fy := math.Float32frombits(uint32(x)), math.Float32frombits(uint32(y))
			if !(fx < fy || !strict && fx == fy) {
				return false
			}
		case types.KindF16:
			fx, fy := ir.F16ToF32(uint16(x)), ir.F16ToF32(uint16(y))
			if !(fx < fy || !strict && fx == fy) {
				return false
			}
		case types.KindI32:
			if !(int32(uint32(x)) < int32(uint32(y)) || !strict && x == y) {
				return false
			}
		case types.KindU32:
			if !(uint32(x) < uint32(y) || !strict && x == y) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// componentBits returns the bits of component i of a scalar or vector constant.
func (e *emitter) componentBits(c *ir.Constant, i int) (uint64, bool) {
	if _, ok := c.Type.(*types.Scalar); ok {
		return c.Bits, true
	}
	if c.Elems == nil {
		return 0, true // the zero vector
	}
	if i >= len(c.Elems) {
		return 0, false
	}
	if x := e.m.Const(c.Elems[i]); x != nil {
		return x.Bits, true
	}
	return 0, false
}
