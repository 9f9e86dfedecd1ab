package webgpu

import (
	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// binding is the binding this package is made for: Cogent Core's since May 2026.
const binding = "oliverbestmann/webgpu v1.33.5-0.20260523154840-fa113c1fb662"

// Profile is what the binding can do, for the core's checks: its WGSL compiler, naga 29,
// reads the tables' WGSL (with the override values substituted: its pipelines take no
// constants), f16 with the device's shader-f16 feature among it; a table generated with
// wgslgen -for=wgpu-native gives the text written for naga 29 instead.
var Profile = &host.Profile{Package: "webgpu", Binding: binding, Source: host.SourceWGSL, Dialect: wgsl.Naga29, Lacks: lacks}

var lacks = map[host.Feature]string{
	host.ImmediateData: "passes immediate data in render passes only, and a device made with RequiredLimits (needed for " +
		"maxImmediateSize) gets a maxColorAttachmentBytesPerSample of 0, so no render pipeline with a color target can use it",
	host.ComputeImmediateData: "has no SetImmediates for compute passes",
	host.ExternalTextures:     "has no external textures",
}

// The binding's enums are numbers (webgpu.h's) whose String methods give WebGPU's spellings,
// which the generated tables use: each mapping is built from them.
var (
	textureFormats = host.EnumByName[wgsl.TextureFormat](Profile, "texture format",
		append(host.Range[wgpu.TextureFormat](1, 0x100), host.Range(wgpu.TextureFormat(wgpu.NativeTextureFormatR16Unorm), 0x30007)...),
		func(f wgpu.TextureFormat) string {
			if s := f.String(); s != "" {
				return s
			}
			return wgpu.NativeTextureFormat(f).String()
		})
	deviceFeatures = host.EnumByName[string](Profile, "device feature", host.Range[wgpu.FeatureName](1, 0x100), wgpu.FeatureName.String)
	vertexFormats  = host.EnumByName[wgsl.VertexFormat](Profile, "vertex format", host.Range[wgpu.VertexFormat](1, 0x40), wgpu.VertexFormat.String)
	stepModes      = host.EnumByName[wgsl.VertexStepMode](Profile, "vertex step mode", host.Range[wgpu.VertexStepMode](0, 3), wgpu.VertexStepMode.String)
	bufferTypes    = host.EnumByName[wgsl.BufferBindingType](Profile, "buffer binding type", host.Range[wgpu.BufferBindingType](0, 7), wgpu.BufferBindingType.String)
	samplerTypes   = host.EnumByName[wgsl.SamplerBindingType](Profile, "sampler binding type", host.Range[wgpu.SamplerBindingType](0, 7), wgpu.SamplerBindingType.String)
	sampleTypes    = host.EnumByName[wgsl.TextureSampleType](Profile, "texture sample type", host.Range[wgpu.TextureSampleType](0, 7), wgpu.TextureSampleType.String)
	viewDimensions = host.EnumByName[wgsl.TextureViewDimension](Profile, "texture view dimension", host.Range[wgpu.TextureViewDimension](0, 7), wgpu.TextureViewDimension.String)
	accesses       = host.EnumByName[wgsl.StorageTextureAccess](Profile, "storage texture access", host.Range[wgpu.StorageTextureAccess](0, 7), wgpu.StorageTextureAccess.String)
)

// TextureFormat returns the binding's value of f.
func TextureFormat(f wgsl.TextureFormat) (wgpu.TextureFormat, error) { return textureFormats.Get(f) }

// ViewDimension returns the binding's value of d.
func ViewDimension(d wgsl.TextureViewDimension) (wgpu.TextureViewDimension, error) {
	return viewDimensions.Get(d)
}

// VertexFormat returns the binding's value of f.
func VertexFormat(f wgsl.VertexFormat) (wgpu.VertexFormat, error) { return vertexFormats.Get(f) }
