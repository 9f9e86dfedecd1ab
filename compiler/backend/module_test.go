package backend_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

func parse(t *testing.T, words []uint32) *spirv.Module {
	t.Helper()
	m, err := spirv.Parse(words)
	require.NoError(t, err)
	return m
}

// countGLSL returns how many GLSL.std.450 instructions op the module has.
func countGLSL(m *spirv.Module, op spirv.GLSLstd450) int {
	n := 0
	for _, in := range m.Find(spirv.OpExtInst) {
		if in.Words[4] == uint32(op) {
			n++
		}
	}
	return n
}

// structNamed returns the struct types named name, decorated (Offset) ones first.
func structNamed(m *spirv.Module, name string) (decorated, plain []spirv.ID) {
	for _, in := range m.Find(spirv.OpTypeStruct) {
		id := in.Result()
		if m.Name(id) != name {
			continue
		}
		if _, ok := m.MemberDecoration(id, 0, spirv.DecorationOffset); ok {
			decorated = append(decorated, id)
		} else {
			plain = append(plain, id)
		}
	}
	return decorated, plain
}

func TestLayoutDecorations(t *testing.T) {
	m := parse(t, emit(t, irtest.UniformStruct, backend.Vulkan1_3))
	dec, plain := structNamed(m, "Params")
	require.Len(t, dec, 1, "the uniform buffer's Params")
	require.Len(t, plain, 1, "the function variable's Params")
	offsets := []uint32{0, 12, 16, 64}
	for i, want := range offsets {
		got, ok := m.MemberDecoration(dec[0], uint32(i), spirv.DecorationOffset)
		require.True(t, ok)
		assert.Equal(t, []uint32{want}, got, "offset of member %d", i)
		_, ok = m.MemberDecoration(plain[0], uint32(i), spirv.DecorationOffset)
		assert.False(t, ok, "plain Params member %d has an offset", i)
	}
	ms, ok := m.MemberDecoration(dec[0], 2, spirv.DecorationMatrixStride)
	require.True(t, ok)
	assert.Equal(t, []uint32{16}, ms)
	_, ok = m.MemberDecoration(dec[0], 2, spirv.DecorationColMajor)
	assert.True(t, ok)
	// The array member: strided in the buffer, plain in function memory.
	arr, _ := m.Def(dec[0])
	strided := arr.Words[2+3]
	st, ok := m.Decoration(strided, spirv.DecorationArrayStride)
	require.True(t, ok)
	assert.Equal(t, []uint32{16}, st)
	parr, _ := m.Def(plain[0])
	_, ok = m.Decoration(parr.Words[2+3], spirv.DecorationArrayStride)
	assert.False(t, ok)
	// Buffers are Block-decorated wrappers with descriptor set and binding.
	v := m.Lookup("params")
	set, _ := m.Decoration(v, spirv.DecorationDescriptorSet)
	bind, _ := m.Decoration(v, spirv.DecorationBinding)
	assert.Equal(t, []uint32{0}, set)
	assert.Equal(t, []uint32{0}, bind)
}

func TestStorageBufferClass(t *testing.T) {
	for _, target := range backend.Targets {
		m := parse(t, emit(t, irtest.Double, target))
		var exts []string
		for _, in := range m.Find(spirv.OpExtension) {
			exts = append(exts, in.String())
		}
		if target == backend.Vulkan1_0 {
			require.Len(t, exts, 1, target)
			assert.Contains(t, exts[0], "SPV_KHR_storage_buffer_storage_class")
		} else {
			assert.Empty(t, exts, target)
		}
		// The wrapper structure: the pointee of the variable's pointer type.
		v, _ := m.Def(m.Lookup("data"))
		ptr, _ := m.Def(v.Words[1])
		ro := ptr.Words[3]
		st, _ := m.Def(ro)
		require.Equal(t, spirv.OpTypeStruct, st.Op)
		_, ok := m.MemberDecoration(ro, 0, spirv.DecorationNonWritable)
		assert.False(t, ok, "read_write buffer marked NonWritable")
	}
}

func TestEntryPointInterface(t *testing.T) {
	for _, target := range backend.Targets {
		m := parse(t, emit(t, irtest.Double, target))
		eps := m.Find(spirv.OpEntryPoint)
		require.Len(t, eps, 1)
		// OpEntryPoint GLCompute %fn "main" iface...: "main" takes 2 words.
		iface := eps[0].Words[5:]
		if target >= backend.Vulkan1_2 { // SPIR-V 1.4+: every global used
			assert.Len(t, iface, 2, target)
		} else { // Input and Output variables only
			assert.Len(t, iface, 1, target)
		}
	}
}

