package hostwgsl

// A Profile is the WGSL one compiler reads: what it lacks of the spec, which the printer
// writes in other words or refuses. The profiles are fixed values of this package; Lookup
// finds one by its name or by the Go binding that carries the compiler.
type Profile struct {
	// Name is the profile's name in tables and on wgslgen's command line ("naga-0.19").
	Name string
	// Compiler names the compiler and its version ("naga 0.19.2").
	Compiler string
	// Bindings are the Go bindings whose WGSL goes through the compiler, as module path and
	// version, and the names Lookup takes for them.
	Bindings []Binding
	// Substitutes is set when the compiler reads no override declaration: the printed text
	// keeps them, and a host substitutes the pipeline's values (or the defaults) before it
	// gives the text to the compiler, as gen/wgsl's Shader.WGSLFor does.
	Substitutes bool

	lacks lacks
}

// A Binding is a Go binding whose shader modules go through a profile's compiler.
type Binding struct {
	// Name is what wgslgen -for and Lookup take ("cogentcore").
	Name string
	// Module is the binding's module path and version.
	Module string
}

// lacks lists what a compiler does not read, each with the way around it. The zero value
// is the spec.
type lacks struct {
	// fold: const declarations, abstract numbers and inferred constructors. Every
	// const-expression is written as its value, in the type it converts to where it is
	// used, and the const declarations go (nagas before 22 give abstract numbers and
	// function-scope consts a concrete type at once, or not at all; gogpu/naga lowers no
	// constructor in a module const).
	fold bool
	// valueIndex: indexing an array or matrix value (a let, a parameter, a const) by an
	// index known only at run time. The value is put in a var.
	valueIndex bool
	// pointerAccess: the pointer_composite_access language feature (p.m, p[i] for a
	// pointer p). The pointer is dereferenced: (*p).m.
	pointerAccess bool
	// immediate spells var<immediate> as naga spelled it before WGSL had it:
	// var<push_constant>; "" keeps immediate.
	immediate string
	// requires: the requires directive. Language features the program uses are written
	// in other words or refused one by one.
	requires bool
	// requiresFeatures are the language features the compiler reads no requires of, although
	// it reads the directive: it drops them.
	requiresFeatures []string
	// enables maps enable-extensions to what the compiler does with them; the directive
	// itself is kept for those not listed, unless noEnable.
	enables  []enableRule
	noEnable bool
	// diagnostics: diagnostic directives and attributes, for a compiler without the uniformity
	// analysis they filter: they go. diagnosticAttrs: @diagnostic attributes only, for a
	// compiler that reads the directive: a rule an attribute turns off is turned off for
	// the module (diagnostic(off, rule)), which filters more warnings, and nothing else.
	diagnostics, diagnosticAttrs bool
	// constAssert: const_assert, which the checker has proven; it goes.
	constAssert bool
	// mustUse: @must_use, a diagnostic only; it goes.
	mustUse bool
	// sampling: @interpolate(flat, first) and @interpolate(flat, either), written as
	// @interpolate(flat): flat is flat, first, and first is one of the vertices either
	// allows.
	sampling bool
	// trailingReturn: a function whose body may not end without a return, where the
	// behavior analysis proves it never gets there (a loop that returns). A return of the
	// zero value is added. lastReturn: unless the last statement is a return (gogpu/naga
	// wants one even after an if or a switch whose every branch returns).
	trailingReturn, lastReturn bool
	// deadCode: statements after a return, discard, break or continue in their block, which
	// naga 0.19 refuses; they never run, and go.
	deadCode bool
	// textureIntIndex: u32 levels, array indices and sample indices of textureLoad; they
	// are converted to i32 (indices past i32's range are out of bounds either way).
	textureIntIndex bool
	// depthLevelFloat: textureSampleLevel on a depth texture takes the level as an f32.
	depthLevelFloat bool
	// builtins are the builtin functions the compiler does not know, by name.
	builtins []namedMissing
	// pointerParams: pointer parameters in the storage, uniform, workgroup (and immediate)
	// address spaces (unrestricted_pointer_parameters), and storage textures as parameters;
	// privatePointerParams: in the private address space too (gogpu/naga writes SPIR-V that
	// mixes the private and function storage classes for them).
	pointerParams, privatePointerParams bool
	// uniformMatrix2: matrices of two-component f32 columns (matCx2<f32>) in uniform buffers,
	// which gogpu/naga decorates 8 bytes apart, as Vulkan's uniform layout does not allow.
	uniformMatrix2 bool
	// handleLet: let declarations of textures and samplers (texture_and_sampler_let); the
	// uses name the variable the let names.
	handleLet bool
	// types lists the types the compiler does not read, or gets wrong, by name of the spec
	// ("texture_external", "f16"), with what to do instead.
	types []typeNote
	// builtinValues lists the @builtin values it does not read ("clip_distances").
	builtinValues []string
	// formats lists the storage texel formats it does not read.
	formats []string
	// relational: all() and any() of vectors, which gogpu/naga reads but writes no SPIR-V
	// for; they become comparisons of the components.
	relational bool
	// varTypes: a module-scope var without a type (its type is written); functionSpace:
	// var<function> (the address space goes: it is the default).
	varTypes, functionSpace bool
	// aliases: type aliases declared after a use (naga 0.19 then takes the aliased type
	// for another one). Every alias is written as the type it names.
	aliases bool
	// templateExprs: expressions other than identifiers and literals in a template list
	// (array<f32, n - 1>); they are parenthesised.
	templateExprs bool
	// derefAssign: a compound assignment or increment through a pointer parameter (*p += e),
	// which gogpu/naga writes no SPIR-V for. It is written *p = *p + (e): p is an identifier,
	// so evaluating *p twice is evaluating it once. matrixAssign: v *= m for a matrix m,
	// which it takes for a splat; it is written v = v * (m), for a left side without calls.
	derefAssign, matrixAssign bool
	// checkable: the output is for wgslgo (Profile.Checkable).
	checkable bool
	// continuingLoops: a loop inside a continuing block, which gogpu/naga writes SPIR-V of
	// that does not validate.
	continuingLoops bool
	// nonSquareProducts: products with a matrix that is not square, whose result types
	// gogpu/naga gets wrong (its SPIR-V does not validate).
	nonSquareProducts bool
	// transpose: transpose of a matrix that is not square, whose result gogpu/naga gives the
	// argument's column type; a helper function builds the columns.
	transpose bool
	// initialize: a module-scope private variable's initializer, and the zero value of a
	// private or function variable without one, which gogpu/naga leaves out of its SPIR-V
	// (so Vulkan leaves the variable undefined). Function variables get their zero value
	// written; private ones are assigned theirs at the start of each entry point that uses
	// them.
	initialize bool
	// shortCircuit: the right operand of && and || evaluated only when needed; gogpu/naga
	// evaluates both. A right operand with effects (a call of a function, an atomic) is
	// refused.
	shortCircuit bool
	// duplicateBindings: two variables at one @group and @binding (used by different
	// entry points).
	duplicateBindings bool
}

