package host

import (
	"fmt"
	"slices"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Profile is what one Go binding of WebGPU can do, as its adapter declares it. The core's
// checks and choices follow from it, so that what a binding cannot do is refused before the
// binding sees it, in the same words on every adapter.
type Profile struct {
	// Package is the adapter's package name, which starts the core's errors ("gogpu").
	Package string
	// Binding names the binding and its version ("gogpu/wgpu v0.31.5").
	Binding string
	// Source is what the binding's shader modules are made from (see Code).
	Source Source
	// Dialect is the WGSL dialect of the binding's compiler (wgsl.Naga29...), for a binding
	// whose modules are made from WGSL: a table that holds the shader written for it (wgslgen
	// -for) gives that text; others give their WGSL as it is.
	Dialect wgsl.Dialect
	// Lacks maps each feature the binding cannot run to why, in words that follow its name
	// ("has no API for them"): the core refuses the feature with that reason and what to do
	// instead.
	Lacks map[Feature]string
}

// Source is what a binding's shader modules are made from.
type Source int

const (
	// SourceWGSL is the table's WGSL with the override values substituted
	// (wgsl.Shader.WGSLWith), for bindings whose pipelines take no constants.
	SourceWGSL Source = iota
	// SourceWGSLPushConstants is SourceWGSL with var<immediate> spelled var<push_constant>
	// (wgsl.Shader.WGSLWithPushConstants), for the older naga that knows only that name.
	SourceWGSLPushConstants
	// SourceSPIRV is the table's SPIR-V with the override values made the defaults of their
	// specialization constants (Specialize), for bindings that pass SPIR-V to the driver but
	// no specialization info.
	SourceSPIRV
)

func (s Source) String() string {
	switch s {
	case SourceWGSL:
		return "WGSL, override values substituted"
	case SourceWGSLPushConstants:
		return "WGSL, override values substituted, immediates as push constants"
	case SourceSPIRV:
		return "SPIR-V, override values as specialization constant defaults"
	}
	return fmt.Sprintf("Source(%d)", int(s))
}

// Feature is something a shader or a host may ask of a binding that not every binding does.
type Feature string

// The features a Profile may lack.
const (
	ImmediateData        Feature = "var<immediate> data"
	ComputeImmediateData Feature = "var<immediate> data in a compute pipeline"
	F16                  Feature = "f16"
	DynamicOffsets       Feature = "dynamic offsets"
	StorageTextures      Feature = "storage textures"
	ManyColorTargets     Feature = "color targets beyond @location(0)"
	NoColorTargets       Feature = "a fragment stage without color targets"
	ExternalTextures     Feature = "texture_external"
	SharedBindings       Feature = "one binding number for two variables"
	LayeredTextures      Feature = "texture arrays and cube textures"
)

// instead says what to write instead of a feature a binding lacks.
var instead = map[Feature]string{
	ImmediateData:        "pass the data in a uniform buffer",
	ComputeImmediateData: "pass the data in a uniform buffer",
	F16:                  "use f32, or a binding that runs f16",
	DynamicOffsets:       "bind each value's range (BufferRange) in a bind group of its own and set that instead",
	StorageTextures:      "write a storage buffer and copy it into the texture",
	ManyColorTargets:     "draw each target in a pass of its own, from a fragment entry point that writes @location(0)",
	NoColorTargets:       "write a @location(0) output to a color target beside the depth attachment",
	ExternalTextures:     "declare a texture_2d<f32> and bind a view of the frame's texture",
	SharedBindings:       "give the variables @binding numbers of their own, or declare them in separate files",
	LayeredTextures:      "bind a texture_2d per layer, or a texture_3d",
}

// Has reports whether the binding runs feature f.
func (p *Profile) Has(f Feature) bool {
	_, lacks := p.Lacks[f]
	return !lacks
}

// Refusal is the error of a feature the binding lacks: Feature for what Where names (a shader,
// an entry point, a binding). errors.As finds it in the core's errors.
type Refusal struct {
	Feature Feature
	Where   string
	profile *Profile
}

func (r *Refusal) Error() string {
	p := r.profile
	return fmt.Sprintf("%s: %s: %s %s; %s", r.Where, r.Feature, p.Binding, p.Lacks[r.Feature], instead[r.Feature])
}

// refusal returns the error that refuses feature f for what where names, without the package
// name.
func (p *Profile) refusal(where string, f Feature) error {
	return &Refusal{Feature: f, Where: where, profile: p}
}

// errorf returns an error that starts with the adapter's package name.
func (p *Profile) errorf(format string, args ...any) error {
	return fmt.Errorf(p.Package+": "+format, args...)
}

// externalTexture returns a texture_external binding of s, nil when it declares none.
func externalTexture(s *wgsl.Shader) *wgsl.Binding {
	for g := range s.BindGroups {
		for i := range s.BindGroups[g].Entries {
			if b := &s.BindGroups[g].Entries[i]; b.ExternalTexture != nil {
				return b
			}
		}
	}
	return nil
}

// sharedBinding returns the second of two bindings of s at one binding number (which WGSL
// allows entry points that never share a pipeline), nil when there are none.
func sharedBinding(s *wgsl.Shader) *wgsl.Binding {
	for g := range s.BindGroups {
		entries := s.BindGroups[g].Entries
		for i := 1; i < len(entries); i++ {
			if entries[i].Binding == entries[i-1].Binding {
				return &entries[i]
			}
		}
	}
	return nil
}

// Code is what a shader module is made from: WGSL text or SPIR-V words, one of them set.
type Code struct {
	WGSL  string
	SPIRV []uint32
}

// Code returns what the binding makes the shader module of s from, with the override values
// (by override name, as the generated Overrides type's Values method gives them). It is the
// one place that chooses the text a binding gets, so that a printer of WGSL for another
// compiler's dialect plugs in here. A shader the binding cannot run (f16 on a binding without
// it, a texture_external declared where the binding has none, used or not, a binding number
// of two variables where its compiler refuses one) is refused.
func (p *Profile) Code(s *wgsl.Shader, overrides map[string]float64) (Code, error) {
	if !p.Has(F16) && slices.Contains(DeviceFeatures(s), "shader-f16") {
		return Code{}, p.errorf("%w", p.refusal(s.Source, F16))
	}
	if b := externalTexture(s); b != nil && !p.Has(ExternalTextures) {
		return Code{}, p.errorf("%w", p.refusal(s.Source+": "+bindingName(b), ExternalTextures))
	}
	if b := sharedBinding(s); b != nil && !p.Has(SharedBindings) {
		return Code{}, p.errorf("%w", p.refusal(s.Source+": "+bindingName(b), SharedBindings))
	}
	var c Code
	var err error
	switch p.Source {
	case SourceSPIRV:
		var spec wgsl.Specialization
		if spec, err = s.Specialization(overrides); err == nil {
			c.SPIRV, err = Specialize(s.Words(), spec)
		}
	case SourceWGSLPushConstants:
		c.WGSL, err = s.WGSLWithPushConstants(overrides)
	default:
		if p.Dialect != "" && s.Dialect(p.Dialect) != nil {
			// The text written for the binding's WGSL compiler (wgslgen -for).
			c.WGSL, err = s.WGSLFor(p.Dialect, overrides)
		} else {
			c.WGSL, err = s.WGSLWith(overrides)
		}
	}
	if err != nil {
		return Code{}, p.errorf("%s: %w", s.Source, err)
	}
	return c, nil
}