func TestF16Capabilities(t *testing.T) {
	for _, target := range backend.Targets {
		words := emit(t, irtest.F16, target)
		m := parse(t, words)
		caps := map[spirv.Capability]bool{}
		for _, in := range m.Find(spirv.OpCapability) {
			caps[spirv.Capability(in.Words[1])] = true
		}
		assert.True(t, caps[spirv.CapabilityFloat16], target)
		assert.True(t, caps[spirv.CapabilityStorageBuffer16BitAccess], target)
		exts := m.Find(spirv.OpExtension)
		has16 := false
		for _, e := range exts {
			if contains(e.String(), "SPV_KHR_16bit_storage") {
				has16 = true
			}
		}
		assert.Equal(t, target == backend.Vulkan1_0, has16, target)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestDeterministic(t *testing.T) {
	for _, s := range irtest.Samples {
		a := emit(t, s.Build, backend.Vulkan1_1)
		b := emit(t, s.Build, backend.Vulkan1_1)
		assert.Equal(t, a, b, s.Name)
	}
}

// An emission that follows others (whose emitter and builder it may reuse) gives the bytes
// it gives alone, in whichever order the modules come.
func TestEmissionsIndependent(t *testing.T) {
	want := map[string][]uint32{}
	for _, s := range irtest.Samples {
		want[s.Name] = emit(t, s.Build, backend.Vulkan1_1)
	}
	for _, target := range []backend.Target{backend.Vulkan1_0, backend.Vulkan1_3} {
		for _, s := range irtest.Samples {
			spirvval.Check(t, emit(t, s.Build, target), target.String())
		}
	}
	// Emitted after the others released their memory: the same words, and valid.
	for _, s := range slices.Backward(irtest.Samples) {
		got := emit(t, s.Build, backend.Vulkan1_1)
		assert.Equal(t, want[s.Name], got, s.Name)
		spirvval.Check(t, got, backend.Vulkan1_1.String())
	}
}

func TestNoNames(t *testing.T) {
	m := irtest.UniformStruct()
	require.NoError(t, transform.ForSPIRV(m, transform.Options{}))
	words, err := backend.Emit(m, backend.Options{Target: backend.Vulkan1_1, NoNames: true})
	require.NoError(t, err)
	pm := parse(t, words)
	assert.Empty(t, pm.Find(spirv.OpName))
	assert.Empty(t, pm.Find(spirv.OpMemberName))
	spirvval.Check(t, words, "vulkan1.1")
}

func TestOverrideSpecConstants(t *testing.T) {
	for _, target := range backend.Targets {
		m := parse(t, emit(t, irtest.OverrideSize, target))
		ids := map[uint32]spirv.Op{}
		for _, in := range m.Insts {
			if in.Op == spirv.OpDecorate && spirv.Decoration(in.Words[2]) == spirv.DecorationSpecId {
				def, _ := m.Def(in.Words[1])
				ids[in.Words[3]] = def.Op
			}
		}
		assert.Equal(t, map[uint32]spirv.Op{0: spirv.OpSpecConstant, 1: spirv.OpSpecConstant,
			2: spirv.OpSpecConstant, 3: spirv.OpSpecConstantFalse}, ids, target)
		modes := m.Find(spirv.OpExecutionModeId)
		if target == backend.Vulkan1_3 {
			assert.Len(t, modes, 1, "LocalSizeId")
		} else {
			assert.Empty(t, modes)
			ws := false
			for _, in := range m.Find(spirv.OpDecorate) {
				if spirv.Decoration(in.Words[2]) == spirv.DecorationBuiltIn && spirv.BuiltIn(in.Words[3]) == spirv.BuiltInWorkgroupSize {
					ws = true
				}
			}
			assert.True(t, ws, "WorkgroupSize builtin on %v", target)
		}
	}
}

func TestUnsupported(t *testing.T) {
	// A float override-expression cannot be an OpSpecConstantOp (transform.SpecConstants
	// computes such a default where the override is read).
	m := ir.NewModule()
	a := m.NewOverride("a", types.F32, 0, m.ConstF32(1))
	eb := m.ExprBuilder()
	b := m.NewOverride("b", types.F32, 1, eb.Mul(a.Value, eb.F32(2)))
	b.FlagID = 2
	f := m.NewFunc("main", nil)
	f.Stage = ir.StageCompute
	f.WorkgroupSize[0] = m.ConstU32(1)
	fb := ir.NewBuilder(f)
	v := fb.Var("v", types.F32, 0)
	fb.Store(v, b.Value)
	fb.Finish()
	require.NoError(t, ir.Validate(m))
	_, err := backend.Emit(m, backend.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--override")

	// texture_external is expanded by a transform, never emitted.
	m = ir.NewModule()
	ext := m.NewGlobal("ext", types.AddrHandle, types.Read, &types.Texture{Kind: types.TexExternal, Dim: types.Dim2D})
	ext.Binding = &ir.BindingPoint{}
	f = m.NewFunc("main", nil)
	f.Stage = ir.StageCompute
	fb = ir.NewBuilder(f)
	fb.Builtin(builtins.FnTextureDimensions, fb.Load(ext.Value))
	fb.Finish()
	require.NoError(t, ir.Validate(m))
	_, err = backend.Emit(m, backend.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "transform.ExternalTextures")

	// Entry points must have gone through ShaderIO.
	_, err = backend.Emit(irtest.Double(), backend.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ShaderIO")
}

// An i32 remainder never becomes OpSRem, which Vulkan leaves undefined for negative operands
// (without VK_KHR_maintenance8): whatever the divisor, it is x - y * (x / y).
func TestSignedRemainderAvoidsSRem(t *testing.T) {
	src := `
@group(0) @binding(0) var<storage, read_write> s: array<i32, 4>;
@group(0) @binding(1) var<storage, read_write> v: array<vec2i, 2>;
@group(0) @binding(2) var<storage, read_write> u: array<u32, 2>;

@compute @workgroup_size(1)
fn main() {
    s[0] = s[1] % s[2];
    s[3] = s[3] % 3;
    v[0] = v[0] % v[1];
    v[1] = v[1] % s[0];
    u[0] = u[0] % u[1];
}
`
	m := parse(t, compileWGSL(t, src, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{}))
	assert.Empty(t, m.Find(spirv.OpSRem))
	assert.Empty(t, m.Find(spirv.OpSMod))
	assert.NotEmpty(t, m.Find(spirv.OpUMod), "u32 % stays OpUMod, defined for every operand")
}
