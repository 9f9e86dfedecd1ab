package ir

import (
	"slices"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TexOperands says where each operand of a texture builtin call is in its Args: the index,
// or -1 when the overload has no such operand. The operands are WGSL's, in WGSL's order:
//
//	textureGather(component, t, s, coords[, array_index][, offset])   (component: not for depth)
//	textureGatherCompare(t, s, coords[, array_index], depth_ref[, offset])
//	textureSample(t, s, coords[, array_index][, offset])
//	textureSampleBias(t, s, coords[, array_index], bias[, offset])
//	textureSampleCompare(t, s, coords[, array_index], depth_ref[, offset])
//	textureSampleCompareLevel(t, s, coords[, array_index], depth_ref[, offset])
//	textureSampleGrad(t, s, coords[, array_index], ddx, ddy[, offset])
//	textureSampleLevel(t, s, coords[, array_index], level[, offset])
//	textureSampleBaseClampToEdge(t, s, coords)
//	textureLoad(t, coords[, array_index][, level | sample_index])
//	textureStore(t, coords[, array_index], value)
//	textureDimensions(t[, level])
//	textureNumLayers(t), textureNumLevels(t), textureNumSamples(t)
//
// An array_index is present exactly for arrayed textures. Offsets and gather components
// are constants.
type TexOperands struct {
	Component, Texture, Sampler, Coords, ArrayIndex      int
	Level, SampleIndex, Bias, DdX, DdY, DepthRef, Offset int
	Value                                                int
}

// TextureOperands locates the operands of a call of texture builtin fn with arguments of
// types args. It reports false when the arguments do not fit any overload's shape (it
// checks the operand count and the texture, not every operand type; see BuiltinResultType).
func TextureOperands(fn builtins.Fn, args []types.Type) (TexOperands, bool) {
	o := TexOperands{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
	if fn.Class() != builtins.ClassTexture {
		return o, false
	}
	i := 0
	next := func() int { i++; return i - 1 }
	if fn == builtins.FnTextureGather && len(args) > 0 {
		if _, ok := args[0].(*types.Texture); !ok {
			o.Component = next()
		}
	}
	if i >= len(args) {
		return o, false
	}
	tex, ok := args[i].(*types.Texture)
	if !ok {
		return o, false
	}
	o.Texture = next()
	sampling := false
	switch fn {
	case builtins.FnTextureGather, builtins.FnTextureGatherCompare, builtins.FnTextureSample, builtins.FnTextureSampleBias,
		builtins.FnTextureSampleCompare, builtins.FnTextureSampleCompareLevel, builtins.FnTextureSampleGrad,
		builtins.FnTextureSampleLevel, builtins.FnTextureSampleBaseClampToEdge:
		sampling = true
		o.Sampler = next()
	}
	switch fn {
	case builtins.FnTextureDimensions:
		if len(args) == 2 {
			o.Level = next()
		}
		return o, len(args) == i
	case builtins.FnTextureNumLayers, builtins.FnTextureNumLevels, builtins.FnTextureNumSamples:
		return o, len(args) == i
	}
	o.Coords = next()
	if tex.Dim.IsArrayed() {
		o.ArrayIndex = next()
	}
	switch fn {
	case builtins.FnTextureSampleBias:
		o.Bias = next()
	case builtins.FnTextureSampleCompare, builtins.FnTextureSampleCompareLevel, builtins.FnTextureGatherCompare:
		o.DepthRef = next()
	case builtins.FnTextureSampleGrad:
		o.DdX, o.DdY = next(), next()
	case builtins.FnTextureSampleLevel:
		o.Level = next()
	case builtins.FnTextureLoad:
		switch tex.Kind {
		case types.TexMultisampled, types.TexDepthMultisampled:
			o.SampleIndex = next()
		case types.TexSampled, types.TexDepth:
			o.Level = next()
		}
	case builtins.FnTextureStore:
		o.Value = next()
	}
	if sampling && fn != builtins.FnTextureSampleBaseClampToEdge && len(args) == i+1 {
		o.Offset = next()
	}
	return o, len(args) == i
}

// TexelType is the type of the texels a texture holds as the shader sees them: the
// sampled type of sampled and multisampled textures, f32 for depth and external textures,
// the channel type of a storage texture's format.
func TexelType(t *types.Texture) *types.Scalar {
	switch t.Kind {
	case types.TexSampled, types.TexMultisampled:
		return t.Sampled
	case types.TexStorage:
		return t.Format.ChannelType()
	}
	return types.F32
}

// texture checks the operands of a texture builtin call beyond their count: the sampler
// kind, the shapes and scalar kinds of coordinates, indices, levels and references, and
// constant offsets and components.
func (v *validator) texture(in *Inst, fn builtins.Fn, ts []types.Type) {
	o, ok := TextureOperands(fn, ts)
	if !ok {
		v.errorf("%s: operands %v fit no overload", fn, slices.Clone(ts))
		return
	}
	tex := ts[o.Texture].(*types.Texture)
	depth := tex.Kind == types.TexDepth || tex.Kind == types.TexDepthMultisampled
	want := func(i int, what string, ok bool) {
		if i >= 0 && !ok {
			v.errorf("%s: %s of type %v for %v", fn, what, ts[i], tex)
		}
	}
	isInt := func(i int) bool {
		return i < 0 || ts[i] == types.Type(types.I32) || ts[i] == types.Type(types.U32)
	}
	n := tex.Dim.Coords()
	floatN := func(t types.Type, n int) bool {
		if n == 1 {
			return t == types.Type(types.F32)
		}
		vt, ok := t.(*types.Vector)
		return ok && vt.N == n && vt.Elem == types.F32
	}
	intN := func(t types.Type, n int) bool {
		s := types.ElemScalar(t)
		if s != types.I32 && s != types.U32 {
			return false
		}
		if n == 1 {
			_, ok := t.(*types.Scalar)
			return ok
		}
		vt, ok := t.(*types.Vector)
		return ok && vt.N == n
	}
	if o.Sampler >= 0 {
		s, ok := ts[o.Sampler].(*types.Sampler)
		compare := o.DepthRef >= 0
		want(o.Sampler, "sampler", ok && s.Comparison == compare)
		want(o.Texture, "texture", tex.Kind == types.TexSampled || tex.Kind == types.TexDepth ||
			tex.Kind == types.TexExternal && fn == builtins.FnTextureSampleBaseClampToEdge)
		want(o.Coords, "coordinates", floatN(ts[o.Coords], n))
	} else if o.Coords >= 0 {
		want(o.Coords, "coordinates", intN(ts[o.Coords], n))
	}
	want(o.ArrayIndex, "array index", isInt(o.ArrayIndex))
	want(o.SampleIndex, "sample index", isInt(o.SampleIndex))
	want(o.Bias, "bias", o.Bias < 0 || ts[o.Bias] == types.Type(types.F32))
	want(o.DepthRef, "depth reference", o.DepthRef < 0 || ts[o.DepthRef] == types.Type(types.F32))
	want(o.DdX, "ddx", o.DdX < 0 || floatN(ts[o.DdX], n))
	want(o.DdY, "ddy", o.DdY < 0 || floatN(ts[o.DdY], n))
	if o.Level >= 0 {
		// Sampling non-depth textures takes an f32 level; everything else an integer one.
		want(o.Level, "level", fn == builtins.FnTextureSampleLevel && !depth && ts[o.Level] == types.Type(types.F32) ||
			(fn != builtins.FnTextureSampleLevel || depth) && isInt(o.Level))
	}
	if o.Offset >= 0 {
		vt, ok := ts[o.Offset].(*types.Vector)
		want(o.Offset, "offset", ok && vt.Elem == types.I32 && vt.N == n && v.m.Const(in.Args[o.Offset]) != nil)
	}
	if o.Component >= 0 {
		want(o.Component, "component", isInt(o.Component) && v.m.Const(in.Args[o.Component]) != nil)
	}
	if o.Value >= 0 {
		want(o.Texture, "texture", tex.Kind == types.TexStorage && tex.Access.CanWrite())
		want(o.Value, "value", types.Identical(ts[o.Value], types.Vec(4, TexelType(tex))))
	}
	if fn == builtins.FnTextureLoad && tex.Kind == types.TexStorage {
		want(o.Texture, "texture", tex.Access.CanRead())
	}
}

// isHandle reports whether t is a texture or sampler type.
func isHandle(t types.Type) bool {
	switch t.(type) {
	case *types.Texture, *types.Sampler:
		return true
	}
	return false
}
