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
	if !e.constLE(lo, hi) {
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

// constLE reports whether a and b are constants (scalars or vectors) with a <= b in every
// component. NaNs compare false.
func (e *emitter) constLE(a, b ir.Value) bool {
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
			if !(fx <= fy) {
				return false
			}
		case types.KindF16:
			fx, fy := ir.F16ToF32(uint16(x)), ir.F16ToF32(uint16(y))
			if !(fx <= fy) {
				return false
			}
		case types.KindI32:
			if int32(uint32(x)) > int32(uint32(y)) {
				return false
			}
		case types.KindU32:
			if uint32(x) > uint32(y) {
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
