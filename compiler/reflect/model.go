package reflect

// Version is the version of the model this package writes. It changes only when a field
// changes meaning or disappears; new fields may appear without a new version.
//
// Version 2 describes every type with a structured descriptor (Type) instead of its WGSL
// spelling, describes bindings as WebGPU's bind group layout entries (buffer, sampler,
// texture, storageTexture, externalTexture, with the stages that use them), groups vertex
// inputs by vertex buffer with their formats and offsets, and lists var<immediate>
// variables.
const Version = 2

// Module is everything a host program needs to know about one compiled WGSL module.
type Module struct {
	// Version is the model's version; Marshal always writes Version.
	Version int `json:"version"`
	// Source names the WGSL file as it was given to the compiler (no absolute paths, so that
	// the output does not depend on where the build runs).
	Source string `json:"source"`
	// Structs lists every host-shareable structure reachable from a buffer binding, an
	// immediate variable or a vertex buffer, each after the structures it contains.
	Structs []Struct `json:"structs"`
	// Bindings lists the resource variables, ordered by group, then binding.
	Bindings []Binding `json:"bindings"`
	// Immediates lists the var<immediate> variables in declaration order.
	Immediates []Immediate `json:"immediates"`
	// EntryPoints lists the entry points in declaration order.
	EntryPoints []EntryPoint `json:"entryPoints"`
	// Overrides lists the pipeline-overridable constants in declaration order.
	Overrides []Override `json:"overrides"`
	// Constants lists the module-scope const declarations of scalar and vector type, in
	// declaration order.
	Constants []Constant `json:"constants"`
}

// TypeKind is the kind of a Type.
type TypeKind string

// The type kinds.
const (
	KindScalar  TypeKind = "scalar"
	KindVector  TypeKind = "vector"
	KindMatrix  TypeKind = "matrix"
	KindArray   TypeKind = "array"
	KindAtomic  TypeKind = "atomic"
	KindStruct  TypeKind = "struct"
	KindTexture TypeKind = "texture"
	KindSampler TypeKind = "sampler"
	KindBuffer  TypeKind = "buffer" // buffer<N>, of the buffer_view language feature
)

// Type describes a WGSL type. Which fields are set depends on Kind:
//   - scalar: Scalar ("bool", "i32", "u32", "f32", "f16", "AbstractInt", "AbstractFloat");
//   - vector: Scalar and Components (2, 3 or 4);
//   - matrix: Scalar, Columns, Rows and Stride (the column stride);
//   - atomic: Scalar;
//   - array: Element, Count (0 for a runtime-sized array), CountExpr (the WGSL text of an
//     override-expression count, Count then 0) and Stride (the element stride);
//   - struct: Struct, the name of a structure of Module.Structs;
//   - texture, sampler: nothing more (the binding describes them);
//   - buffer: Count, the size in bytes (0 for a runtime-sized buffer).
//
// Size and Align are SizeOf and AlignOf the type where it has a memory layout (0 otherwise,
// and Size 0 for runtime-sized types). WGSL is the type's spelling.
type Type struct {
	Kind       TypeKind `json:"kind"`
	WGSL       string   `json:"wgsl"`
	Scalar     string   `json:"scalar,omitempty"`
	Components int      `json:"components,omitempty"`
	Columns    int      `json:"columns,omitempty"`
	Rows       int      `json:"rows,omitempty"`
	Element    *Type    `json:"element,omitempty"`
	Count      int      `json:"count,omitempty"`
	CountExpr  string   `json:"countExpr,omitempty"`
	Stride     int      `json:"stride,omitempty"`
	Struct     string   `json:"struct,omitempty"`
	Size       int      `json:"size,omitempty"`
	Align      int      `json:"align,omitempty"`
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
	Type   Type   `json:"type"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"` // @size or SizeOf the type; 0 for a runtime-sized array
	Align  int    `json:"align"`
}

// Stage is a shader stage: "vertex", "fragment" or "compute".
type Stage string

// The shader stages, in the order lists of stages keep.
const (
	StageVertex   Stage = "vertex"
	StageFragment Stage = "fragment"
	StageCompute  Stage = "compute"
)

// Binding is one resource variable: a buffer, a sampler or a texture, described as WebGPU's
// GPUBindGroupLayoutEntry describes it. Exactly one of Buffer, Sampler, Texture,
// StorageTexture and ExternalTexture is set.
type Binding struct {
	Group   int    `json:"group"`
	Binding int    `json:"binding"`
	Name    string `json:"name"`
	// Type is the variable's store type (buffers) or handle type.
	Type Type `json:"type"`
	// Visibility lists the stages of the entry points that statically use the variable
	// (through the functions they call too), in the order vertex, fragment, compute.
	Visibility []Stage `json:"visibility"`

	Buffer          *BufferLayout          `json:"buffer,omitempty"`
	Sampler         *SamplerLayout         `json:"sampler,omitempty"`
	Texture         *TextureLayout         `json:"texture,omitempty"`
	StorageTexture  *StorageTextureLayout  `json:"storageTexture,omitempty"`
	ExternalTexture *ExternalTextureLayout `json:"externalTexture,omitempty"`

	// ExternalPart is set on the bindings the compiler adds for a texture_external (its
	// second plane and its parameter buffer) and names the external texture: they exist in
	// the SPIR-V only, not in WGSL.
	ExternalPart *BindingRef `json:"externalPart,omitempty"`
}

