package wgslfuzz

import "regexp"

// A knownDisagreement is a kind of input on which wgslc and Tint give different verdicts
// on purpose: the spec says otherwise than Tint, Tint has a limit of its own, Tint's command
// line assumes a language feature, or the Vulkan target cannot express the shader. Each
// cites its reason; COMPATIBILITY.md explains the stances. The fixed-seed run (TestFixedSeed)
// fails on a disagreement that matches none of them.
type knownDisagreement struct {
	class  Class
	detail *regexp.Regexp // matches the deciding message (wgslc's error or Tint's)
	reason string
}

var knownDisagreements = []knownDisagreement{
	// wgslc accepts, Tint rejects: Tint's own limits, beyond the spec's.
	{AcceptsTintRejects, regexp.MustCompile(`^array count \(\d+\) must be less than 65536$`),
		"Tint limits some array counts to 65535, a limit of its own: the spec has none, and wgslc refuses only types larger than 4294967295 bytes"},
	{AcceptsTintRejects, regexp.MustCompile(`^(statement nesting depth / chaining length exceeds limit of \d+|maximum parser recursive depth reached)$`),
		"Tint counts nesting its own way and errs at 127; the spec's limit of 127 braces is one an implementation may exceed (spec \"Limits\"): a warning for Vulkan targets, an error with --webgpu-limits"},
	{AcceptsTintRejects, regexp.MustCompile(`^array constructor has excessive number of elements`),
		"Tint limits array constructors to 32767 elements; SPIR-V allows 65532 operands, and the spec's 2047 is a warning for Vulkan targets"},

	// wgslc rejects, Tint accepts: optional language features that Tint's command line
	// assumes and this compiler requires to be named (spec "Language Extensions").
	{RejectsTintAccepts, regexp.MustCompile(`\(uniform address space[):]|uniform_buffer_standard_layout`),
		"the uniform address space's layout rules hold unless the module requires uniform_buffer_standard_layout (spec \"Address Space Layout Constraints\"); Tint's command line assumes the feature"},
	{RejectsTintAccepts, regexp.MustCompile(`requires buffer_view`),
		"buffer types need 'requires buffer_view;' (spec \"Language Extensions\"); Tint's command line assumes the feature"},
	// The spec over Tint.
	{RejectsTintAccepts, regexp.MustCompile(`^the x dimension of @workgroup_size, \d+, is not a multiple of @subgroup_size, \d+$`),
		"the x dimension of @workgroup_size must be a multiple of @subgroup_size, a pipeline-creation error (spec \"subgroup_size\") that no pipeline avoids when both are const-expressions; Tint leaves it to Dawn"},
	{RejectsTintAccepts, regexp.MustCompile(`^'break if' must be the last statement of the continuing block$`),
		"break if ends a continuing block, an empty statement ';' after it included (grammar: continuing_compound_statement is '{' statement* break_if_statement? '}'); Tint accepts a ';' after it, Naga rejects it as wgslc does"},
	// ... or that wgslc cannot express for its Vulkan target.
	{RejectsTintAccepts, regexp.MustCompile(`is not supported by the SPIR-V backend yet|buffer types \(buffer_view\) are`),
		"buffer_view's buffer types and builtins are not implemented for SPIR-V yet: wgslc says so"},
	{RejectsTintAccepts, regexp.MustCompile(`need SPIR-V 1\.3 \(target vulkan1\.1 or later\)$`),
		"subgroup operations need SPIR-V 1.3: the shader is valid WGSL, but not for the vulkan1.0 target the mutant was compiled for"},
	{RejectsTintAccepts, regexp.MustCompile(`takes its workgroup size from overrides, which before SPIR-V 1\.6 sets the size of every compute entry point`),
		"before SPIR-V 1.6 (Vulkan 1.3) an override-sized workgroup is the module-wide WorkgroupSize builtin: with several compute entry points only vulkan1.3 can express it"},
	{RejectsTintAccepts, regexp.MustCompile(`^@location\(\d+\) is beyond what any Vulkan device numbers`),
		"Vulkan counts 4 components per location in 32 bits (maxVertexOutputComponents...), so no device has a location of 2^30 or more, and spirv-val wraps around; Tint accepts any u32"},
}

// knownReason returns the reason of the known disagreement of class c whose message matches
// detail, or "".
func knownReason(c Class, detail string) string {
	for _, k := range knownDisagreements {
		if k.class == c && k.detail.MatchString(detail) {
			return k.reason
		}
	}
	return ""
}
