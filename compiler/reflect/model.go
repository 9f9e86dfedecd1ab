package reflect

// Version is the version of the model this package writes. It changes only when a field
// changes meaning or disappears; new fields may appear without a new version.
const Version = 1

// Module is everything a host program needs to know about one compiled WGSL module.
type Module struct {
	// Version is the model's version; Marshal always writes Version.
	Version int `json:"version"`
	// Source names the WGSL file as it was given to the compiler (no absolute paths, so that
	// the output does not depend on where the build runs).
	Source string `json:"source"`
	// Structs lists every host-shareable structure reachable from a buffer binding, each after
	// the structures it contains.
	Structs []Struct `json:"structs"`
	// Bindings lists the resource variables, ordered by group, then binding.
	Bindings []Binding `json:"bindings"`
	// EntryPoints lists the entry points in declaration order.
	EntryPoints []EntryPoint `json:"entryPoints"`
	// Overrides lists the pipeline-overridable constants in declaration order.
	Overrides []Override `json:"overrides"`
	// Constants lists the module-scope const declarations of scalar and vector type, in
	// declaration order.
	Constants []Constant `json:"constants"`
}

// Struct is the layout of a host-shareable structure.
type Struct struct {
	Name  string `json:"name"`
	Size  int    `json:"size"` // SizeOf; for a runtime-sized structure, with zero elements
	Align int    `json:"align"`
	// RuntimeSized is true when the last member is a runtime-sized array.
	RuntimeSized bool     `json:"runtimeSized"`
	Members      []Member `json:"members"`
}

// Member is one member of a Struct.
type Member struct {
	Name   string `json:"name"`
	Type   string `json:"type"` // WGSL spelling
	Offset int    `json:"offset"`
	Size   int    `json:"size"` // @size or SizeOf the type; 0 for a runtime-sized array
	Align  int    `json:"align"`
	// ArrayStride is the element stride of a member of array type; absent otherwise.
	ArrayStride int `json:"arrayStride,omitempty"`
	// MatrixStride is the column stride of a member of matrix type or of (nested) arrays of
	// matrices; absent otherwise. Matrices are column-major.
	MatrixStride int `json:"matrixStride,omitempty"`
}

// Kind is the kind of resource a binding expects, a stable string.
type Kind string

// The binding kinds.
const (
	KindUniformBuffer            Kind = "uniform-buffer"
	KindStorageBuffer            Kind = "storage-buffer"
	KindSampler                  Kind = "sampler"
	KindComparisonSampler        Kind = "comparison-sampler"
	KindSampledTexture           Kind = "sampled-texture"
	KindMultisampledTexture      Kind = "multisampled-texture"
	KindDepthTexture             Kind = "depth-texture"
	KindDepthMultisampledTexture Kind = "depth-multisampled-texture"
	KindStorageTexture           Kind = "storage-texture"
	KindExternalTexture          Kind = "external-texture"
)

// Binding is one resource variable: a buffer, a sampler or a texture.
type Binding struct {
	Group   int    `json:"group"`
	Binding int    `json:"binding"`
	Name    string `json:"name"`
	Kind    Kind   `json:"kind"`
	// Type is the WGSL spelling of the variable's store type (buffers) or handle type.
	Type string `json:"type"`
	// Access is the access mode of storage buffers ("read", "read_write") and storage
	// textures ("read", "write", "read_write"); absent for other kinds.
	Access string `json:"access,omitempty"`
	// MinBindingSize is the WebGPU minimum buffer binding size of a buffer: SizeOf its store
	// type, a runtime-sized array counting one element. Absent (0) for other kinds and for the
	// runtime-sized buffer type, which have no minimum.
	MinBindingSize int `json:"minBindingSize,omitempty"`
	// Dimension is the WGSL dimension of a texture: "1d", "2d", "2d_array", "3d", "cube",
	// "cube_array"; absent for other kinds and external textures.
	Dimension string `json:"dimension,omitempty"`
	// SampleType is the sampled type of sampled and multisampled textures: "f32", "i32" or
	// "u32"; absent for other kinds.
	SampleType string `json:"sampleType,omitempty"`
	// Format is the texel format of a storage texture, as WGSL spells it ("rgba8unorm").
	Format string `json:"format,omitempty"`
	// Plane1 and Params are, for an external texture, the bindings the compiler added for
	// it: the second plane (a texture_2d<f32>, used when the external texture has two planes)
	// and the uniform buffer of ExternalTextureParams the host fills. Both are also listed as
	// bindings of their own.
	Plane1 *BindingRef `json:"plane1,omitempty"`
	Params *BindingRef `json:"params,omitempty"`
}

