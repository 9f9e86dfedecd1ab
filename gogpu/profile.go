package gogpu

import (
	"maps"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// Profile is what gogpu/wgpu v0.31.5 can do on Vulkan, for the core's checks: its Vulkan
// backend hands SPIR-V words to the driver as they are, so modules are made from the table's
// SPIR-V with the override values as specialization constant defaults.
var Profile = &host.Profile{
	Package: "gogpu",
	Binding: "gogpu/wgpu v0.31.5",
	Source:  host.SourceSPIRV,
	Lacks: map[host.Feature]string{
		host.ImmediateData:        "has no API for immediate data (push constants)",
		host.ComputeImmediateData: "has no API for immediate data (push constants)",
		host.F16:                  "never enables the shader-f16 device feature, so the driver would be given f16 code it was not asked to run",
		host.DynamicOffsets:       "makes its Vulkan descriptor set layouts without dynamic descriptors, so no offset applies (and Vulkan refuses the offsets given)",
		host.StorageTextures:      "writes every texture view into a Vulkan descriptor set as a sampled image, so a storage texture's binding is never written",
		host.ManyColorTargets:     "makes the Vulkan render pass of a pipeline with its first color target only, which Vulkan refuses for a pipeline of more",
		host.NoColorTargets:       "refuses a fragment stage without one, even beside a depth attachment",
		host.ExternalTextures:     "has no external textures",
		host.LayeredTextures:      "makes a 2D texture of several layers a Vulkan image that many texels deep (VUID-VkImageCreateInfo-imageType-00957), which Vulkan refuses",
	},
}

// WGSLProfile is Profile for gogpu/wgpu's other backends (Metal, DX12, GLES), which take WGSL
// and compile it with gogpu/naga: modules are made from the table's WGSL with the override
// values substituted, since its pipelines apply no constants (see NewModuleWGSL).
var WGSLProfile = &host.Profile{Package: Profile.Package, Binding: Profile.Binding, Source: host.SourceWGSL, Dialect: wgsl.Gogpu, Lacks: withWGSL(Profile.Lacks)}

// withWGSL returns what the binding lacks through its WGSL compiler.
func withWGSL(lacks map[host.Feature]string) map[host.Feature]string {
	out := maps.Clone(lacks)
	out[host.SharedBindings] = "compiles WGSL with gogpu/naga, which refuses a module that uses one binding number for two variables, even of entry points that never share a pipeline"
	return out
}

// The binding's enums are gputypes' values, numbered as webgpu.h numbers them. Those with
// String methods that spell WebGPU's names (in Go case) are mapped by them; the others by
// their constants.
var (
	bufferTypes    = host.EnumByName[wgsl.BufferBindingType](Profile, "buffer binding type", host.Range[gputypes.BufferBindingType](1, 3), gputypes.BufferBindingType.String)
	samplerTypes   = host.EnumByName[wgsl.SamplerBindingType](Profile, "sampler binding type", host.Range[gputypes.SamplerBindingType](1, 3), gputypes.SamplerBindingType.String)
	accesses       = host.EnumByName[wgsl.StorageTextureAccess](Profile, "storage texture access", host.Range[gputypes.StorageTextureAccess](1, 3), gputypes.StorageTextureAccess.String)
	textureFormats = host.EnumByName[wgsl.TextureFormat](Profile, "texture format", host.Range[gputypes.TextureFormat](1, 0x100), gputypes.TextureFormat.String)
	sampleTypes    = host.NewEnum(Profile, "texture sample type", map[wgsl.TextureSampleType]gputypes.TextureSampleType{
		wgsl.SampleFloat: gputypes.TextureSampleTypeFloat, wgsl.SampleUnfilterableFloat: gputypes.TextureSampleTypeUnfilterableFloat,
		wgsl.SampleDepth: gputypes.TextureSampleTypeDepth, wgsl.SampleSint: gputypes.TextureSampleTypeSint, wgsl.SampleUint: gputypes.TextureSampleTypeUint,
	})
	viewDimensions = host.NewEnum(Profile, "texture view dimension", map[wgsl.TextureViewDimension]gputypes.TextureViewDimension{
		wgsl.View1D: gputypes.TextureViewDimension1D, wgsl.View2D: gputypes.TextureViewDimension2D, wgsl.View2DArray: gputypes.TextureViewDimension2DArray,
		wgsl.ViewCube: gputypes.TextureViewDimensionCube, wgsl.ViewCubeArray: gputypes.TextureViewDimensionCubeArray, wgsl.View3D: gputypes.TextureViewDimension3D,
	})
	stepModes = host.NewEnum(Profile, "vertex step mode", map[wgsl.VertexStepMode]gputypes.VertexStepMode{
		wgsl.StepVertex: gputypes.VertexStepModeVertex, wgsl.StepInstance: gputypes.VertexStepModeInstance,
	})
	// The vertex formats of the WGSL types a vertex input may have (see wgsl.VertexFormat).
	vertexFormats = host.NewEnum(Profile, "vertex format", map[wgsl.VertexFormat]gputypes.VertexFormat{
		wgsl.Float32: gputypes.VertexFormatFloat32, wgsl.Float32x2: gputypes.VertexFormatFloat32x2,
		wgsl.Float32x3: gputypes.VertexFormatFloat32x3, wgsl.Float32x4: gputypes.VertexFormatFloat32x4,
		wgsl.Sint32: gputypes.VertexFormatSint32, wgsl.Sint32x2: gputypes.VertexFormatSint32x2,
		wgsl.Sint32x3: gputypes.VertexFormatSint32x3, wgsl.Sint32x4: gputypes.VertexFormatSint32x4,
		wgsl.Uint32: gputypes.VertexFormatUint32, wgsl.Uint32x2: gputypes.VertexFormatUint32x2,
		wgsl.Uint32x3: gputypes.VertexFormatUint32x3, wgsl.Uint32x4: gputypes.VertexFormatUint32x4,
		wgsl.Float16x2: gputypes.VertexFormatFloat16x2, wgsl.Float16x4: gputypes.VertexFormatFloat16x4,
	})
)

// ShaderStage returns the binding's stage flags of s (the same bits as GPUShaderStage).
func ShaderStage(s wgsl.ShaderStage) wgpu.ShaderStages { return wgpu.ShaderStages(s) }

// TextureFormat returns the binding's value of f.
func TextureFormat(f wgsl.TextureFormat) (wgpu.TextureFormat, error) { return textureFormats.Get(f) }

// ViewDimension returns the binding's value of d.
func ViewDimension(d wgsl.TextureViewDimension) (gputypes.TextureViewDimension, error) {
	return viewDimensions.Get(d)
}

// VertexFormat returns the binding's value of f.
func VertexFormat(f wgsl.VertexFormat) (gputypes.VertexFormat, error) { return vertexFormats.Get(f) }
