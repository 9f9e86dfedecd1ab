package wgsl

import "fmt"

// Shader is the table of one compiled WGSL module: its SPIR-V, its WGSL text, and what a host
// needs to build pipelines and bind groups for it. The bind group entries and vertex buffer
// layouts mirror WebGPU's GPUBindGroupLayoutEntry and GPUVertexBufferLayout, with WebGPU's
// enum spellings; methods give Vulkan's numbers for the same facts, so one table serves both.
type Shader struct {
	// Source is the base name of the WGSL file ("particles.wgsl").
	Source string
	// SPIRV is the SPIR-V module: little-endian 32-bit words. Do not modify it; Words returns
	// them as []uint32.
	SPIRV []byte
	// WGSL is the module as WGSL text, for WebGPU hosts: the source itself, or for a shader
	// written in the 2021 draft dialect its migration to modern WGSL. It is empty when the
	// code was generated without it (wgslgen -wgsl=none). WGSLWith substitutes override values.
	WGSL string
	// EntryPoints lists the entry points in declaration order.
	EntryPoints []EntryPoint
	// BindGroups holds one entry per group from 0 to the highest group a binding uses, so that
	// BindGroups[i] is @group(i); a group without bindings has no entries. This is the layout
	// of every entry point of the module: a binding's visibility is the union of the stages of
	// the entry points that use it. (Where entry points use one binding number for different
	// variables, no one layout serves them all: each needs a layout of the bindings it uses,
	// BindingsOf.)
	BindGroups []BindGroup
	// Immediates lists the var<immediate> variables (immediate data; push constants in Vulkan).
	Immediates []Immediate
	// ImmediateFeature is where WGSL's `requires` directive names the language feature
	// immediate_address_space: the text to delete for a WGSL compiler that predates it (the
	// whole directive, or the name with a comma when the directive names other features too).
	// It is empty when the text does not name the feature. See WGSLWithPushConstants.
	ImmediateFeature TextRange
	// Overrides lists the pipeline-overridable constants in declaration order.
	Overrides []Override
	// Dialects holds the module written for the WGSL compilers of older Go bindings, one
	// per dialect wgslgen was told about (-for); WGSLFor gives them with override values.
	Dialects []DialectText
}

// A Dialect is the WGSL one compiler reads, as wgslgen -for and package compiler/hostwgsl
// name it.
type Dialect string

// The dialects.
const (
	// Modern is the spec's WGSL (browsers, Dawn, wgpu and naga from 30 on): Shader.WGSL.
	Modern Dialect = "modern"
	// Naga29 is what naga 29 reads: the wgpu-native v29 of github.com/oliverbestmann/webgpu.
	Naga29 Dialect = "naga-29"
	// Naga019 is what naga 0.19 reads: the wgpu-native of github.com/cogentcore/webgpu
	// v0.23.0.
	Naga019 Dialect = "naga-0.19"
	// Gogpu is what gogpu/naga v0.18.0 reads: github.com/gogpu/wgpu v0.31.5 on the backends
	// that take WGSL.
	Gogpu Dialect = "gogpu-naga-0.18"
)

// DialectText is the module written in one dialect.
type DialectText struct {
	Dialect Dialect
	// WGSL is the text, "" when the module cannot be written in the dialect.
	WGSL string
	// Problems says why not, one "file:line:col: message" a line, when WGSL is "".
	Problems string
	// Overrides are where the override declarations lie in WGSL, in the order of
	// Shader.Overrides.
	Overrides []OverrideText
}

