package host_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/gen/wgslgen"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// overrides.wgsl has an override of every 32-bit type, and one whose default is an
// override-expression (a value and a flag in SPIR-V), and writes them out.
const overridesWGSL = `
@id(0) override flag: bool = false;
@id(1) override delta: i32 = 1;
@id(2) override count: u32 = 2u;
@id(3) override scale: f32 = 3.0;
@id(4) override doubled: f32 = scale * 2.0;
override width: u32 = 1u;

@group(0) @binding(0) var<storage, read_write> out: array<u32, 6>;

@compute @workgroup_size(width)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i > 0u) { return; }
  out[0] = select(0u, 1u, flag);
  out[1] = bitcast<u32>(delta);
  out[2] = count;
  out[3] = bitcast<u32>(scale);
  out[4] = bitcast<u32>(doubled);
  out[5] = width;
}
`

// compileTable compiles WGSL into a table of its SPIR-V, entry points and overrides (what the
// generated code would hold of them).
func compileTable(t *testing.T, name, text string) *wgsl.Shader {
	t.Helper()
	res, err := compiler.Compile(compiler.Source{Name: name, Text: []byte(text)}, compiler.Options{})
	require.NoError(t, err)
	s := &wgsl.Shader{Source: name, SPIRV: wgsl.WordBytes(res.SPIRV)}
	for _, o := range res.Reflection.Overrides {
		s.Overrides = append(s.Overrides, wgsl.Override{Name: o.Name, Key: o.Key, ID: uint32(o.ID), Type: o.Type.WGSL, FlagID: uint32(o.FlagID)})
	}
	return s
}

func TestSpecializeRuns(t *testing.T) {
	s := compileTable(t, "overrides.wgsl", overridesWGSL)
	vk := vulkan.Require(t)
	run := func(words []uint32, spec map[uint32][]byte) []uint32 {
		t.Helper()
		res, err := vk.Dispatch(vulkan.Run{SPIRV: words, Entry: "main", Spec: spec, Groups: [3]uint32{1, 1, 1},
			Bindings: []vulkan.Binding{{Group: 0, Binding: 0, Kind: vulkan.StorageBuffer, Data: make([]byte, 24)}}})
		require.NoError(t, err)
		out := make([]uint32, 6)
		for i := range out {
			out[i] = binary.LittleEndian.Uint32(res.Bytes(0, 0)[4*i:])
		}
		return out
	}
	f32 := func(f float32) uint32 { return math.Float32bits(f) }
	for _, c := range []struct {
		name   string
		values map[string]float64
		want   []uint32
	}{
		{"defaults", nil, []uint32{0, 1, 2, f32(3), f32(6), 1}},
		{"all set", map[string]float64{"flag": 1, "delta": -5, "count": 7, "scale": 0.5, "doubled": 10, "width": 4},
			[]uint32{1, uint32(0xfffffffb), 7, f32(0.5), f32(10), 4}},
		{"the expression's operand", map[string]float64{"scale": 1.25}, []uint32{0, 1, 2, f32(1.25), f32(2.5), 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			spec, err := s.Specialization(c.values)
			require.NoError(t, err)
			specMap, err := vulkan.SpecOf(spec)
			require.NoError(t, err)
			patched, err := host.Specialize(s.Words(), spec)
			require.NoError(t, err)
			spirvval.Check(t, patched, "vulkan1.1")
			assert.Equal(t, c.want, run(s.Words(), specMap), "the driver's specialization")
			assert.Equal(t, c.want, run(patched, nil), "the specialized defaults")
		})
	}
}

