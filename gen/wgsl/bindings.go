package wgsl

// BindGroup is the layout of one @group: WebGPU's GPUBindGroupLayoutDescriptor, a Vulkan
// descriptor set layout.
type BindGroup struct {
	Group uint32
	// Entries lists the group's bindings by binding number. A number that entry points which
	// never share a pipeline use for different variables has an entry for each, in
	// declaration order (see Shader.BindingsOf).
	Entries []Binding
}

// Binding is one resource variable: WebGPU's GPUBindGroupLayoutEntry, with the variable's name
// and WGSL type. Exactly one of Buffer, Sampler, Texture, StorageTexture and ExternalTexture
// is set.
type Binding struct {
	Group, Binding uint32
	// Name is the WGSL variable's name.
	Name string
	// Type is the WGSL type: the store type of a buffer, the type of a texture or sampler.
	Type string
	// Visibility is the set of stages of the entry points that use the binding.
	Visibility ShaderStage

	Buffer          *BufferBindingLayout
	Sampler         *SamplerBindingLayout
	Texture         *TextureBindingLayout
	StorageTexture  *StorageTextureBindingLayout
	ExternalTexture *ExternalTextureBindingLayout

	// ExternalPart is set on the two bindings the compiler adds for a texture_external (its
	// second plane and its parameters, see ExternalTextureBindingLayout) and names the
	// external texture. WGSL has no such variables: a WebGPU host leaves them out of its bind
	// group layouts, a Vulkan host binds them.
	ExternalPart *BindingRef
}

// Ref returns the binding's group and binding.
func (b *Binding) Ref() BindingRef { return BindingRef{Group: b.Group, Binding: b.Binding} }

// VkDescriptorType returns the binding's VkDescriptorType. A texture_external is its first
// plane, a sampled image, in the SPIR-V.
func (b *Binding) VkDescriptorType() uint32 {
	switch {
	case b.Buffer != nil && b.Buffer.Type == BufferUniform:
		return 6 // VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
	case b.Buffer != nil:
		return 7 // VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
	case b.Sampler != nil:
		return 0 // VK_DESCRIPTOR_TYPE_SAMPLER
	case b.StorageTexture != nil:
		return 3 // VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
	}
	return 2 // VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE: textures and external textures
}

// BufferBindingType is WebGPU's GPUBufferBindingType.
type BufferBindingType string

// The buffer binding types.
const (
	BufferUniform         BufferBindingType = "uniform"           // var<uniform>
	BufferStorage         BufferBindingType = "storage"           // var<storage, read_write>
	BufferReadOnlyStorage BufferBindingType = "read-only-storage" // var<storage> or var<storage, read>
)

// BufferBindingLayout is WebGPU's GPUBufferBindingLayout. HasDynamicOffset is the host's
// choice and is not in the table.
type BufferBindingLayout struct {
	Type BufferBindingType
	// MinBindingSize is the smallest buffer the binding takes: SizeOf the store type, with a
	// runtime-sized array counting one element.
	MinBindingSize uint64
}

// SamplerBindingType is WebGPU's GPUSamplerBindingType.
type SamplerBindingType string

// The sampler binding types.
const (
	SamplerFiltering    SamplerBindingType = "filtering"
	SamplerNonFiltering SamplerBindingType = "non-filtering"
	SamplerComparison   SamplerBindingType = "comparison"
)

// SamplerBindingLayout is WebGPU's GPUSamplerBindingLayout.
type SamplerBindingLayout struct {
	Type SamplerBindingType
}

// TextureSampleType is WebGPU's GPUTextureSampleType.
type TextureSampleType string

// The texture sample types.
const (
	SampleFloat             TextureSampleType = "float"
	SampleUnfilterableFloat TextureSampleType = "unfilterable-float"
	SampleDepth             TextureSampleType = "depth"
	SampleSint              TextureSampleType = "sint"
	SampleUint              TextureSampleType = "uint"
)

// TextureViewDimension is WebGPU's GPUTextureViewDimension.
type TextureViewDimension string

