package wgsl

// Shader describes one WGSL module as wgslgen compiled it: its SPIR-V and what a host needs to
// build pipelines from it.
type Shader struct {
	// Source is the base name of the WGSL file ("particles.wgsl").
	Source string
	// SPIRV is the SPIR-V module: little-endian 32-bit words. Do not modify it.
	SPIRV       []byte
	EntryPoints []EntryPoint
	// Bindings lists the resource variables, ordered by group, then binding.
	Bindings  []Binding
	Overrides []Override
}

// Words returns the SPIR-V as 32-bit words, in a new slice, for APIs that take words.
func (s *Shader) Words() []uint32 { return Words(s.SPIRV) }

// EntryPoint returns the entry point called name, or nil.
func (s *Shader) EntryPoint(name string) *EntryPoint {
	for i := range s.EntryPoints {
		if s.EntryPoints[i].Name == name {
			return &s.EntryPoints[i]
		}
	}
	return nil
}

// Binding returns the resource variable at group and binding, or nil.
func (s *Shader) Binding(group, binding uint32) *Binding {
	for i := range s.Bindings {
		if b := &s.Bindings[i]; b.Group == group && b.Binding == binding {
			return b
		}
	}
	return nil
}

// Stage is a shader stage.
type Stage string

// The shader stages.
const (
	Vertex   Stage = "vertex"
	Fragment Stage = "fragment"
	Compute  Stage = "compute"
)

// VkShaderStage returns the stage's VkShaderStageFlagBits value, 0 for an unknown stage.
func (s Stage) VkShaderStage() uint32 {
	switch s {
	case Vertex:
		return 0x1
	case Fragment:
		return 0x10
	case Compute:
		return 0x20
	}
	return 0
}

// EntryPoint is one entry point of a Shader.
type EntryPoint struct {
	Name  string
	Stage Stage
	// WorkgroupSize is the @workgroup_size of a compute entry point, x, y and z, with omitted
	// dimensions 1.
	WorkgroupSize [3]Dim
	// SubgroupSize is the @subgroup_size of a compute entry point, the zero Dim when it has
	// none: the subgroup size its pipeline must require. SPIR-V does not carry it; in Vulkan
	// it is VkPipelineShaderStageRequiredSubgroupSizeCreateInfo.requiredSubgroupSize.
	SubgroupSize Dim
	// Bindings lists the resource variables the entry point uses, by group, then binding.
	Bindings []BindingRef
	// VertexAttributes lists a vertex entry point's inputs, by location, as they lie in a
	// vertex buffer of VertexStride bytes per vertex (the generated vertex structure).
	VertexAttributes []VertexAttribute
	VertexStride     uint32
}

// Dim is one dimension of a workgroup size, or a subgroup size: a number, the value of an
// override, or an override-expression the pipeline's override values decide.
type Dim struct {
	Value    uint32 // when Override and Expr are empty
	Override string // the name of the override the dimension is
	Expr     string // the WGSL text of another override-expression
}

// BindingRef names a binding of Shader.Bindings.
type BindingRef struct {
	Group, Binding uint32
}

// BindingKind is the kind of resource a binding expects.
type BindingKind string

// The binding kinds.
const (
	UniformBuffer            BindingKind = "uniform-buffer"
	StorageBuffer            BindingKind = "storage-buffer"
	Sampler                  BindingKind = "sampler"
	ComparisonSampler        BindingKind = "comparison-sampler"
	SampledTexture           BindingKind = "sampled-texture"
	MultisampledTexture      BindingKind = "multisampled-texture"
	DepthTexture             BindingKind = "depth-texture"
	DepthMultisampledTexture BindingKind = "depth-multisampled-texture"
	StorageTexture           BindingKind = "storage-texture"
	ExternalTexture          BindingKind = "external-texture"
)

