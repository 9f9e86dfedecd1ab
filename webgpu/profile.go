package webgpu

import (
	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// Profile is what cogentcore/webgpu v0.23.0 can do, for the core's checks.
var Profile = &host.Profile{
	Package: "webgpu",
	Binding: "cogentcore/webgpu v0.23.0",
	Source:  host.SourceWGSLPushConstants,
	Lacks: map[host.Feature]string{
		host.ComputeImmediateData: "has no ComputePassEncoder.SetPushConstants (render passes have one, see Layout.SetImmediates)",
		host.F16:                  "compiles WGSL with an older naga, which reads no enable directive",
		host.ExternalTextures:     "has no external textures",
	},
}

// The binding's enums are numbers whose String methods give WebGPU's spellings, which the
// generated tables use: each mapping is built from them, so that no spelling is written twice.
var (
	bufferTypes    = host.EnumByName[wgsl.BufferBindingType](Profile, "buffer binding type", host.Range[wgpu.BufferBindingType](0, 7), wgpu.BufferBindingType.String)
	samplerTypes   = host.EnumByName[wgsl.SamplerBindingType](Profile, "sampler binding type", host.Range[wgpu.SamplerBindingType](0, 7), wgpu.SamplerBindingType.String)
	sampleTypes    = host.EnumByName[wgsl.TextureSampleType](Profile, "texture sample type", host.Range[wgpu.TextureSampleType](0, 7), wgpu.TextureSampleType.String)
	viewDimensions = host.EnumByName[wgsl.TextureViewDimension](Profile, "texture view dimension", host.Range[wgpu.TextureViewDimension](0, 7), wgpu.TextureViewDimension.String)
	accesses       = host.EnumByName[wgsl.StorageTextureAccess](Profile, "storage texture access", host.Range[wgpu.StorageTextureAccess](0, 7), wgpu.StorageTextureAccess.String)
	stepModes      = host.EnumByName[wgsl.VertexStepMode](Profile, "vertex step mode", host.Range[wgpu.VertexStepMode](0, 1), wgpu.VertexStepMode.String)
	vertexFormats  = host.EnumByName[wgsl.VertexFormat](Profile, "vertex format", host.Range[wgpu.VertexFormat](1, 0x40), wgpu.VertexFormat.String)
	// wgpu-native's own formats, among them the 16-bit normalized ones WGSL has, follow
	// WebGPU's.
	textureFormats = host.EnumByName[wgsl.TextureFormat](Profile, "texture format",
		append(host.Range[wgpu.TextureFormat](1, 0x100), host.Range(wgpu.TextureFormat(wgpu.NativeTextureFormatR16Unorm), 0x30020)...),
		formatName)
)

func formatName(f wgpu.TextureFormat) string {
	if s := f.String(); s != "" {
		return s
	}
	return wgpu.NativeTextureFormat(f).String()
}

// ShaderStage returns the wgpu stage flags of s (the same bits as GPUShaderStage).
func ShaderStage(s wgsl.ShaderStage) wgpu.ShaderStage { return wgpu.ShaderStage(s) }

// BufferBindingType returns the wgpu value of t.
func BufferBindingType(t wgsl.BufferBindingType) (wgpu.BufferBindingType, error) {
	return bufferTypes.Get(t)
}

// SamplerBindingType returns the wgpu value of t.
func SamplerBindingType(t wgsl.SamplerBindingType) (wgpu.SamplerBindingType, error) {
	return samplerTypes.Get(t)
}

// TextureSampleType returns the wgpu value of t.
func TextureSampleType(t wgsl.TextureSampleType) (wgpu.TextureSampleType, error) {
	return sampleTypes.Get(t)
}

// TextureViewDimension returns the wgpu value of d.
func TextureViewDimension(d wgsl.TextureViewDimension) (wgpu.TextureViewDimension, error) {
	return viewDimensions.Get(d)
}

// StorageTextureAccess returns the wgpu value of a.
func StorageTextureAccess(a wgsl.StorageTextureAccess) (wgpu.StorageTextureAccess, error) {
	return accesses.Get(a)
}

// TextureFormat returns the wgpu value of f.
func TextureFormat(f wgsl.TextureFormat) (wgpu.TextureFormat, error) { return textureFormats.Get(f) }

// VertexFormat returns the wgpu value of f.
func VertexFormat(f wgsl.VertexFormat) (wgpu.VertexFormat, error) { return vertexFormats.Get(f) }
