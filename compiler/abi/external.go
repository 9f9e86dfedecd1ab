package abi

import (
	"sync"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// BindingPoint is a resource's @group and @binding.
type BindingPoint struct {
	Group, Binding uint32
}

// ExternalBinding is where the parts of an expanded texture_external go besides its first
// plane, which keeps the texture's own binding.
type ExternalBinding struct {
	Plane1, Params BindingPoint
}

// ExternalTextureBindings gives the second plane and the parameter buffer of each external
// texture at externals (in declaration order) the next free binding numbers of its group,
// after every binding of used (which includes externals). used holds every binding of the
// module, whichever entry points are kept, so that the placement does not depend on them.
func ExternalTextureBindings(used, externals []BindingPoint) map[BindingPoint]ExternalBinding {
	next := map[uint32]uint32{}
	for _, bp := range used {
		next[bp.Group] = max(next[bp.Group], bp.Binding+1)
	}
	out := map[BindingPoint]ExternalBinding{}
	for _, bp := range externals {
		n := next[bp.Group]
		out[bp] = ExternalBinding{Plane1: BindingPoint{Group: bp.Group, Binding: n},
			Params: BindingPoint{Group: bp.Group, Binding: n + 1}}
		next[bp.Group] = n + 2
	}
	return out
}

// ExternalPartNames are the names of the parts of the texture_external name: its planes and
// its parameter buffer.
func ExternalPartNames(name string) (plane0, plane1, params string) {
	return name + "_plane0", name + "_plane1", name + "_params"
}

func member(name string, t types.Type) *types.Member {
	return &types.Member{Name: name, Type: t, Offset: -1, IO: types.NoIO}
}

// The parameters of an external texture are built the first time a program uses one, not
// when every process that links the package starts; once, since the type's identity is its
// pointer.
var (
	externalOnce   sync.Once
	externalParams *types.Struct
)

func buildExternalParams() {
	gammaParams := &types.Struct{Name: "GammaTransferParams", Members: []*types.Member{
		member("G", types.F32), member("A", types.F32), member("B", types.F32), member("C", types.F32),
		member("D", types.F32), member("E", types.F32), member("F", types.F32), member("padding", types.U32),
	}}
	externalParams = &types.Struct{Name: "ExternalTextureParams", Members: []*types.Member{
		member("numPlanes", types.U32),
		member("doYuvToRgbConversionOnly", types.U32),
		member("yuvToRgbConversionMatrix", types.Mat(3, 4, types.F32)),
		member("gammaDecodeParams", gammaParams),
		member("gammaEncodeParams", gammaParams),
		member("gamutConversionMatrix", types.Mat(3, 3, types.F32)),
		member("sampleTransform", types.Mat(3, 2, types.F32)),
		member("loadTransform", types.Mat(3, 2, types.F32)),
		member("samplePlane0RectMin", types.Vec(2, types.F32)),
		member("samplePlane0RectMax", types.Vec(2, types.F32)),
		member("samplePlane1RectMin", types.Vec(2, types.F32)),
		member("samplePlane1RectMax", types.Vec(2, types.F32)),
		member("visibleSize", types.Vec(2, types.U32)),
		member("plane1CoordFactor", types.Vec(2, types.F32)),
	}}
}

// ExternalTextureParams is the uniform structure that describes an external texture, as
// Dawn lays it out (the host fills it; reflection reports its layout):
//
//	struct GammaTransferParams { G, A, B, C, D, E, F: f32, padding: u32 }
//	struct ExternalTextureParams {
//	  numPlanes: u32,                       // 1 (RGBA in plane 0) or 2 (Y in plane 0, UV in plane 1)
//	  doYuvToRgbConversionOnly: u32,        // 1: skip the gamma and gamut conversion
//	  yuvToRgbConversionMatrix: mat3x4f,    // rgb = vec4(y, u, v, 1) * M
//	  gammaDecodeParams: GammaTransferParams,
//	  gammaEncodeParams: GammaTransferParams,
//	  gamutConversionMatrix: mat3x3f,
//	  sampleTransform: mat3x2f,             // coordinates of textureSampleBaseClampToEdge
//	  loadTransform: mat3x2f,               // texel coordinates of textureLoad
//	  samplePlane0RectMin: vec2f, samplePlane0RectMax: vec2f,
//	  samplePlane1RectMin: vec2f, samplePlane1RectMax: vec2f,
//	  visibleSize: vec2u,                   // the visible size less one
//	  plane1CoordFactor: vec2f,             // plane 1 texel coordinates per plane 0 texel
//	}
func ExternalTextureParams() *types.Struct {
	externalOnce.Do(buildExternalParams)
	return externalParams
}

// ExternalTexturePlane is the type of each plane of an external texture.
func ExternalTexturePlane() *types.Texture {
	planeOnce.Do(func() { plane = &types.Texture{Kind: types.TexSampled, Dim: types.Dim2D, Sampled: types.F32} })
	return plane
}

// plane is made on first use: types.F32 is a variable of another package, so a plane made
// by the package's initialiser would cost every process.
var (
	planeOnce sync.Once
	plane     *types.Texture
)
