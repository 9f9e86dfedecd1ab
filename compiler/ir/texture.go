package ir

import (
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
// checks the operand count and the texture, not every operand type; see TextureResultType).
func TextureOperands(fn BuiltinFunc, args []types.Type) (TexOperands, bool) {
	o := TexOperands{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
	if !fn.IsTexture() {
		return o, false
	}
	i := 0
	next := func() int { i++; return i - 1 }
	if fn == BuiltinTextureGather && len(args) > 0 {
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
	case BuiltinTextureGather, BuiltinTextureGatherCompare, BuiltinTextureSample, BuiltinTextureSampleBias,
		BuiltinTextureSampleCompare, BuiltinTextureSampleCompareLevel, BuiltinTextureSampleGrad,
		BuiltinTextureSampleLevel, BuiltinTextureSampleBaseClampToEdge:
		sampling = true
		o.Sampler = next()
	}
	switch fn {
	case BuiltinTextureDimensions:
		if len(args) == 2 {
			o.Level = next()
		}
		return o, len(args) == i
	case BuiltinTextureNumLayers, BuiltinTextureNumLevels, BuiltinTextureNumSamples:
		return o, len(args) == i
	}
	o.Coords = next()
	if tex.Dim.IsArrayed() {
		o.ArrayIndex = next()
	}
	switch fn {
	case BuiltinTextureSampleBias:
		o.Bias = next()
	case BuiltinTextureSampleCompare, BuiltinTextureSampleCompareLevel, BuiltinTextureGatherCompare:
		o.DepthRef = next()
	case BuiltinTextureSampleGrad:
		o.DdX, o.DdY = next(), next()
	case BuiltinTextureSampleLevel:
		o.Level = next()
	case BuiltinTextureLoad:
		switch tex.Kind {
		case types.TexMultisampled, types.TexDepthMultisampled:
			o.SampleIndex = next()
		case types.TexSampled, types.TexDepth:
			o.Level = next()
		}
	case BuiltinTextureStore:
		o.Value = next()
	}
	if sampling && fn != BuiltinTextureSampleBaseClampToEdge && len(args) == i+1 {
		o.Offset = next()
	}
	return o, len(args) == i
}

// TextureResultType is the result type of texture builtin fn applied to arguments of the
// given types (void for textureStore), or nil when they are not a valid call.
func TextureResultType(fn BuiltinFunc, args []types.Type) types.Type {
	o, ok := TextureOperands(fn, args)
	if !ok {
		return nil
	}
	tex := args[o.Texture].(*types.Texture)
	depth := tex.Kind == types.TexDepth || tex.Kind == types.TexDepthMultisampled
	switch fn {
	case BuiltinTextureDimensions:
		switch tex.Dim {
		case types.Dim1D:
			return types.U32
		case types.Dim3D:
			return types.Vec(3, types.U32)
		}
		return types.Vec(2, types.U32)
	case BuiltinTextureNumLayers, BuiltinTextureNumLevels, BuiltinTextureNumSamples:
		return types.U32
	case BuiltinTextureStore:
		return types.VoidType
	case BuiltinTextureGather, BuiltinTextureGatherCompare:
		return types.Vec(4, TexelType(tex))
	case BuiltinTextureSampleCompare, BuiltinTextureSampleCompareLevel:
		return types.F32
	}
	if depth {
		return types.F32
	}
	return types.Vec(4, TexelType(tex))
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
func (v *validator) texture(in *Inst, fn BuiltinFunc, ts []types.Type) {
	o, ok := TextureOperands(fn, ts)
	if !ok {
		v.errorf("%s: operands %v fit no overload", fn, ts)
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
			tex.Kind == types.TexExternal && fn == BuiltinTextureSampleBaseClampToEdge)
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
		want(o.Level, "level", fn == BuiltinTextureSampleLevel && !depth && ts[o.Level] == types.Type(types.F32) ||
			(fn != BuiltinTextureSampleLevel || depth) && isInt(o.Level))
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
	if fn == BuiltinTextureLoad && tex.Kind == types.TexStorage {
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
