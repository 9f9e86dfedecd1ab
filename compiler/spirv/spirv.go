// Package spirv builds SPIR-V modules and writes them as binary words.
//
// A Builder collects a module section by section in the order of the
// specification's logical layout (2.4), de-duplicates types and constants,
// allocates result ids and finally concatenates everything behind the header:
//
//	b := spirv.NewBuilder(spirv.Version1_3)
//	b.Capability(spirv.CapabilityShader)
//	void := b.TypeVoid()
//	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
//	f.Block(0)
//	f.Return()
//	f.End()
//	b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main")
//	b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 1, 1, 1)
//	words := b.Words()
//
// Instructions are stored as flat word slices per section; values are plain
// ids, so building a module allocates little beyond the slices themselves.
// Opcode and enum tables (opcodes_gen.go, enums_gen.go, glsl_gen.go) are
// generated from the SPIR-V grammar JSON by internal/gen.
//
// Parse reads a binary module back, for tests that need to look at
// decorations or names.
package spirv

import "strconv"

// ID is a SPIR-V result id. Zero is never a valid id and means "none" (or
// "allocate one") in the builder's API. Operands are plain words, so ID is an
// alias to let ids and literals mix in one operand list.
type ID = uint32

// MagicNumber is the first word of every SPIR-V module.
const MagicNumber uint32 = 0x07230203

// Generator is the generator word of modules written by the Builder: tool id
// 0 in the upper 16 bits ("unregistered", which the specification allows)
// and 0 in the lower 16 bits. Change it once the tool has a registered id.
const Generator uint32 = 0

// Version is a SPIR-V version as encoded in the header's second word:
// 0x00MMmm00 for major MM and minor mm.
type Version uint32

// SPIR-V versions. Vulkan 1.0, 1.1, 1.2 and 1.3 require 1.0, 1.3, 1.5 and 1.6
// respectively (Vulkan 1.1 also accepts 1.4).
const (
	Version1_0 Version = 0x00010000
	Version1_1 Version = 0x00010100
	Version1_2 Version = 0x00010200
	Version1_3 Version = 0x00010300
	Version1_4 Version = 0x00010400
	Version1_5 Version = 0x00010500
	Version1_6 Version = 0x00010600
)

// MakeVersion returns the Version for major.minor.
func MakeVersion(major, minor int) Version {
	return Version(uint32(major&0xff)<<16 | uint32(minor&0xff)<<8)
}

// Major returns the major version number.
func (v Version) Major() int { return int(v>>16) & 0xff }

// Minor returns the minor version number.
func (v Version) Minor() int { return int(v>>8) & 0xff }

func (v Version) String() string {
	return strconv.Itoa(v.Major()) + "." + strconv.Itoa(v.Minor())
}

// TargetEnv returns the Vulkan target environment (as spirv-val's
// --target-env spells it) whose required SPIR-V version is v: "vulkan1.0",
// "vulkan1.1", "vulkan1.1spv1.4", "vulkan1.2" or "vulkan1.3". Versions that no
// Vulkan version requires (1.1, 1.2) map to the universal "spv1.x".
func (v Version) TargetEnv() string {
	switch v {
	case Version1_0:
		return "vulkan1.0"
	case Version1_3:
		return "vulkan1.1"
	case Version1_4:
		return "vulkan1.1spv1.4"
	case Version1_5:
		return "vulkan1.2"
	case Version1_6:
		return "vulkan1.3"
	}
	return "spv" + v.String()
}

// VersionForTargetEnv is the inverse of Version.TargetEnv; it also accepts
// the universal environments "spv1.0" to "spv1.6".
func VersionForTargetEnv(env string) (Version, bool) {
	switch env {
	case "vulkan1.0":
		return Version1_0, true
	case "vulkan1.1":
		return Version1_3, true
	case "vulkan1.1spv1.4":
		return Version1_4, true
	case "vulkan1.2":
		return Version1_5, true
	case "vulkan1.3":
		return Version1_6, true
	}
	if len(env) == 6 && env[:5] == "spv1." && env[5] >= '0' && env[5] <= '6' {
		return MakeVersion(1, int(env[5]-'0')), true
	}
	return 0, false
}
