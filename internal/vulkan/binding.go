package vulkan

import "fmt"

// BindingKind is the descriptor kind of one binding. The caller states it (in
// tests: from the compiler's reflection); the harness never guesses, but it
// does check the kind against the SPIR-V before running anything.
type BindingKind int

// The zero BindingKind is invalid, so a forgotten Kind is an error.
const (
	UniformBuffer         BindingKind = iota + 1 // var<uniform>
	StorageBuffer                                // var<storage, read_write>
	ReadOnlyStorageBuffer                        // var<storage, read>; contents must not change
	StorageImage                                 // texture_storage_*; bound in GENERAL layout
	SampledImage                                 // texture_* (incl. depth); SHADER_READ_ONLY layout
	Sampler                                      // sampler
	ComparisonSampler                            // sampler_comparison; SamplerDesc.Compare must be set
	CombinedImageSampler                         // not WGSL, but SPIR-V from other front ends uses it
)

var kindNames = [...]string{
	UniformBuffer:         "uniform buffer",
	StorageBuffer:         "storage buffer",
	ReadOnlyStorageBuffer: "read-only storage buffer",
	StorageImage:          "storage image",
	SampledImage:          "sampled image",
	Sampler:               "sampler",
	ComparisonSampler:     "comparison sampler",
	CombinedImageSampler:  "combined image sampler",
}

func (k BindingKind) String() string {
	if k >= UniformBuffer && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("BindingKind(%d)", int(k))
}

func (k BindingKind) isBuffer() bool { return k >= UniformBuffer && k <= ReadOnlyStorageBuffer }

func (k BindingKind) hasImage() bool {
	return k == StorageImage || k == SampledImage || k == CombinedImageSampler
}

func (k BindingKind) hasSampler() bool {
	return k == Sampler || k == ComparisonSampler || k == CombinedImageSampler
}

// Slot names a binding: @group(Group) @binding(Binding).
type Slot struct{ Group, Binding uint32 }

func (s Slot) String() string { return fmt.Sprintf("@group(%d) @binding(%d)", s.Group, s.Binding) }

// Binding is one resource of a Run.
type Binding struct {
	Group, Binding uint32
	Kind           BindingKind

	// Data is what the resource holds before the run. For buffers it is the
	// exact binding size (arrayLength() is computed from it) and must be a
	// non-empty multiple of 4 bytes. For images it is the packed texels
	// (ImageDesc.Size bytes; nil means zeros). Samplers have none.
	Data []byte

	// MinSize is the minimum binding size the caller expects for a buffer
	// (reflection's min_binding_size); a shorter Data is an error. Zero: no check.
	MinSize int

	// Stages are the VkShaderStageFlags of the descriptor set layout binding: the stages
	// that use it. Zero means the stage of the run (compute for a Dispatch, vertex and
	// fragment for a Draw).
	Stages uint32

	Image   *ImageDesc   // StorageImage, SampledImage, CombinedImageSampler
	Sampler *SamplerDesc // Sampler, ComparisonSampler, CombinedImageSampler; nil: defaults

	// Fill, for a multisampled image, is SPIR-V with the entry points "vs" and "fs" that
	// draw it instead of FillWGSL's: three vertices (a triangle list, no vertex buffers, no
	// culling, front face counter-clockwise), a viewport of the whole image with a positive
	// height and depth range [0, 1], one fragment shader invocation per sample, a color
	// attachment cleared to zero at location 0 (or, for Depth32Float, a depth attachment
	// with the test always passing), and Data as a storage buffer at @group(0) @binding(0).
	// It lets tests check what fragment shaders see and write.
	Fill []uint32
}

func (b *Binding) slot() Slot { return Slot{b.Group, b.Binding} }