// The lists of a profile's lacks are static data, searched in order (a handful of entries
// each): maps would be built when every process starts, whichever profile it uses.

// enableRule is what a compiler does with the enable-extension called name.
type enableRule struct {
	name string
	ext  extension
}

// enableRule returns the rule for the extension called name.
func (l *lacks) enableRule(name string) (extension, bool) {
	for _, r := range l.enables {
		if r.name == name {
			return r.ext, true
		}
	}
	return 0, false
}

// typeNote says what to do instead of a type, by its name in the spec.
type typeNote struct {
	name, note string
}

// typeNote returns what to do instead of the type called name, or "" if it is read.
func (l *lacks) typeNote(name string) string {
	for _, t := range l.types {
		if t.name == name {
			return t.note
		}
	}
	return ""
}

// extension is what a compiler does with an enable-extension.
type extension uint8

const (
	// extRefuse: the compiler does not have it; a program that enables it cannot be
	// written for it.
	extRefuse extension = iota
	// extImplicit: the compiler has it without the directive (behind a device feature):
	// the directive goes.
	extImplicit
)

// The profiles.
var (
	// Modern is WGSL as the specification writes it: Tint (browsers, Dawn), wgpu and naga
	// from 30 on. The printed text is the program as it was checked, in canonical form.
	Modern = &Profile{
		Name:     "modern",
		Compiler: "the WGSL specification (Tint, naga 30)",
	}

	// Naga29 is the WGSL compiler of wgpu-native v29 (naga 29.0.1), which
	// github.com/oliverbestmann/webgpu, Cogent Core's binding since May 2026, carries.
	Naga29 = &Profile{
		Name:     "naga-29",
		Compiler: "naga 29.0.1 (wgpu-native v29)",
		Bindings: []Binding{{Name: "wgpu-native", Module: "github.com/oliverbestmann/webgpu v1.33.5-0.20260523154840-fa113c1fb662"}},
		lacks: lacks{
			requiresFeatures: []string{"immediate_address_space", "texture_and_sampler_let"},
			enables:          []enableRule{{"subgroups", extImplicit}, {"subgroup_size_control", extRefuse}},
			diagnosticAttrs:  true,
			trailingReturn:   true,
			pointerParams:    true,
			handleLet:        true,
			builtins:         []namedMissing{{name: "subgroupElect"}},
		},
	}

	// Naga19 is the WGSL compiler of the wgpu-native that github.com/cogentcore/webgpu
	// v0.23.0 links (wgpu at commit 87576b72, naga 0.19.2): WGSL of early 2024.
	Naga19 = &Profile{
		Name:        "naga-0.19",
		Compiler:    "naga 0.19.2 (the wgpu-native of github.com/cogentcore/webgpu v0.23.0)",
		Bindings:    []Binding{{Name: "cogentcore", Module: "github.com/cogentcore/webgpu v0.23.0"}},
		Substitutes: true,
		lacks: lacks{
			fold:          true,
			valueIndex:    true,
			pointerAccess: true,
			immediate:     "push_constant",
			requires:      true,
			noEnable:      true,
			// The binding has the native feature for primitive_index, none for dual-source
			// blending (naga 0.19 spells it @second_blend_source).
			enables:         []enableRule{{"primitive_index", extImplicit}},
			diagnostics:     true,
			constAssert:     true,
			mustUse:         true,
			sampling:        true,
			varTypes:        true,
			functionSpace:   true,
			templateExprs:   true,
			aliases:         true,
			trailingReturn:  true,
			deadCode:        true,
			textureIntIndex: true,
			depthLevelFloat: true,
			builtins:        naga19Builtins,
			pointerParams:   true,
			handleLet:       true,
			types: []typeNote{
				{"texture_external", "has no texture_external: bind the video frame as a texture_2d<f32> and sample it with textureSampleLevel"},
				{"f16", "has no f16: use f32"},
			},
			builtinValues: []string{"clip_distances", "subgroup_invocation_id", "subgroup_size", "subgroup_id", "num_subgroups"},
			formats:       []string{"rg11b10ufloat"},
		},
	}

	// Gogpu is gogpu/naga v0.18.0, the pure-Go WGSL compiler of github.com/gogpu/wgpu
	// v0.31.5 (which takes SPIR-V on Vulkan, and WGSL for its other backends).
	Gogpu = &Profile{
		Name:        "gogpu-naga-0.18",
		Compiler:    "gogpu/naga v0.18.0 (github.com/gogpu/wgpu v0.31.5)",
		Bindings:    []Binding{{Name: "gogpu", Module: "github.com/gogpu/wgpu v0.31.5"}},
		Substitutes: true,
		lacks: lacks{
			fold:            true,
			pointerAccess:   true,
			requires:        true,
			diagnosticAttrs: true,
			handleLet:       true,
			types: []typeNote{
				{"f16", "has no f16: use f32"},
				{"texture_depth_multisampled_2d", "loads a texture_depth_multisampled_2d as integers (its SPIR-V does not validate): " +
					"bind the depth as a texture_multisampled_2d<f32> of r32float"},
			},
			continuingLoops:      true,
			transpose:            true,
			nonSquareProducts:    true,
			builtins:             []namedMissing{{name: "subgroupElect"}},
			relational:           true,
			duplicateBindings:    true,
			trailingReturn:       true,
			lastReturn:           true,
			derefAssign:          true,
			matrixAssign:         true,
			pointerParams:        true,
			privatePointerParams: true,
			uniformMatrix2:       true,
			initialize:           true,
			shortCircuit:         true,
		},
	}
)

// Profiles returns the profiles, Modern first.
func Profiles() []*Profile { return []*Profile{Modern, Naga29, Naga19, Gogpu} }

// Lookup returns the profile called name, or the one of the binding called name; nil if
// there is none.
func Lookup(name string) *Profile {
	for _, p := range Profiles() {
		if p.Name == name {
			return p
		}
		for _, b := range p.Bindings {
			if b.Name == name {
				return p
			}
		}
	}
	return nil
}

// Checkable returns a profile that prints everything as p does but what the spec does not
// read: its output checks with wgslgo, for tests that compile what p's compiler would get. It
// spells var<immediate> where p spells var<push_constant>, takes an integer level of
// textureSampleLevel on a depth texture where p converts it to f32, keeps the
// enable-extensions p's compiler has without the directive, and the diagnostic directives
// and attributes p drops (for a compiler without the uniformity analysis they filter).
func (p *Profile) Checkable() *Profile {
	c := *p
	c.lacks.checkable = true
	return &c
}

// String returns the compiler and, when there are any, the bindings that carry it:
// "naga 0.19.2 (the wgpu-native of github.com/cogentcore/webgpu v0.23.0)".
func (p *Profile) String() string { return p.Compiler }
