package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// textureRobustness keeps texel accesses in bounds, as Tint does. A textureLoad gets its
// level clamped to [0, textureNumLevels - 1], then its coordinates to the size of that
// level less one, its array index to the layer count less one and its sample index to the
// sample count less one (all as u32, so that negative values clamp to the top: WGSL lets
// an invalid address read any texel in bounds). A textureStore to an invalid address is not
// executed: it goes in an if.
func textureRobustness(m *ir.Module, b *ir.Builder, texels []*ir.Inst) {
	drop := map[*ir.Inst]bool{}
	for _, in := range texels {
		ts := make([]types.Type, len(in.Args))
		for i, a := range in.Args {
			ts[i] = m.Type(a)
		}
		o, ok := ir.TextureOperands(in.Builtin(), ts)
		if !ok {
			continue
		}
		tex := ts[o.Texture].(*types.Texture)
		if tex.Kind == types.TexExternal {
			continue // ExternalTextures clamps its own loads
		}
		b.SetInsertBefore(in)
		t := in.Args[o.Texture]
		u32 := func(v ir.Value) ir.Value {
			if s := types.ElemScalar(m.Type(v)); s != types.U32 {
				ut := types.Type(types.U32)
				if vt, ok := m.Type(v).(*types.Vector); ok {
					ut = types.Vec(vt.N, types.U32)
				}
				return b.Convert(ut, v)
			}
			return v
		}
		last := func(fn builtins.Fn) ir.Value {
			return b.Sub(b.BuiltinT(fn, types.U32, t), m.ConstU32(1))
		}
		coords := u32(in.Args[o.Coords])
		var size ir.Value
		if o.Level >= 0 && isConstZero(m, in.Args[o.Level]) {
			// Level 0 always exists: nothing to clamp.
			size = b.Builtin(builtins.FnTextureDimensions, t)
		} else if o.Level >= 0 {
			level := b.Builtin(builtins.FnMin, u32(in.Args[o.Level]), last(builtins.FnTextureNumLevels))
			in.Args[o.Level] = level
			size = b.Builtin(builtins.FnTextureDimensions, t, level)
		} else {
			size = b.Builtin(builtins.FnTextureDimensions, t)
		}
		if in.Builtin() == builtins.FnTextureStore {
			inside := b.Lt(coords, size)
			if _, vec := m.Type(inside).(*types.Vector); vec {
				inside = b.Builtin(builtins.FnAll, inside)
			}
			if o.ArrayIndex >= 0 {
				inside = b.And(inside, b.Lt(u32(in.Args[o.ArrayIndex]), b.BuiltinT(builtins.FnTextureNumLayers, types.U32, t)))
			}
			guard(m, b, in, inside)
			drop[in] = true
			continue
		}
		in.Args[o.Coords] = b.Builtin(builtins.FnMin, coords, b.Sub(size, m.ConstSplat(m.Type(size), m.ConstU32(1))))
		if o.ArrayIndex >= 0 {
			in.Args[o.ArrayIndex] = b.Builtin(builtins.FnMin, u32(in.Args[o.ArrayIndex]), last(builtins.FnTextureNumLayers))
		}
		if o.SampleIndex >= 0 {
			in.Args[o.SampleIndex] = b.Builtin(builtins.FnMin, u32(in.Args[o.SampleIndex]), last(builtins.FnTextureNumSamples))
		}
	}
	if len(drop) > 0 {
		ir.RemoveInsts(m, func(in *ir.Inst) bool { return drop[in] })
	}
}

// isConstZero reports whether v is the constant 0 (of an integer type).
func isConstZero(m *ir.Module, v ir.Value) bool {
	c := m.Const(v)
	return c != nil && c.Scalar() != nil && c.Scalar().IsInteger() && c.Bits == 0
}
