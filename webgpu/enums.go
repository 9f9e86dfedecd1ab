package webgpu

import (
	"fmt"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// The generated tables spell enums as WebGPU does ("read-only-storage", "rgba8unorm"); the
// binding's enums are numbers whose String methods give the same spellings. Each mapping
// below is a switch for the small enums and, for the formats, a table built from the
// binding's own String methods, so that no spelling is written twice.

// ShaderStage returns the wgpu stage flags of s (the same bits as GPUShaderStage).
func ShaderStage(s wgsl.ShaderStage) wgpu.ShaderStage {
	var f wgpu.ShaderStage
	if s&wgsl.Vertex != 0 {
		f |= wgpu.ShaderStageVertex
	}
	if s&wgsl.Fragment != 0 {
		f |= wgpu.ShaderStageFragment
	}
	if s&wgsl.Compute != 0 {
		f |= wgpu.ShaderStageCompute
	}
	return f
}

// BufferBindingType returns the wgpu value of t.
func BufferBindingType(t wgsl.BufferBindingType) (wgpu.BufferBindingType, error) {
	switch t {
	case wgsl.BufferUniform:
		return wgpu.BufferBindingTypeUniform, nil
	case wgsl.BufferStorage:
		return wgpu.BufferBindingTypeStorage, nil
	case wgsl.BufferReadOnlyStorage:
		return wgpu.BufferBindingTypeReadOnlyStorage, nil
	}
	return 0, fmt.Errorf("unknown buffer binding type %q", t)
}

// SamplerBindingType returns the wgpu value of t.
func SamplerBindingType(t wgsl.SamplerBindingType) (wgpu.SamplerBindingType, error) {
	switch t {
	case wgsl.SamplerFiltering:
		return wgpu.SamplerBindingTypeFiltering, nil
	case wgsl.SamplerNonFiltering:
		return wgpu.SamplerBindingTypeNonFiltering, nil
	case wgsl.SamplerComparison:
		return wgpu.SamplerBindingTypeComparison, nil
	}
	return 0, fmt.Errorf("unknown sampler binding type %q", t)
}

// TextureSampleType returns the wgpu value of t.
func TextureSampleType(t wgsl.TextureSampleType) (wgpu.TextureSampleType, error) {
	switch t {
	case wgsl.SampleFloat:
		return wgpu.TextureSampleTypeFloat, nil
	case wgsl.SampleUnfilterableFloat:
		return wgpu.TextureSampleTypeUnfilterableFloat, nil
	case wgsl.SampleDepth:
		return wgpu.TextureSampleTypeDepth, nil
	case wgsl.SampleSint:
		return wgpu.TextureSampleTypeSint, nil
	case wgsl.SampleUint:
		return wgpu.TextureSampleTypeUint, nil
	}
	return 0, fmt.Errorf("unknown texture sample type %q", t)
}

// TextureViewDimension returns the wgpu value of d.
func TextureViewDimension(d wgsl.TextureViewDimension) (wgpu.TextureViewDimension, error) {
	switch d {
	case wgsl.View1D:
		return wgpu.TextureViewDimension1D, nil
	case wgsl.View2D:
		return wgpu.TextureViewDimension2D, nil
	case wgsl.View2DArray:
		return wgpu.TextureViewDimension2DArray, nil
	case wgsl.ViewCube:
		return wgpu.TextureViewDimensionCube, nil
	case wgsl.ViewCubeArray:
		return wgpu.TextureViewDimensionCubeArray, nil
	case wgsl.View3D:
		return wgpu.TextureViewDimension3D, nil
	}
	return 0, fmt.Errorf("unknown texture view dimension %q", d)
}

// StorageTextureAccess returns the wgpu value of a.
func StorageTextureAccess(a wgsl.StorageTextureAccess) (wgpu.StorageTextureAccess, error) {
	switch a {
	case wgsl.AccessWriteOnly:
		return wgpu.StorageTextureAccessWriteOnly, nil
	case wgsl.AccessReadOnly:
		return wgpu.StorageTextureAccessReadOnly, nil
	case wgsl.AccessReadWrite:
		return wgpu.StorageTextureAccessReadWrite, nil
	}
	return 0, fmt.Errorf("unknown storage texture access %q", a)
}

// VertexStepMode returns the wgpu value of m. The generated tables leave it empty (the
// host's choice), which is an error here: set it with PerVertex or PerInstance.
func VertexStepMode(m wgsl.VertexStepMode) (wgpu.VertexStepMode, error) {
	switch m {
	case wgsl.StepVertex:
		return wgpu.VertexStepModeVertex, nil
	case wgsl.StepInstance:
		return wgpu.VertexStepModeInstance, nil
	case "":
		return 0, fmt.Errorf("no step mode: choose one with PerVertex or PerInstance")
	}
	return 0, fmt.Errorf("unknown vertex step mode %q", m)
}

var (
	textureFormats = map[wgsl.TextureFormat]wgpu.TextureFormat{}
	vertexFormats  = map[wgsl.VertexFormat]wgpu.VertexFormat{}
)

func init() {
	for f := wgpu.TextureFormat(1); f.String() != ""; f++ {
		textureFormats[wgsl.TextureFormat(f.String())] = f
	}
	// wgpu-native's own formats, among them the 16-bit normalized ones WGSL has.
	for f := wgpu.NativeTextureFormatR16Unorm; f.String() != ""; f++ {
		textureFormats[wgsl.TextureFormat(f.String())] = wgpu.TextureFormat(f)
	}
	for f := wgpu.VertexFormat(1); f.String() != ""; f++ {
		vertexFormats[wgsl.VertexFormat(f.String())] = f
	}
}

// TextureFormat returns the wgpu value of f.
func TextureFormat(f wgsl.TextureFormat) (wgpu.TextureFormat, error) {
	if v, ok := textureFormats[f]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("texture format %q is not one cogentcore/webgpu knows", f)
}

// VertexFormat returns the wgpu value of f.
func VertexFormat(f wgsl.VertexFormat) (wgpu.VertexFormat, error) {
	if v, ok := vertexFormats[f]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("vertex format %q is not one cogentcore/webgpu knows", f)
}
