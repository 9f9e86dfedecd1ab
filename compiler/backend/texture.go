package backend

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Textures are OpTypeImage values and samplers OpTypeSampler values: the IR loads them from
// their UniformConstant variables and passes them around like any value. Sampling combines
// the two with OpSampledImage right before the sampling instruction, in the same block as
// SPIR-V requires.

// imageType returns the OpTypeImage of a texture type and declares the capabilities it needs.
func (e *emitter) imageType(t *types.Texture) spirv.ID {
	b := e.b
	it := spirv.ImageType{SampledType: e.typeID(ir.TexelType(t)), Sampled: 1, Format: spirv.ImageFormatUnknown}
	switch t.Dim {
	case types.Dim1D:
		it.Dim = spirv.Dim1D
		if t.Kind == types.TexStorage {
			b.Capability(spirv.CapabilityImage1D)
		} else {
			b.Capability(spirv.CapabilitySampled1D)
		}
	case types.Dim2D, types.Dim2DArray:
		it.Dim = spirv.Dim2D
	case types.Dim3D:
		it.Dim = spirv.Dim3D
	case types.DimCube, types.DimCubeArray:
		it.Dim = spirv.DimCube
		if t.Dim == types.DimCubeArray {
			b.Capability(spirv.CapabilitySampledCubeArray)
		}
	}
	it.Arrayed = t.Dim.IsArrayed()
	switch t.Kind {
	case types.TexMultisampled:
		it.Multisampled = true
	case types.TexDepth:
		it.Depth = 1
	case types.TexDepthMultisampled:
		it.Depth, it.Multisampled = 1, true
	case types.TexStorage:
		it.Sampled = 2
		f, ok := storageFormat(t.Format)
		if !ok {
			e.fail("texel format %v has no SPIR-V image format", t.Format)
		}
		it.Format = f
		switch {
		case f == spirv.ImageFormatUnknown:
			// bgra8unorm: the format comes from the view.
			if t.Access.CanRead() {
				b.Capability(spirv.CapabilityStorageImageReadWithoutFormat)
			}
			if t.Access.CanWrite() {
				b.Capability(spirv.CapabilityStorageImageWriteWithoutFormat)
			}
		case !baseStorageFormat(f):
			b.Capability(spirv.CapabilityStorageImageExtendedFormats)
		}
	case types.TexExternal:
		e.internal("texture_external must be expanded by transform.ExternalTextures before the backend")
	}
	return b.TypeImage(it)
}

// storageFormat is the SPIR-V image format of a WGSL texel format.
func storageFormat(f types.TexelFormat) (spirv.ImageFormat, bool) {
	if f == types.FormatNone || int(f) >= len(storageFormats) {
		return 0, false
	}
	return storageFormats[f], true
}

// storageFormats are the SPIR-V image formats of the WGSL texel formats, by format (every
// one has one: TestStorageFormats): an array is data in the binary, where a map would be
// built when every process starts.
var storageFormats = [...]spirv.ImageFormat{
	types.Rgba8unorm: spirv.ImageFormatRgba8, types.Rgba8snorm: spirv.ImageFormatRgba8Snorm,
	types.Rgba8uint: spirv.ImageFormatRgba8ui, types.Rgba8sint: spirv.ImageFormatRgba8i,
	types.Rgba16unorm: spirv.ImageFormatRgba16, types.Rgba16snorm: spirv.ImageFormatRgba16Snorm,
	types.Rgba16uint: spirv.ImageFormatRgba16ui, types.Rgba16sint: spirv.ImageFormatRgba16i,
	types.Rgba16float: spirv.ImageFormatRgba16f,
	types.Rg8unorm:    spirv.ImageFormatRg8, types.Rg8snorm: spirv.ImageFormatRg8Snorm,
	types.Rg8uint: spirv.ImageFormatRg8ui, types.Rg8sint: spirv.ImageFormatRg8i,
	types.Rg16unorm: spirv.ImageFormatRg16, types.Rg16snorm: spirv.ImageFormatRg16Snorm,
	types.Rg16uint: spirv.ImageFormatRg16ui, types.Rg16sint: spirv.ImageFormatRg16i,
	types.Rg16float: spirv.ImageFormatRg16f,
	types.R32uint:   spirv.ImageFormatR32ui, types.R32sint: spirv.ImageFormatR32i, types.R32float: spirv.ImageFormatR32f,
	types.Rg32uint: spirv.ImageFormatRg32ui, types.Rg32sint: spirv.ImageFormatRg32i, types.Rg32float: spirv.ImageFormatRg32f,
	types.Rgba32uint: spirv.ImageFormatRgba32ui, types.Rgba32sint: spirv.ImageFormatRgba32i,
	types.Rgba32float: spirv.ImageFormatRgba32f,
	types.Bgra8unorm:  spirv.ImageFormatUnknown,
	types.R8unorm:     spirv.ImageFormatR8, types.R8snorm: spirv.ImageFormatR8Snorm,
	types.R8uint: spirv.ImageFormatR8ui, types.R8sint: spirv.ImageFormatR8i,
	types.R16unorm: spirv.ImageFormatR16, types.R16snorm: spirv.ImageFormatR16Snorm,
	types.R16uint: spirv.ImageFormatR16ui, types.R16sint: spirv.ImageFormatR16i, types.R16float: spirv.ImageFormatR16f,
	types.Rgb10a2unorm: spirv.ImageFormatRgb10A2, types.Rgb10a2uint: spirv.ImageFormatRgb10a2ui,
	types.Rg11b10ufloat: spirv.ImageFormatR11fG11fB10f,
}

