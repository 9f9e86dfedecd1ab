package builtins

import "strings"

// Stage is a set of shader stages.
type Stage uint8

// The shader stages.
const (
	Vertex Stage = 1 << iota
	Fragment
	Compute

	AllStages = Vertex | Fragment | Compute
)

func (s Stage) String() string {
	if s == AllStages {
		return "any"
	}
	var names []string
	for _, x := range [...]struct {
		s    Stage
		name string
	}{{Vertex, "vertex"}, {Fragment, "fragment"}, {Compute, "compute"}} {
		if s&x.s != 0 {
			names = append(names, x.name)
		}
	}
	return strings.Join(names, " and ")
}

// ParseStage maps "vertex", "fragment" or "compute" to its stage.
func ParseStage(name string) (Stage, bool) {
	switch name {
	case "vertex":
		return Vertex, true
	case "fragment":
		return Fragment, true
	case "compute":
		return Compute, true
	}
	return 0, false
}

// Extension is an enable-extension: functionality a module turns on with `enable`.
type Extension uint8

// The enable-extensions of the spec ("Enable Extensions"), in its order.
const (
	NoExtension Extension = iota
	ExtF16
	ExtClipDistances
	ExtDualSourceBlending
	ExtSubgroups
	ExtPrimitiveIndex
	ExtSubgroupSizeControl
	numExtensions
)

var extensionNames = [numExtensions]string{
	"", "f16", "clip_distances", "dual_source_blending", "subgroups", "primitive_index",
	"subgroup_size_control",
}

func (e Extension) String() string { return extensionNames[e] }

// ParseExtension maps an enable-extension name to its Extension.
func ParseExtension(name string) (Extension, bool) {
	for i := Extension(1); i < numExtensions; i++ {
		if extensionNames[i] == name {
			return i, true
		}
	}
	return NoExtension, false
}

// Extensions lists every enable-extension in the spec's order.
func Extensions() []Extension {
	out := make([]Extension, 0, numExtensions-1)
	for i := Extension(1); i < numExtensions; i++ {
		out = append(out, i)
	}
	return out
}

// ExtensionSet is a set of enable-extensions.
type ExtensionSet uint32

// Has reports whether e is in the set. Every set has NoExtension.
func (s ExtensionSet) Has(e Extension) bool { return e == NoExtension || s&(1<<e) != 0 }

// With returns the set with e added, and with what e implies: enabling
// subgroup_size_control enables subgroups.
func (s ExtensionSet) With(e Extension) ExtensionSet {
	s |= 1 << e
	if e == ExtSubgroupSizeControl {
		s |= 1 << ExtSubgroups
	}
	return s
}

// Feature is a language extension: functionality an implementation provides without `enable`,
// which a module documents with `requires`.
type Feature uint8

// The language extensions of the spec ("Language Extensions"), in its order.
const (
	NoFeature Feature = iota
	ReadonlyAndReadwriteStorageTextures
	Packed4x8IntegerDotProduct
	UnrestrictedPointerParameters
	PointerCompositeAccess
	UniformBufferStandardLayout
	SubgroupID
	SubgroupUniformity
	TextureAndSamplerLet
	TextureFormatsTier1
	LinearIndexing
	ImmediateAddressSpace
	FragmentDepth
	BufferView
	numFeatures
)

var featureNames = [numFeatures]string{
	"",
	"readonly_and_readwrite_storage_textures",
	"packed_4x8_integer_dot_product",
	"unrestricted_pointer_parameters",
	"pointer_composite_access",
	"uniform_buffer_standard_layout",
	"subgroup_id",
	"subgroup_uniformity",
	"texture_and_sampler_let",
	"texture_formats_tier1",
	"linear_indexing",
	"immediate_address_space",
	"fragment_depth",
	"buffer_view",
}

func (f Feature) String() string { return featureNames[f] }

// ParseFeature maps a language extension name to its Feature.
func ParseFeature(name string) (Feature, bool) {
	for i := Feature(1); i < numFeatures; i++ {
		if featureNames[i] == name {
			return i, true
		}
	}
	return NoFeature, false
}

// Features lists every language extension in the spec's order.
func Features() []Feature {
	out := make([]Feature, 0, numFeatures-1)
	for i := Feature(1); i < numFeatures; i++ {
		out = append(out, i)
	}
	return out
}

// FeatureSet is a set of language extensions.
type FeatureSet uint32

// AllFeatures is every language extension of the spec.
const AllFeatures FeatureSet = (1<<numFeatures - 1) &^ 1

// Has reports whether f is in the set. Every set has NoFeature.
func (s FeatureSet) Has(f Feature) bool { return f == NoFeature || s&(1<<f) != 0 }

// With returns the set with f added.
func (s FeatureSet) With(f Feature) FeatureSet { return s | 1<<f }