// OverrideText is where an override declaration and its initializer lie in a text.
type OverrideText struct {
	Decl, Init TextRange
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

// Binding returns the binding @group(group) @binding(binding), or nil. When two entry points
// use the binding number for different variables, it returns the first declared; BindingsOf
// tells them apart.
func (s *Shader) Binding(group, binding uint32) *Binding {
	if int(group) >= len(s.BindGroups) {
		return nil
	}
	entries := s.BindGroups[group].Entries
	for i := range entries {
		if entries[i].Binding == binding {
			return &entries[i]
		}
	}
	return nil
}

// BindingsOf returns the bindings entry point e uses, in the order of e.Bindings, or an error
// when e is not an entry point of s or a binding it names is missing.
//
// WGSL lets entry points that never run in one pipeline use one binding number for different
// variables (a vertex shader's uniform and a compute shader's, or two compute shaders'
// textures); the group then has an entry for each, and the one e uses is the one
// e.BindingNames names, or without names the one whose Visibility has e's stage.
func (s *Shader) BindingsOf(e *EntryPoint) ([]*Binding, error) {
	own := s.EntryPoint(e.Name)
	if own == nil || own.Stage != e.Stage {
		return nil, fmt.Errorf("wgsl: %s has no %v entry point %s", s.Source, e.Stage, e.Name)
	}
	out := make([]*Binding, 0, len(own.Bindings))
	named := len(own.BindingNames) == len(own.Bindings)
	for k, ref := range own.Bindings {
		var slot, staged []*Binding
		if int(ref.Group) < len(s.BindGroups) {
			entries := s.BindGroups[ref.Group].Entries
			for i := range entries {
				if entries[i].Binding == ref.Binding {
					slot = append(slot, &entries[i])
					if named && own.BindingNames[k] == entries[i].Name || !named && entries[i].Visibility&own.Stage != 0 {
						staged = append(staged, &entries[i])
					}
				}
			}
		}
		switch {
		case len(slot) == 1:
			out = append(out, slot[0])
		case len(staged) == 1:
			out = append(out, staged[0])
		case len(slot) == 0:
			return nil, fmt.Errorf("wgsl: %s: entry point %s uses @group(%d) @binding(%d), which the table does not have", s.Source, e.Name, ref.Group, ref.Binding)
		default:
			return nil, fmt.Errorf("wgsl: %s: entry point %s uses @group(%d) @binding(%d), which holds %d variables visible to %v entry points: the table cannot tell which",
				s.Source, e.Name, ref.Group, ref.Binding, len(staged), own.Stage)
		}
	}
	return out, nil
}

// Immediate returns the var<immediate> variable called name, or nil.
func (s *Shader) Immediate(name string) *Immediate {
	for i := range s.Immediates {
		if s.Immediates[i].Name == name {
			return &s.Immediates[i]
		}
	}
	return nil
}

// Override returns the override called name, or nil.
func (s *Shader) Override(name string) *Override {
	for i := range s.Overrides {
		if s.Overrides[i].Name == name {
			return &s.Overrides[i]
		}
	}
	return nil
}

// Dialect returns the table's text for the compiler of dialect d (wgslgen -for), or nil.
func (s *Shader) Dialect(d Dialect) *DialectText {
	for i := range s.Dialects {
		if s.Dialects[i].Dialect == d {
			return &s.Dialects[i]
		}
	}
	return nil
}

// ShaderStage is a set of shader stages, with the bits of WebGPU's GPUShaderStage.
type ShaderStage uint32

// The shader stages.
const (
	Vertex   ShaderStage = 0x1
	Fragment ShaderStage = 0x2
	Compute  ShaderStage = 0x4
)

// String spells the stages as WGSL names them, joined by "|": "vertex|fragment".
func (s ShaderStage) String() string {
	var out string
	for _, st := range []struct {
		bit  ShaderStage
		name string
	}{{Vertex, "vertex"}, {Fragment, "fragment"}, {Compute, "compute"}} {
		if s&st.bit != 0 {
			if out != "" {
				out += "|"
			}
			out += st.name
		}
	}
	if out == "" {
		return "none"
	}
	return out
}

// VkShaderStageFlags returns the stages as VkShaderStageFlags.
func (s ShaderStage) VkShaderStageFlags() uint32 {
	var f uint32
	if s&Vertex != 0 {
		f |= 0x1 // VK_SHADER_STAGE_VERTEX_BIT
	}
	if s&Fragment != 0 {
		f |= 0x10 // VK_SHADER_STAGE_FRAGMENT_BIT
	}
	if s&Compute != 0 {
		f |= 0x20 // VK_SHADER_STAGE_COMPUTE_BIT
	}
	return f
}

// EntryPoint is one entry point of a Shader.
type EntryPoint struct {
	Name string
	// Stage is exactly one of Vertex, Fragment and Compute.
	Stage ShaderStage
	// WorkgroupSize is the @workgroup_size of a compute entry point, x, y and z, with omitted
	// dimensions 1.
	WorkgroupSize [3]Dim
	// SubgroupSize is the @subgroup_size of a compute entry point, the zero Dim when it has
	// none: the subgroup size its pipeline must require. SPIR-V does not carry it; in Vulkan
	// it is VkPipelineShaderStageRequiredSubgroupSizeCreateInfo.requiredSubgroupSize.
	SubgroupSize Dim
	// Bindings lists the bindings the entry point statically uses (directly or through the
	// functions it calls), by group, then binding.
	Bindings []BindingRef
	// BindingNames names the variable of each of Bindings where the shader's entry points use
	// one binding number for different variables (see Shader.BindingsOf); it is empty
	// otherwise.
	BindingNames []string
	// VertexBuffers are the vertex buffers of a vertex entry point, in the order of its
	// parameters: one per parameter of structure type with @location members, and one for
	// its other @location parameters together, where the first of them is. The index of a
	// buffer here is its slot in the pipeline's vertex state. StepMode is left empty: the
	// host chooses it (PerVertex, PerInstance).
	VertexBuffers []VertexBufferLayout
	// FragmentOutputs are a fragment entry point's @location outputs, by location, then
	// @blend_src: the color targets its pipeline needs.
	FragmentOutputs []FragmentOutput
	// Immediate names the var<immediate> variable the entry point uses, "" if none, and
	// ImmediateSize is its size in bytes (0 if none): WebGPU's immediateSize of a pipeline
	// layout and the size of Vulkan's push constant range must be at least that.
	Immediate     string
	ImmediateSize uint32
}

// Dim is one dimension of a workgroup size, or a subgroup size: a number, the value of an
// override, or an override-expression the pipeline's override values decide.
type Dim struct {
	Value    uint32 // when Override and Expr are empty
	Override string // the name of the override the dimension is
	Expr     string // the WGSL text of another override-expression
}

// BindingRef names a binding: @group(Group) @binding(Binding).
type BindingRef struct {
	Group, Binding uint32
}

// FragmentOutput is one @location output of a fragment entry point.
type FragmentOutput struct {
	Location uint32
	// BlendSrc is the @blend_src of a dual-source blending output (0 or 1), -1 when it has
	// none.
	BlendSrc int
	// Name is the structure member's name, "" for a result that is not a structure.
	Name string
	// Type is the WGSL type (vec4<f32>, ...).
	Type string
}

// Immediate is a var<immediate> variable: immediate data in WebGPU, a push constant block in
// Vulkan, at offset 0.
type Immediate struct {
	Name string
	// Type is the WGSL type of the variable; its Go type is the generated structure or shape
	// of that type.
	Type string
	// Size is the variable's size in bytes.
	Size uint32
	// Stages are the stages of the entry points that use the variable.
	Stages ShaderStage
	// AddressSpace is where the word `immediate` of the variable's var<immediate> lies in
	// Shader.WGSL (empty without a WGSL text): what WGSLWithPushConstants respells.
	AddressSpace TextRange
}

// VkPushConstantRange returns the Vulkan push constant range of the variable: its stages as
// VkShaderStageFlags, offset 0, and its size.
func (im *Immediate) VkPushConstantRange() (stageFlags, offset, size uint32) {
	return im.Stages.VkShaderStageFlags(), 0, im.Size
}

// Override is a pipeline-overridable constant of a Shader.
type Override struct {
	Name string
	// Key is the WebGPU pipeline-constant key of the override (WGSL's "pipeline-overridable
	// constant identifier string"): its @id in decimal when it has one, else its name.
	Key string
	// ID is the SPIR-V SpecId, the constantID of a VkSpecializationMapEntry: the @id, or the
	// one the compiler assigned.
	ID uint32
	// Type is bool, i32, u32, f32 or f16.
	Type string
	// Default is the value, as WGSL spells it, that the override has when the pipeline does
	// not set it; "" when it has none and is Required, or when it is an override-expression
	// (FlagID is then set).
	Default  string
	Required bool
	// FlagID is, for an override whose default is an override-expression, the SpecId of a
	// bool specialization constant: the shader computes the default unless it is true, so a
	// pipeline that sets the override sets it to true as well. 0 for other overrides.
	FlagID uint32
	// Decl is where the override's declaration (attributes to ';') lies in Shader.WGSL, and
	// Init where its initializer lies (empty when it has none): what WGSLWith rewrites.
	Decl, Init TextRange
}

// TextRange is a range of bytes, [Start, End), of a text.
type TextRange struct {
	Start, End int
}