// The texture view dimensions.
const (
	View1D        TextureViewDimension = "1d"
	View2D        TextureViewDimension = "2d"
	View2DArray   TextureViewDimension = "2d-array"
	ViewCube      TextureViewDimension = "cube"
	ViewCubeArray TextureViewDimension = "cube-array"
	View3D        TextureViewDimension = "3d"
)

// VkImageViewType returns the dimension's VkImageViewType, and false for an unknown one.
func (d TextureViewDimension) VkImageViewType() (uint32, bool) {
	switch d {
	case View1D:
		return 0, true // VK_IMAGE_VIEW_TYPE_1D
	case View2D:
		return 1, true // VK_IMAGE_VIEW_TYPE_2D
	case View3D:
		return 2, true // VK_IMAGE_VIEW_TYPE_3D
	case ViewCube:
		return 3, true // VK_IMAGE_VIEW_TYPE_CUBE
	case View2DArray:
		return 5, true // VK_IMAGE_VIEW_TYPE_2D_ARRAY
	case ViewCubeArray:
		return 6, true // VK_IMAGE_VIEW_TYPE_CUBE_ARRAY
	}
	return 0, false
}

// TextureBindingLayout is WebGPU's GPUTextureBindingLayout.
type TextureBindingLayout struct {
	SampleType    TextureSampleType
	ViewDimension TextureViewDimension
	Multisampled  bool
}

// StorageTextureAccess is WebGPU's GPUStorageTextureAccess.
type StorageTextureAccess string

// The storage texture access modes.
const (
	AccessWriteOnly StorageTextureAccess = "write-only" // WGSL's write
	AccessReadOnly  StorageTextureAccess = "read-only"  // WGSL's read
	AccessReadWrite StorageTextureAccess = "read-write" // WGSL's read_write
)

// TextureFormat is a texel format of a storage texture, as WGSL and WebGPU's
// GPUTextureFormat spell it ("rgba8unorm").
type TextureFormat string

// VkFormat returns the format's VkFormat, 0 (VK_FORMAT_UNDEFINED) for an unknown one.
func (f TextureFormat) VkFormat() uint32 { return textureFormats[f] }

var textureFormats = map[TextureFormat]uint32{
	"rgba8unorm": 37, "rgba8snorm": 38, "rgba8uint": 41, "rgba8sint": 42, "bgra8unorm": 44,
	"rgb10a2unorm": 64, "rgb10a2uint": 68, "rg11b10ufloat": 122,
	"r8unorm": 9, "r8snorm": 10, "r8uint": 13, "r8sint": 14,
	"rg8unorm": 16, "rg8snorm": 17, "rg8uint": 20, "rg8sint": 21,
	"r16unorm": 70, "r16snorm": 71, "r16uint": 74, "r16sint": 75, "r16float": 76,
	"rg16unorm": 77, "rg16snorm": 78, "rg16uint": 81, "rg16sint": 82, "rg16float": 83,
	"rgba16unorm": 91, "rgba16snorm": 92, "rgba16uint": 95, "rgba16sint": 96, "rgba16float": 97,
	"r32uint": 98, "r32sint": 99, "r32float": 100,
	"rg32uint": 101, "rg32sint": 102, "rg32float": 103,
	"rgba32uint": 107, "rgba32sint": 108, "rgba32float": 109,
}

// StorageTextureBindingLayout is WebGPU's GPUStorageTextureBindingLayout.
type StorageTextureBindingLayout struct {
	Access        StorageTextureAccess
	Format        TextureFormat
	ViewDimension TextureViewDimension
}

// ExternalTextureBindingLayout is WebGPU's GPUExternalTextureBindingLayout, which has no
// members in WebGPU. In the SPIR-V a texture_external is three bindings: this one, a
// texture_2d<f32> holding the first plane, and the two the compiler adds in the same group,
// named here: Plane1, a texture_2d<f32> for the second plane (bind any texture when there is
// one plane), and Params, a uniform buffer of the ExternalTextureParams the host fills.
type ExternalTextureBindingLayout struct {
	Plane1, Params BindingRef
}