// baseStorageFormat reports whether storage images of format f need only the Shader
// capability (SPIR-V 2.2.2's table; the others need StorageImageExtendedFormats).
func baseStorageFormat(f spirv.ImageFormat) bool {
	switch f {
	case spirv.ImageFormatRgba32f, spirv.ImageFormatRgba16f, spirv.ImageFormatR32f, spirv.ImageFormatRgba8,
		spirv.ImageFormatRgba8Snorm, spirv.ImageFormatRgba32i, spirv.ImageFormatRgba16i, spirv.ImageFormatRgba8i,
		spirv.ImageFormatR32i, spirv.ImageFormatRgba32ui, spirv.ImageFormatRgba16ui, spirv.ImageFormatRgba8ui,
		spirv.ImageFormatR32ui:
		return true
	}
	return false
}

// handleDecorations marks storage texture variables that are never read or never written.
func (e *emitter) handleDecorations(g *ir.Global, v spirv.ID) {
	t, ok := g.Type.(*types.Texture)
	if !ok || t.Kind != types.TexStorage {
		return
	}
	if !t.Access.CanRead() {
		e.b.Decorate(v, spirv.DecorationNonReadable)
	}
	if !t.Access.CanWrite() {
		e.b.Decorate(v, spirv.DecorationNonWritable)
	}
}

// texCall is one texture builtin call being emitted.
type texCall struct {
	e   *emitter
	in  *ir.Inst
	fn  builtins.Fn
	o   ir.TexOperands
	tex *types.Texture
	img spirv.ID
}

func (c *texCall) arg(i int) spirv.ID { return c.e.operand(c.in.Args[i]) }

func (c *texCall) argType(i int) types.Type { return c.e.typeOf(c.in.Args[i]) }

// texture emits a texture builtin with result type rt.
func (e *emitter) texture(in *ir.Inst, fn builtins.Fn, rt types.Type) spirv.ID {
	ts := make([]types.Type, len(in.Args))
	for i, a := range in.Args {
		ts[i] = e.typeOf(a)
	}
	o, ok := ir.TextureOperands(fn, ts)
	if !ok {
		e.internal("%s: operands %v fit no overload", fn, ts)
	}
	c := &texCall{e: e, in: in, fn: fn, o: o, tex: ts[o.Texture].(*types.Texture)}
	if c.tex.Kind == types.TexExternal {
		e.internal("%s of texture_external: run transform.ExternalTextures before the backend", fn)
	}
	c.img = c.arg(o.Texture)
	switch fn {
	case builtins.FnTextureDimensions:
		return c.dimensions()
	case builtins.FnTextureNumLayers:
		size := c.querySize(0)
		n := c.sizeComponents()
		return e.emit(spirv.OpCompositeExtract, e.u32, size, uint32(n-1))
	case builtins.FnTextureNumLevels:
		e.b.Capability(spirv.CapabilityImageQuery)
		return e.emit(spirv.OpImageQueryLevels, e.u32, c.img)
	case builtins.FnTextureNumSamples:
		e.b.Capability(spirv.CapabilityImageQuery)
		return e.emit(spirv.OpImageQuerySamples, e.u32, c.img)
	case builtins.FnTextureLoad:
		return c.load(rt)
	case builtins.FnTextureStore:
		e.fn.f.Emit(spirv.OpImageWrite, 0, c.img, c.intCoords(), c.arg(o.Value))
		return 0
	}
	return c.sample(rt)
}

