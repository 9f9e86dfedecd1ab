package wgslfuzz

import "regexp"

// A knownDisagreement is a kind of input on which wgslc and Tint give different verdicts
// on purpose: the spec says otherwise than Tint, Tint has a limit of its own, Tint's command
// line assumes a language feature, or the Vulkan target cannot express the shader. Each
// cites its reason; COMPATIBILITY.md explains the stances. The fixed-seed run (TestFixedSeed)
// fails on a disagreement that matches none of them.
type knownDisagreement struct {
	class  Class
	detail *regexp.Regexp // matches the deciding message (wgslc's error or Tint's), one message each: anchored
	reason string
	// flags, for a disagreement that comes from a feature Tint's command line assumes, are
	// wgslc's flags that assume it too: with them wgslc must agree with Tint, or the
	// disagreement is a finding (a rule applied wrongly, not the feature's rule).
	flags []string
}

const subgroupsVulkan10 = "subgroup operations need SPIR-V 1.3: the shader is valid WGSL, but not for the vulkan1.0 target the mutant was compiled for"

// uniformLayout is the reason of the uniform address space's layout rules.
const uniformLayout = "the uniform address space's layout rules hold unless the module requires uniform_buffer_standard_layout (spec \"Address Space Layout Constraints\"); Tint's command line assumes the feature"

var knownDisagreements = []knownDisagreement{
	// wgslc accepts, Tint rejects: Tint's own limits, beyond the spec's.
	{class: AcceptsTintRejects, detail: regexp.MustCompile(`^array count \(\d+\) must be less than 65536$`),
		reason: "Tint limits some array counts to 65535, a limit of its own: the spec has none, and wgslc refuses only types larger than 4294967295 bytes"},
	{class: AcceptsTintRejects, detail: regexp.MustCompile(`^statement nesting depth / chaining length exceeds limit of \d+$`),
		reason: "Tint counts nesting its own way and errs at 127; the spec's limit of 127 braces is one an implementation may exceed (spec \"Limits\"): a warning for Vulkan targets, an error with --webgpu-limits"},
	{class: AcceptsTintRejects, detail: regexp.MustCompile(`^maximum parser recursive depth reached$`),
		reason: "Tint's parser stops at a recursion depth of its own; the spec's limit of 127 braces is one an implementation may exceed (spec \"Limits\"): a warning for Vulkan targets, an error with --webgpu-limits"},
	{class: AcceptsTintRejects, detail: regexp.MustCompile(`^array constructor has excessive number of elements \(>32767\)$`),
		reason: "Tint limits array constructors to 32767 elements; SPIR-V allows 65532 operands, and the spec's 2047 is a warning for Vulkan targets"},

	// wgslc rejects, Tint accepts: optional language features that Tint's command line
	// assumes and this compiler requires to be named (spec "Language Extensions").
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^uniform buffer( member '[^']*' of struct '[^']*' at offset \d+)? has (array type|type .+ containing array type) .+ whose stride \d+ is not a multiple of 16 \(uniform address space\); .+, or require uniform_buffer_standard_layout$`),
		reason: uniformLayout, flags: []string{"--uniform-standard-layout"}},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^uniform buffer member '[^']*' of struct '[^']*' at offset \d+ has (array|structure) type .+, which must be at an offset that is a multiple of \d+ \(uniform address space: roundUp\(16, AlignOf\(.+\)\)\); .+, or require uniform_buffer_standard_layout$`),
		reason: uniformLayout, flags: []string{"--uniform-standard-layout"}},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^uniform buffer member '[^']*' of struct '[^']*' at offset \d+ is \d+ bytes after member '[^']*' of structure type '[^']*', but must be at least \d+ bytes after it \(uniform address space: roundUp\(16, SizeOf\(.+\)\)\); .+, or require uniform_buffer_standard_layout$`),
		reason: uniformLayout, flags: []string{"--uniform-standard-layout"}},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^buffer types need 'requires buffer_view;'$`),
		reason: "buffer types need 'requires buffer_view;' (spec \"Language Extensions\"); Tint's command line assumes the feature"},
	// The spec over Tint.
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^the x dimension of @workgroup_size, \d+, is not a multiple of @subgroup_size, \d+$`),
		reason: "the x dimension of @workgroup_size must be a multiple of @subgroup_size, a pipeline-creation error (spec \"subgroup_size\") that no pipeline avoids when both are const-expressions; Tint leaves it to Dawn"},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^'break if' must be the last statement of the continuing block$`),
		reason: "break if ends a continuing block, an empty statement ';' after it included (grammar: continuing_compound_statement is '{' statement* break_if_statement? '}'); Tint accepts a ';' after it, Naga rejects it as wgslc does"},
	// ... or that wgslc cannot express for its Vulkan target.
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^buffer types \(buffer_view\) are not supported by the SPIR-V backend yet$`),
		reason: "buffer_view's buffer types are not implemented for SPIR-V yet: wgslc says so"},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^subgroup operations need SPIR-V 1\.3 \(target vulkan1\.1 or later\)$`),
		reason: subgroupsVulkan10},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^subgroups need SPIR-V 1\.3 \(target vulkan1\.1 or later\)$`),
		reason: subgroupsVulkan10},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^entry point \w+ takes its workgroup size from overrides, which before SPIR-V 1\.6 sets the size of every compute entry point of the module \(\w+ too\): target vulkan1\.3 or keep one entry point$`),
		reason: "before SPIR-V 1.6 (Vulkan 1.3) an override-sized workgroup is the module-wide WorkgroupSize builtin: with several compute entry points only vulkan1.3 can express it"},
	{class: RejectsTintAccepts, detail: regexp.MustCompile(`^@location\(\d+\) is beyond what any Vulkan device numbers: its interface limits count 4 components per location in 32 bits \(at most @location\(\d+\)\)$`),
		reason: "Vulkan counts 4 components per location in 32 bits (maxVertexOutputComponents...), so no device has a location of 2^30 or more, and spirv-val wraps around; Tint accepts any u32"},
}

// knownDisagreement returns the known disagreement of class c whose message matches detail,
// or nil.
func known(c Class, detail string) *knownDisagreement {
	for i, k := range knownDisagreements {
		if k.class == c && k.detail.MatchString(detail) {
			return &knownDisagreements[i]
		}
	}
	return nil
}