// Stage is a shader stage: "vertex", "fragment" or "compute".
type Stage string

// The shader stages.
const (
	StageVertex   Stage = "vertex"
	StageFragment Stage = "fragment"
	StageCompute  Stage = "compute"
)

// EntryPoint is one entry point and the interface it uses.
type EntryPoint struct {
	Name  string `json:"name"`
	Stage Stage  `json:"stage"`
	// WorkgroupSize is the x, y and z of a compute entry point's @workgroup_size (with the
	// omitted dimensions as 1); absent for other stages.
	WorkgroupSize []WorkgroupDim `json:"workgroupSize,omitempty"`
	// SubgroupSize is a compute entry point's @subgroup_size (enable subgroup_size_control);
	// absent when it has none. SPIR-V for Vulkan cannot carry it: the host gives it when it
	// creates the pipeline (VkPipelineShaderStageRequiredSubgroupSizeCreateInfo).
	SubgroupSize *WorkgroupDim `json:"subgroupSize,omitempty"`
	// Bindings lists the resource variables the entry point statically uses, ordered by group,
	// then binding.
	Bindings []BindingRef `json:"bindings"`
	// VertexInputs are a vertex entry point's user-defined inputs, ordered by location.
	VertexInputs []IOVar `json:"vertexInputs,omitempty"`
	// FragmentOutputs are a fragment entry point's user-defined outputs, ordered by location,
	// then blend source.
	FragmentOutputs []IOVar `json:"fragmentOutputs,omitempty"`
}

// BindingRef names a binding of Module.Bindings.
type BindingRef struct {
	Group   int `json:"group"`
	Binding int `json:"binding"`
}

// IOVar is one user-defined input or output of an entry point.
type IOVar struct {
	Location int    `json:"location"`
	Type     string `json:"type"` // WGSL spelling
	// Name is the parameter or structure member name; "" for a return value that is not a
	// structure.
	Name string `json:"name"`
	// BlendSrc is the @blend_src of a dual-source blending output; absent otherwise.
	BlendSrc *int `json:"blendSrc,omitempty"`
}

// WorkgroupDim is one dimension of a workgroup size, or a subgroup size: a number fixed at
// shader creation, or an override-expression the pipeline fixes. In JSON it is the number, {"override": "name"} for
// an expression that is just an override's name, or {"expr": "WGSL text", "overrides":
// [names]} for other override-expressions.
type WorkgroupDim struct {
	Value     int      // the size, when Override and Expr are empty
	Override  string   // the override the dimension is, when it is exactly one
	Expr      string   // the WGSL spelling of any other override-expression
	Overrides []string // the overrides Expr uses, in order of first use
}

// Override is a pipeline-overridable constant.
type Override struct {
	Name string `json:"name"`
	Type string `json:"type"`
	// ID is the override's @id, or the one the compiler assigned; it is the SPIR-V SpecId.
	ID int `json:"id"`
	// Default is the value the override has when the pipeline does not set it (with every
	// other override at its default); absent when it has none.
	Default *Value `json:"default,omitempty"`
	// Required is true when the override has no initializer, so the pipeline must set it.
	Required bool `json:"required"`
	// FlagID is set when the default is an override-expression (Default is then absent and
	// Required false): SPIR-V gives specialization constants literal defaults only, so the
	// shader computes the default itself unless the bool specialization constant with SpecId
	// FlagID is true. A pipeline that sets the override must set that flag to true as well.
	// It is 0 (and absent in JSON) for other overrides.
	FlagID int `json:"flagId,omitempty"`
}

// Constant is a module-scope const declaration of scalar or vector type.
type Constant struct {
	Name  string `json:"name"`
	Type  string `json:"type"` // WGSL spelling; AbstractInt and AbstractFloat included
	Value Value  `json:"value"`
}