// sizeComponents is the number of components OpImageQuerySize(Lod) gives: the
// dimension's coordinates (two for cubes) and the layer count of arrayed textures.
func (c *texCall) sizeComponents() int {
	n := c.tex.Dim.Coords()
	if c.tex.Dim == types.DimCube || c.tex.Dim == types.DimCubeArray {
		n = 2
	}
	if c.tex.Dim.IsArrayed() {
		n++
	}
	return n
}

// querySize emits the size query of level (0 for level 0), as a u32 scalar or vector.
func (c *texCall) querySize(level spirv.ID) spirv.ID {
	e := c.e
	e.b.Capability(spirv.CapabilityImageQuery)
	n := c.sizeComponents()
	t := e.u32
	if n > 1 {
		t = e.typeID(types.Vec(n, types.U32))
	}
	switch c.tex.Kind {
	case types.TexStorage, types.TexMultisampled, types.TexDepthMultisampled:
		return e.emit(spirv.OpImageQuerySize, t, c.img)
	}
	if level == 0 {
		level = e.constU32(0)
	}
	return e.emit(spirv.OpImageQuerySizeLod, t, c.img, level)
}

func (c *texCall) dimensions() spirv.ID {
	e := c.e
	var level spirv.ID
	if c.o.Level >= 0 {
		level = c.arg(c.o.Level)
	}
	size := c.querySize(level)
	if !c.tex.Dim.IsArrayed() {
		return size
	}
	// Drop the layer count.
	return e.emit(spirv.OpVectorShuffle, e.typeID(types.Vec(2, types.U32)), size, size, 0, 1)
}

// intCoords returns the integer texel coordinates of a load or store, with the array index
// appended (converted to the coordinates' scalar type).
func (c *texCall) intCoords() spirv.ID {
	e := c.e
	coords := c.arg(c.o.Coords)
	if c.o.ArrayIndex < 0 {
		return coords
	}
	ct := c.argType(c.o.Coords)
	s := types.ElemScalar(ct)
	idx := c.arg(c.o.ArrayIndex)
	if c.argType(c.o.ArrayIndex) != types.Type(s) {
		idx = e.emit(spirv.OpBitcast, e.typeID(s), idx)
	}
	n := c.tex.Dim.Coords()
	return e.emit(spirv.OpCompositeConstruct, e.typeID(types.Vec(n+1, s)), coords, idx)
}

// floatCoords returns the sampling coordinates, with the array index appended as a float.
func (c *texCall) floatCoords() spirv.ID {
	e := c.e
	coords := c.arg(c.o.Coords)
	if c.o.ArrayIndex < 0 {
		return coords
	}
	idx := e.convert(types.F32, c.argType(c.o.ArrayIndex), c.arg(c.o.ArrayIndex))
	n := c.tex.Dim.Coords()
	return e.emit(spirv.OpCompositeConstruct, e.typeID(types.Vec(n+1, types.F32)), coords, idx)
}

func (c *texCall) load(rt types.Type) spirv.ID {
	e := c.e
	coords := c.intCoords()
	vt := e.typeID(types.Vec(4, ir.TexelType(c.tex)))
	var v spirv.ID
	switch {
	case c.tex.Kind == types.TexStorage:
		return e.emit(spirv.OpImageRead, vt, c.img, coords)
	case c.o.SampleIndex >= 0:
		v = e.emit(spirv.OpImageFetch, vt, c.img, coords, uint32(spirv.ImageOperandsSample), c.arg(c.o.SampleIndex))
	default:
		v = e.emit(spirv.OpImageFetch, vt, c.img, coords, uint32(spirv.ImageOperandsLod), c.arg(c.o.Level))
	}
	if _, ok := rt.(*types.Scalar); ok {
		return e.emit(spirv.OpCompositeExtract, e.typeID(rt), v, 0)
	}
	return v
}