// BufferLayout is WebGPU's GPUBufferBindingLayout of a buffer binding.
type BufferLayout struct {
	// Type is "uniform", "storage" (read_write) or "read-only-storage".
	Type string `json:"type"`
	// MinBindingSize is WebGPU's minimum buffer binding size: SizeOf the store type, a
	// runtime-sized array counting one element.
	MinBindingSize int `json:"minBindingSize"`
}

// SamplerLayout is WebGPU's GPUSamplerBindingLayout of a sampler binding.
type SamplerLayout struct {
	// Type is "filtering", "non-filtering" or "comparison"; see usage.go for how it is chosen.
	Type string `json:"type"`
}

// TextureLayout is WebGPU's GPUTextureBindingLayout of a sampled, multisampled or depth
// texture binding.
type TextureLayout struct {
	// SampleType is "float", "unfilterable-float", "depth", "sint" or "uint"; see usage.go
	// for how it is chosen.
	SampleType string `json:"sampleType"`
	// ViewDimension is "1d", "2d", "2d-array", "cube", "cube-array" or "3d".
	ViewDimension string `json:"viewDimension"`
	Multisampled  bool   `json:"multisampled"`
}

// StorageTextureLayout is WebGPU's GPUStorageTextureBindingLayout of a storage texture.
type StorageTextureLayout struct {
	// Access is "write-only", "read-only" or "read-write".
	Access string `json:"access"`
	// Format is the texel format, as WGSL and WebGPU spell it ("rgba8unorm").
	Format        string `json:"format"`
	ViewDimension string `json:"viewDimension"`
}

// ExternalTextureLayout describes a texture_external: WebGPU's
// GPUExternalTextureBindingLayout, which has no members, and where the compiler put the two
// bindings it adds for it in the SPIR-V (both also listed as bindings of their own): the
// second plane, a texture_2d<f32>, and the uniform buffer of ExternalTextureParams.
type ExternalTextureLayout struct {
	Plane1 BindingRef `json:"plane1"`
	Params BindingRef `json:"params"`
}

// Immediate is a var<immediate> variable.
type Immediate struct {
	Name string `json:"name"`
	Type Type   `json:"type"`
	// Size is the variable's size in bytes: what a pipeline's immediate data (a Vulkan push
	// constant range at offset 0) must hold.
	Size int `json:"size"`
	// Stages lists the stages of the entry points that use the variable.
	Stages []Stage `json:"stages"`
}

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
	// Immediate names the var<immediate> variable the entry point uses; absent if none.
	Immediate string `json:"immediate,omitempty"`
	// VertexBuffers are a vertex entry point's user-defined inputs, grouped by the vertex
	// buffer that holds them (see vertex.go).
	VertexBuffers []VertexBuffer `json:"vertexBuffers,omitempty"`
	// FragmentOutputs are a fragment entry point's user-defined outputs, ordered by location,
	// then blend source.
	FragmentOutputs []IOVar `json:"fragmentOutputs,omitempty"`
}

// VertexBuffer is one vertex buffer of a vertex entry point: the @location members of one
// structure parameter, or the entry point's other @location parameters (and, in the 2021
// draft, the var<in> variables it uses).
type VertexBuffer struct {
	// Struct names the structure whose members the buffer holds; absent for the buffer of
	// loose parameters.
	Struct string `json:"struct,omitempty"`
	// Stride is the distance in bytes between two elements of the buffer, a multiple of 4.
	Stride     int               `json:"stride"`
	Attributes []VertexAttribute `json:"attributes"`
}

// VertexAttribute is one @location input in a vertex buffer.
type VertexAttribute struct {
	Location int    `json:"location"`
	Name     string `json:"name"`
	Type     Type   `json:"type"`
	// Format is WebGPU's GPUVertexFormat of the attribute ("float32x3").
	Format string `json:"format"`
	Offset int    `json:"offset"`
}

// BindingRef names a binding of Module.Bindings.
type BindingRef struct {
	Group   int `json:"group"`
	Binding int `json:"binding"`
	// Name is the variable, in an entry point's list of the bindings it uses: entry points
	// that never share a pipeline may use one binding number for different variables.
	Name string `json:"name,omitempty"`
}

// IOVar is one user-defined output of a fragment entry point.
type IOVar struct {
	Location int  `json:"location"`
	Type     Type `json:"type"`
	// Name is the structure member name; "" for a return value that is not a structure (and
	// the variable's name for a 2021-draft var<out>).
	Name string `json:"name"`
	// BlendSrc is the @blend_src of a dual-source blending output; absent otherwise.
	BlendSrc *int `json:"blendSrc,omitempty"`
}

// WorkgroupDim is one dimension of a workgroup size, or a subgroup size: a number fixed at
// shader creation, or an override-expression the pipeline fixes. In JSON it is the number,
// {"override": "name"} for an expression that is just an override's name, or {"expr": "WGSL
// text", "overrides": [names]} for other override-expressions.
type WorkgroupDim struct {
	Value     int      // the size, when Override and Expr are empty
	Override  string   // the override the dimension is, when it is exactly one
	Expr      string   // the WGSL spelling of any other override-expression
	Overrides []string // the overrides Expr uses, in order of first use
}

// Override is a pipeline-overridable constant.
type Override struct {
	Name string `json:"name"`
	// Key is the WebGPU pipeline-constant key: the @id in decimal when the declaration has
	// one, else the name (WGSL's "pipeline-overridable constant identifier string").
	Key  string `json:"key"`
	Type Type   `json:"type"`
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
	Type  Type   `json:"type"` // AbstractInt and AbstractFloat included
	Value Value  `json:"value"`
}