// VkDescriptorType returns the kind's VkDescriptorType value; ok is false for kinds Vulkan has
// no descriptor type for (external textures).
func (k BindingKind) VkDescriptorType() (t uint32, ok bool) {
	switch k {
	case Sampler, ComparisonSampler:
		return 0, true // VK_DESCRIPTOR_TYPE_SAMPLER
	case SampledTexture, MultisampledTexture, DepthTexture, DepthMultisampledTexture:
		return 2, true // VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
	case StorageTexture:
		return 3, true // VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
	case UniformBuffer:
		return 6, true // VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
	case StorageBuffer:
		return 7, true // VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
	}
	return 0, false
}

// Binding is one resource variable of a Shader.
type Binding struct {
	Group, Binding uint32
	Name           string
	Kind           BindingKind
	// Type is the WGSL spelling of the buffer's store type or the texture or sampler type.
	Type string
	// Access is "read" or "read_write" for storage buffers, "read", "write" or "read_write"
	// for storage textures, "" otherwise.
	Access string
	// MinBindingSize is the WebGPU minimum binding size of a buffer (a runtime-sized array
	// counting one element); 0 for other kinds.
	MinBindingSize uint64
	// Dimension ("2d", "cube_array", ...), SampleType ("f32", "i32", "u32") and Format
	// ("rgba8unorm", ...) describe textures.
	Dimension, SampleType, Format string
}

// Override is a pipeline-overridable constant of a Shader.
type Override struct {
	Name string
	// ID is the SPIR-V SpecId, the constantID of a VkSpecializationMapEntry.
	ID   uint32
	Type string // bool, i32, u32, f32 or f16
	// Default is the value, as WGSL spells it, that the override has when the pipeline does
	// not set it; "" when it has none and is Required, or when it is an override-expression
	// (FlagID is then set).
	Default  string
	Required bool
	// FlagID is, for an override whose default is an override-expression, the SpecId of a
	// bool specialization constant: the shader computes the default unless it is true, so a
	// pipeline that sets the override sets it to true as well. 0 for other overrides.
	FlagID uint32
}

// VertexFormat is the format of a vertex attribute, as WebGPU names it.
type VertexFormat string

// The vertex formats of the WGSL types a vertex input may have. Float16x3 has no WebGPU
// counterpart; Vulkan has one.
const (
	Float32   VertexFormat = "float32"
	Float32x2 VertexFormat = "float32x2"
	Float32x3 VertexFormat = "float32x3"
	Float32x4 VertexFormat = "float32x4"
	Sint32    VertexFormat = "sint32"
	Sint32x2  VertexFormat = "sint32x2"
	Sint32x3  VertexFormat = "sint32x3"
	Sint32x4  VertexFormat = "sint32x4"
	Uint32    VertexFormat = "uint32"
	Uint32x2  VertexFormat = "uint32x2"
	Uint32x3  VertexFormat = "uint32x3"
	Uint32x4  VertexFormat = "uint32x4"
	Float16   VertexFormat = "float16"
	Float16x2 VertexFormat = "float16x2"
	Float16x3 VertexFormat = "float16x3"
	Float16x4 VertexFormat = "float16x4"
)

var vkFormats = map[VertexFormat]uint32{
	Float16: 76, Float16x2: 83, Float16x3: 90, Float16x4: 97, // VK_FORMAT_R16..._SFLOAT
	Uint32: 98, Sint32: 99, Float32: 100, // VK_FORMAT_R32_UINT, _SINT, _SFLOAT
	Uint32x2: 101, Sint32x2: 102, Float32x2: 103,
	Uint32x3: 104, Sint32x3: 105, Float32x3: 106,
	Uint32x4: 107, Sint32x4: 108, Float32x4: 109,
}

// VkFormat returns the format's VkFormat value, 0 (VK_FORMAT_UNDEFINED) for an unknown one.
func (f VertexFormat) VkFormat() uint32 { return vkFormats[f] }

// VertexAttribute is one input of a vertex entry point, in a vertex buffer.
type VertexAttribute struct {
	Location uint32
	Format   VertexFormat
	// Offset is the attribute's byte offset in the generated vertex structure.
	Offset uint32
	// Name is the WGSL parameter or structure member name.
	Name string
}