// sample emits the sampling and gathering functions.
func (c *texCall) sample(rt types.Type) spirv.ID {
	e, o := c.e, c.o
	imgType := e.typeID(c.tex)
	si := e.emit(spirv.OpSampledImage, e.b.TypeSampledImage(imgType), c.img, c.arg(o.Sampler))
	coords := c.floatCoords()
	var mask spirv.ImageOperands
	var ops []spirv.ID
	add := func(bit spirv.ImageOperands, ids ...spirv.ID) {
		mask |= bit
		ops = append(ops, ids...)
	}
	f32 := e.typeID(types.F32)
	switch c.fn {
	case builtins.FnTextureSampleBias:
		add(spirv.ImageOperandsBias, c.arg(o.Bias))
	case builtins.FnTextureSampleLevel:
		level := c.arg(o.Level)
		if lt := c.argType(o.Level); lt != types.Type(types.F32) {
			level = e.convert(types.F32, lt, level)
		}
		add(spirv.ImageOperandsLod, level)
	case builtins.FnTextureSampleGrad:
		add(spirv.ImageOperandsGrad, c.arg(o.DdX), c.arg(o.DdY))
	case builtins.FnTextureSampleCompareLevel:
		add(spirv.ImageOperandsLod, e.value(e.m.ConstF32(0)))
	case builtins.FnTextureSampleBaseClampToEdge:
		// Clamp to half a texel inside the edges of level 0, so that linear filtering never
		// reaches the other edge, then sample level 0.
		v2 := types.Vec(2, types.F32)
		size := e.convert(v2, types.Vec(2, types.U32), c.querySize(0))
		half := e.emit(spirv.OpFDiv, e.typeID(v2), e.splatConst(v2, types.F32, 0.5), size)
		upper := e.emit(spirv.OpFSub, e.typeID(v2), e.splatConst(v2, types.F32, 1), half)
		coords = e.glsl(v2, spirv.GLSLstd450FClamp, coords, half, upper)
		add(spirv.ImageOperandsLod, e.value(e.m.ConstF32(0)))
	}
	if o.Offset >= 0 {
		if e.m.Const(c.in.Args[o.Offset]) == nil {
			e.fail("%s: the offset must be a constant", c.fn)
		}
		add(spirv.ImageOperandsConstOffset, e.value(c.in.Args[o.Offset]))
	}
	depth := c.tex.Kind == types.TexDepth
	vt := e.typeID(types.Vec(4, ir.TexelType(c.tex)))
	var op spirv.Op
	head := []spirv.ID{si, coords}
	switch c.fn {
	case builtins.FnTextureSample, builtins.FnTextureSampleBias:
		op = spirv.OpImageSampleImplicitLod
	case builtins.FnTextureSampleLevel, builtins.FnTextureSampleGrad, builtins.FnTextureSampleBaseClampToEdge:
		op = spirv.OpImageSampleExplicitLod
	case builtins.FnTextureSampleCompare:
		op, vt = spirv.OpImageSampleDrefImplicitLod, f32
		head = append(head, c.arg(o.DepthRef))
	case builtins.FnTextureSampleCompareLevel:
		op, vt = spirv.OpImageSampleDrefExplicitLod, f32
		head = append(head, c.arg(o.DepthRef))
	case builtins.FnTextureGather:
		op = spirv.OpImageGather
		comp := e.constU32(0)
		if o.Component >= 0 {
			comp = e.value(c.in.Args[o.Component])
		}
		head = append(head, comp)
		depth = false // a gather gives four texels even of a depth texture
	case builtins.FnTextureGatherCompare:
		op = spirv.OpImageDrefGather
		head = append(head, c.arg(o.DepthRef))
		depth = false
	}
	if mask != 0 {
		head = append(head, uint32(mask))
	}
	v := e.emit(op, vt, append(head, ops...)...)
	if depth && vt != f32 {
		return e.emit(spirv.OpCompositeExtract, f32, v, 0)
	}
	return v
}