func TestSpecializeWords(t *testing.T) {
	s := compileTable(t, "overrides.wgsl", overridesWGSL)
	original := s.Words()
	var spec wgsl.Specialization
	spec.AddI32(1, -2)
	spec.AddBool(0, true)
	spec.AddU32(99, 5) // no constant has SpecId 99: ignored, as Vulkan ignores it
	patched, err := host.Specialize(original, spec)
	require.NoError(t, err)
	assert.Equal(t, s.Words(), original, "the words given are not changed")
	m, err := spirv.Parse(patched)
	require.NoError(t, err)
	values := map[uint32][]uint32{}
	for _, in := range m.Insts {
		if in.Op == spirv.OpSpecConstant || in.Op == spirv.OpSpecConstantTrue || in.Op == spirv.OpSpecConstantFalse {
			if id, ok := m.Decoration(in.Result(), spirv.DecorationSpecId); ok {
				values[id[0]] = append([]uint32{uint32(in.Op)}, in.Words[3:]...)
			}
		}
	}
	assert.Equal(t, []uint32{uint32(spirv.OpSpecConstantTrue)}, values[0])
	assert.Equal(t, []uint32{uint32(spirv.OpSpecConstant), 0xfffffffe}, values[1])
	assert.Equal(t, []uint32{uint32(spirv.OpSpecConstant), 2}, values[2], "left at its default")

	// A 16-bit value is the low bits of its word: zero-extended for f16, sign-extended for
	// a signed integer.
	half := compileTable(t, "half.wgsl", "enable f16;\noverride h: f16 = 1.0h;\n@group(0) @binding(0) var<storage, read_write> out: f16;\n@compute @workgroup_size(1) fn main() { out = h; }\n")
	hspec, err := half.Specialization(map[string]float64{"h": -2})
	require.NoError(t, err)
	patched, err = host.Specialize(half.Words(), hspec)
	require.NoError(t, err)
	spirvval.Check(t, patched, "vulkan1.1")
	m, err = spirv.Parse(patched)
	require.NoError(t, err)
	spec16 := m.Find(spirv.OpSpecConstant)
	require.Len(t, spec16, 1)
	assert.Equal(t, uint32(wgsl.F16FromFloat32(-2)), spec16[0].Words[3])

	_, err = host.Specialize([]uint32{1, 2}, spec)
	assert.Error(t, err, "not SPIR-V")
	bad := wgsl.Specialization{Entries: []wgsl.SpecializationEntry{{ID: 1, Offset: 2, Size: 4}}, Data: make([]byte, 4)}
	_, err = host.Specialize(original, bad)
	assert.EqualError(t, err, "specialization entry of SpecId 1: 4 bytes at 2 of 4")
}

// TestDeviceFeatures reads, from each shader's SPIR-V, the device features its enable
// extensions need.
func TestDeviceFeatures(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"none", "@compute @workgroup_size(1) fn main() {}", nil},
		{"f16", "enable f16;\n@group(0) @binding(0) var<storage, read_write> o: array<f16>;\n@compute @workgroup_size(1) fn main() { o[0] = 1h; }", []string{"shader-f16"}},
		{"clip distances", "enable clip_distances;\nstruct V { @builtin(position) p: vec4f, @builtin(clip_distances) c: array<f32, 2> }\n@vertex fn vs() -> V { return V(); }", []string{"clip-distances"}},
		{"dual source blending", "enable dual_source_blending;\nstruct O { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }\n@fragment fn fs() -> O { return O(); }", []string{"dual-source-blending"}},
		{"subgroups", "enable subgroups;\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i: u32) { o[i] = subgroupAdd(i); }", []string{"subgroups"}},
		{"primitive index", "enable primitive_index;\n@fragment fn fs(@builtin(primitive_index) i: u32) -> @location(0) vec4f { return vec4f(f32(i)); }", []string{"primitive-index"}},
		{"two", "enable f16, primitive_index;\n@fragment fn fs(@builtin(primitive_index) i: u32) -> @location(0) vec4h { return vec4h(f16(i)); }", []string{"shader-f16", "primitive-index"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := wgslgen.Table(tt.name+".wgsl", []byte(tt.src))
			require.NoError(t, err)
			assert.Equal(t, tt.want, host.DeviceFeatures(s))
		})
	}
}
