package host

import (
	"encoding/binary"
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Specialize returns a copy of the SPIR-V words with the specialization data applied as the
// defaults of the specialization constants: what a driver computes with spec as its
// VkSpecializationInfo, for a binding that passes SPIR-V but no specialization info. An entry
// whose SpecId no constant has is ignored, as Vulkan ignores it.
func Specialize(words []uint32, spec wgsl.Specialization) ([]uint32, error) {
	m, err := spirv.Parse(words)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, len(words))
	copy(out, words)
	if len(spec.Entries) == 0 {
		return out, nil
	}
	byID := map[uint32]spirv.ID{}
	for _, in := range m.Find(spirv.OpDecorate) {
		if len(in.Words) == 4 && spirv.Decoration(in.Words[2]) == spirv.DecorationSpecId {
			byID[in.Words[3]] = in.Words[1]
		}
	}
	// Where each instruction starts in the words, to write the copy.
	starts := make(map[spirv.ID]int, len(byID))
	off := 5
	for _, in := range m.Insts {
		if id := in.Result(); id != 0 {
			starts[id] = off
		}
		off += len(in.Words)
	}
	for _, e := range spec.Entries {
		target, ok := byID[e.ID]
		if !ok {
			continue
		}
		if int(e.Offset)+int(e.Size) > len(spec.Data) || (e.Size != 2 && e.Size != 4) {
			return nil, fmt.Errorf("specialization entry of SpecId %d: %d bytes at %d of %d", e.ID, e.Size, e.Offset, len(spec.Data))
		}
		var v uint32
		if e.Size == 2 {
			v = uint32(binary.NativeEndian.Uint16(spec.Data[e.Offset:]))
		} else {
			v = binary.NativeEndian.Uint32(spec.Data[e.Offset:])
		}
		def, _ := m.Def(target)
		at := starts[target]
		switch def.Op {
		case spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
			op := spirv.OpSpecConstantFalse
			if v != 0 {
				op = spirv.OpSpecConstantTrue
			}
			out[at] = out[at]&0xffff0000 | uint32(op)
		case spirv.OpSpecConstant:
			if len(def.Words) != 4 {
				return nil, fmt.Errorf("specialization constant with SpecId %d has %d value words; want 1", e.ID, len(def.Words)-3)
			}
			if e.Size == 2 && isSigned(m, def.Words[1]) && v&0x8000 != 0 {
				v |= 0xffff0000 // SPIR-V sign-extends narrow signed literals
			}
			out[at+3] = v
		default:
			return nil, fmt.Errorf("SpecId %d decorates a %v, not a specialization constant", e.ID, def.Op)
		}
	}
	return out, nil
}

// isSigned reports whether type id is a signed integer type.
func isSigned(m *spirv.Module, id spirv.ID) bool {
	t, ok := m.Def(id)
	return ok && t.Op == spirv.OpTypeInt && len(t.Words) == 4 && t.Words[3] == 1
}

// DeviceFeatures returns the WebGPU device features the module of s needs, spelled as WebGPU
// spells them ("shader-f16", "primitive-index"), in the spec's order: what the device has to be
// requested with. They are read from the SPIR-V, where each enable extension of the WGSL
// leaves its capabilities or decorations.
func DeviceFeatures(s *wgsl.Shader) []string {
	m, err := spirv.Parse(s.Words())
	if err != nil {
		return nil
	}
	needs := map[string]bool{}
	for _, in := range m.Find(spirv.OpCapability) {
		if len(in.Words) == 2 {
			if f, ok := capabilityFeatures[spirv.Capability(in.Words[1])]; ok {
				needs[f] = true
			}
		}
	}
	for _, in := range m.Find(spirv.OpDecorate) {
		// @blend_src is the one WGSL attribute that becomes an Index decoration.
		if len(in.Words) >= 3 && spirv.Decoration(in.Words[2]) == spirv.DecorationIndex {
			needs["dual-source-blending"] = true
		}
	}
	var out []string
	for _, f := range []string{"shader-f16", "clip-distances", "dual-source-blending", "subgroups", "primitive-index"} {
		if needs[f] {
			out = append(out, f)
		}
	}
	return out
}

// capabilityFeatures are the SPIR-V capabilities that WGSL's enable extensions bring, by the
// device feature each needs.
var capabilityFeatures = map[spirv.Capability]string{
	spirv.CapabilityFloat16:                   "shader-f16",
	spirv.CapabilityStorageBuffer16BitAccess:  "shader-f16",
	spirv.CapabilityStorageUniform16:          "shader-f16",
	spirv.CapabilityStorageInputOutput16:      "shader-f16",
	spirv.CapabilityClipDistance:              "clip-distances",
	spirv.CapabilityGroupNonUniform:           "subgroups",
	spirv.CapabilityGroupNonUniformVote:       "subgroups",
	spirv.CapabilityGroupNonUniformArithmetic: "subgroups",
	spirv.CapabilityGroupNonUniformBallot:     "subgroups",
	spirv.CapabilityGroupNonUniformShuffle:    "subgroups",
	spirv.CapabilityGroupNonUniformQuad:       "subgroups",
	// primitive_index is SPIR-V's PrimitiveId, which a fragment shader has with Geometry.
	spirv.CapabilityGeometry: "primitive-index",
}
