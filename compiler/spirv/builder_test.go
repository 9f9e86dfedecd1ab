package spirv_test

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

func TestTypeDedup(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_3)
	f32 := b.TypeFloat(32)
	u32 := b.TypeInt(32, false)
	n4 := b.ConstantU32(4)

	same := []struct {
		name string
		make func() spirv.ID
	}{
		{"void", b.TypeVoid},
		{"bool", b.TypeBool},
		{"i32", func() spirv.ID { return b.TypeInt(32, true) }},
		{"f16", func() spirv.ID { return b.TypeFloat(16) }},
		{"vec3", func() spirv.ID { return b.TypeVector(f32, 3) }},
		{"mat2x3", func() spirv.ID { return b.TypeMatrix(b.TypeVector(f32, 3), 2) }},
		{"array", func() spirv.ID { return b.TypeArray(f32, n4) }},
		{"array stride 16", func() spirv.ID { return b.TypeArrayStride(f32, n4, 16) }},
		{"runtime array", func() spirv.ID { return b.TypeRuntimeArray(u32) }},
		{"runtime array stride 4", func() spirv.ID { return b.TypeRuntimeArrayStride(u32, 4) }},
		{"pointer", func() spirv.ID { return b.TypePointer(spirv.StorageClassPrivate, f32) }},
		{"function", func() spirv.ID { return b.TypeFunction(f32, u32, f32) }},
		{"keyed struct", func() spirv.ID { return b.TypeStructKeyed("std430 S", f32, u32) }},
		{"image", func() spirv.ID {
			return b.TypeImage(spirv.ImageType{SampledType: f32, Dim: spirv.Dim2D, Sampled: 2, Format: spirv.ImageFormatRgba8})
		}},
		{"sampler", b.TypeSampler},
	}
	seen := map[spirv.ID]string{}
	for _, c := range same {
		id := c.make()
		assert.Equal(t, id, c.make(), c.name)
		assert.NotContains(t, seen, id, "%s shares an id with %s", c.name, seen[id])
		seen[id] = c.name
	}

	// Shapes that differ in one operand, or only in a decoration, are
	// distinct.
	assert.NotEqual(t, b.TypeInt(32, true), b.TypeInt(32, false))
	assert.NotEqual(t, b.TypeArray(f32, n4), b.TypeArrayStride(f32, n4, 4))
	assert.NotEqual(t, b.TypeArrayStride(f32, n4, 4), b.TypeArrayStride(f32, n4, 16))
	assert.Equal(t, b.TypeArray(f32, n4), b.TypeArrayStride(f32, n4, 0))
	assert.NotEqual(t, b.TypeRuntimeArray(f32), b.TypeRuntimeArrayStride(f32, 4))
	assert.NotEqual(t, b.TypePointer(spirv.StorageClassPrivate, f32), b.TypePointer(spirv.StorageClassFunction, f32))
	assert.NotEqual(t, b.TypeFunction(f32, u32), b.TypeFunction(f32, u32, u32))
	assert.NotEqual(t, b.TypeStruct(f32), b.TypeStruct(f32), "TypeStruct is always new")
	assert.NotEqual(t, b.TypeStructKeyed("a", f32), b.TypeStructKeyed("b", f32))
	assert.NotEqual(t, b.TypeStructKeyed("a", f32), b.TypeStructKeyed("a", u32))
	assert.NotEqual(t,
		b.TypeImage(spirv.ImageType{SampledType: f32, Dim: spirv.Dim2D, Sampled: 1}),
		b.TypeImage(spirv.ImageType{SampledType: f32, Dim: spirv.Dim2D, Sampled: 1, Arrayed: true}))

	m, err := spirv.Parse(b.Words())
	require.NoError(t, err)
	stride := func(id spirv.ID) []uint32 {
		args, _ := m.Decoration(id, spirv.DecorationArrayStride)
		return args
	}
	assert.Equal(t, []uint32{16}, stride(b.TypeArrayStride(f32, n4, 16)))
	assert.Equal(t, []uint32{4}, stride(b.TypeArrayStride(f32, n4, 4)))
	assert.Nil(t, stride(b.TypeArray(f32, n4)))
	assert.Len(t, m.Decorations(b.TypeArrayStride(f32, n4, 16)), 1, "decorated once however often requested")
	assert.True(t, b.HasCapability(spirv.CapabilityFloat16), "f16 declares Float16")
}

func TestConstantDedup(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_6)
	f32 := b.TypeFloat(32)
	i32 := b.TypeInt(32, true)
	u32 := b.TypeInt(32, false)
	v2 := b.TypeVector(f32, 2)

	assert.Equal(t, b.ConstantBool(true), b.ConstantBool(true))
	assert.NotEqual(t, b.ConstantBool(true), b.ConstantBool(false))
	assert.Equal(t, b.ConstantU32(7), b.Constant(u32, 7))
	assert.NotEqual(t, b.ConstantU32(7), b.ConstantI32(7), "same bits, different types")
	assert.Equal(t, b.ConstantI32(-1), b.ConstantInt(i32, -1))
	assert.Equal(t, b.ConstantF32(1.5), b.ConstantFloat(f32, 1.5))
	assert.NotEqual(t, b.ConstantF32(0), b.ConstantF32(float32(math.Copysign(0, -1))), "-0 is not 0")
	assert.Equal(t, b.ConstantFloat(b.TypeFloat(16), 1), b.Constant(b.TypeFloat(16), 0x3c00))
	assert.Equal(t, b.ConstantInt(b.TypeInt(64, true), -2), b.ConstantInt(b.TypeInt(64, true), -2))
	one, two := b.ConstantF32(1), b.ConstantF32(2)
	assert.Equal(t, b.ConstantComposite(v2, one, two), b.ConstantComposite(v2, one, two))
	assert.NotEqual(t, b.ConstantComposite(v2, one, two), b.ConstantComposite(v2, two, one))
	assert.Equal(t, b.ConstantNull(v2), b.ConstantNull(v2))
	assert.NotEqual(t, b.ConstantNull(v2), b.ConstantNull(f32))
	assert.Equal(t, b.Undef(f32), b.Undef(f32))

	// Spec constants are never shared, with each other or with constants.
	assert.NotEqual(t, b.SpecConstantBool(true, 0), b.SpecConstantBool(true, 1))
	assert.NotEqual(t, b.SpecConstantBool(true, spirv.NoSpecID), b.ConstantBool(true))
	assert.NotEqual(t, b.SpecConstant(u32, 7, 2), b.ConstantU32(7))
	assert.NotEqual(t, b.SpecConstant(u32, 7, spirv.NoSpecID), b.SpecConstant(u32, 7, spirv.NoSpecID))
	assert.NotEqual(t, b.SpecConstantComposite(v2, one, two), b.ConstantComposite(v2, one, two))

	m, err := spirv.Parse(b.Words())
	require.NoError(t, err)
	id := b.SpecConstant(u32, 9, 42)
	m, err = spirv.Parse(b.Words())
	require.NoError(t, err)
	args, ok := m.Decoration(id, spirv.DecorationSpecId)
	require.True(t, ok)
	assert.Equal(t, []uint32{42}, args)
	assert.Empty(t, m.Decorations(b.SpecConstant(u32, 9, spirv.NoSpecID)))
}

func TestConstantEncoding(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_6)
	operands := func(id spirv.ID) []uint32 {
		m, err := spirv.Parse(b.Words())
		require.NoError(t, err)
		in, ok := m.Def(id)
		require.True(t, ok)
		return in.Words[3:]
	}
	assert.Equal(t, []uint32{0xffffffff}, operands(b.ConstantInt(b.TypeInt(16, true), -1)), "narrow signed: sign-extended")
	assert.Equal(t, []uint32{0xffff}, operands(b.ConstantInt(b.TypeInt(16, false), -1)), "narrow unsigned: zero-extended")
	assert.Equal(t, []uint32{0xfffffffe, 0xffffffff}, operands(b.ConstantInt(b.TypeInt(64, true), -2)), "64-bit: low word first")
	assert.Equal(t, []uint32{0x89abcdef, 0x01234567}, operands(b.Constant(b.TypeInt(64, false), 0x0123456789abcdef)))
	assert.Equal(t, []uint32{0x3c00}, operands(b.ConstantFloat(b.TypeFloat(16), 1)))
	assert.Equal(t, []uint32{0x3f800000}, operands(b.ConstantF32(1)))
	lo, hi := spirv.Literal64(math.Float64bits(0.1))
	assert.Equal(t, []uint32{lo, hi}, operands(b.ConstantFloat(b.TypeFloat(64), 0.1)))
	assert.Equal(t, []uint32{0x3f800000}, operands(b.SpecConstantFloat(b.TypeFloat(32), 1, 3)))
}

func TestF16Bits(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want uint16
	}{
		{0, 0},
		{math.Copysign(0, -1), 0x8000},
		{1, 0x3c00},
		{-2, 0xc000},
		{0.1, 0x2e66},
		{65504, 0x7bff},
		{65519, 0x7bff},                    // below the halfway point to 65536
		{65520, 0x7c00},                    // halfway rounds to even: infinity
		{math.Ldexp(1, -14), 0x0400},       // smallest normal
		{math.Ldexp(1, -24), 0x0001},       // smallest subnormal
		{math.Ldexp(1, -25), 0},            // halfway to it: even is 0
		{math.Ldexp(1.5, -25), 0x0001},     // above halfway
		{math.Ldexp(3, -25), 0x0002},       // 1.5 units, ties to even: 2
		{math.Ldexp(1023, -24), 0x03ff},    // largest subnormal
		{math.Ldexp(2047, -25), 0x0400},    // rounds up into the normals
		{1 + math.Ldexp(1, -11), 0x3c00},   // tie, even mantissa stays
		{1 + 3*math.Ldexp(1, -11), 0x3c02}, // tie, odd mantissa rounds up
		{math.Inf(1), 0x7c00},
		{math.Inf(-1), 0xfc00},
		{1e300, 0x7c00},
		{1e-300, 0},
	} {
		assert.Equal(t, c.want, spirv.F16Bits(c.in), "F16Bits(%g)", c.in)
	}
	nan := spirv.F16Bits(math.NaN())
	assert.Equal(t, uint16(0x7c00), nan&0x7c00)
	assert.NotZero(t, nan&0x3ff)
}

// TestLayoutOrder checks that instructions come out in the logical layout
// order of the specification (2.4), however the builder was called.
func TestLayoutOrder(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_0)
	// Call in an order unlike the layout's.
	void := b.TypeVoid()
	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	f.Block(0)
	f.Return()
	f.End()
	b.Decorate(void, spirv.DecorationRelaxedPrecision)
	b.Name(f.ID(), "main")
	b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 1, 1, 1)
	b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main")
	b.Source(spirv.SourceLanguageWGSL, 0, b.String("a.wgsl"), "fn main() {}")
	b.ModuleProcessed("test")
	b.GLSLStd450()
	b.Extension("SPV_KHR_b")
	b.Extension("SPV_KHR_a")
	b.Capability(spirv.CapabilityShader)
	b.Capability(spirv.CapabilityMatrix)

	section := map[spirv.Op]int{
		spirv.OpCapability: 1, spirv.OpExtension: 2, spirv.OpExtInstImport: 3, spirv.OpMemoryModel: 4,
		spirv.OpEntryPoint: 5, spirv.OpExecutionMode: 6, spirv.OpString: 7, spirv.OpSource: 7,
		spirv.OpName: 8, spirv.OpModuleProcessed: 9, spirv.OpDecorate: 10,
		spirv.OpTypeVoid: 11, spirv.OpTypeFunction: 11, spirv.OpFunction: 12,
		spirv.OpLabel: 12, spirv.OpReturn: 12, spirv.OpFunctionEnd: 12,
	}
	m, err := spirv.Parse(b.Words())
	require.NoError(t, err)
	var got []string
	last := 0
	for _, in := range m.Insts {
		s, ok := section[in.Op]
		require.True(t, ok, "unexpected %v", in.Op)
		assert.GreaterOrEqual(t, s, last, "%v out of order", in)
		last = s
		if in.Op == spirv.OpCapability || in.Op == spirv.OpExtension {
			got = append(got, in.String())
		}
	}
	assert.Equal(t, []string{
		"OpCapability Matrix", "OpCapability Shader", // sorted by value
		`OpExtension "SPV_KHR_a"`, `OpExtension "SPV_KHR_b"`, // sorted by name
	}, got)
}

func TestFunctionVariablesHoisted(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_3)
	b.Capability(spirv.CapabilityShader)
	void, f32 := b.TypeVoid(), b.TypeFloat(32)
	ptr := b.TypePointer(spirv.StorageClassFunction, f32)
	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	f.Block(0)
	next := b.NewID()
	f.Branch(next)
	f.Block(next)
	v1 := f.Variable(ptr, 0)
	f.Store(v1, b.ConstantF32(1))
	v2 := f.Emit(spirv.OpVariable, ptr, uint32(spirv.StorageClassFunction), b.ConstantF32(2))
	f.Store(v2, f.Load(f32, v1))
	f.Return()
	f.End()
	b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), "main")
	b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 1, 1, 1)
	words := b.Words()

	m, err := spirv.Parse(words)
	require.NoError(t, err)
	var ops []spirv.Op
	inFunc := false
	for _, in := range m.Insts {
		inFunc = inFunc || in.Op == spirv.OpFunction
		if inFunc {
			ops = append(ops, in.Op)
		}
	}
	assert.Equal(t, []spirv.Op{
		spirv.OpFunction, spirv.OpLabel, spirv.OpVariable, spirv.OpVariable, spirv.OpBranch,
		spirv.OpLabel, spirv.OpStore, spirv.OpLoad, spirv.OpStore, spirv.OpReturn, spirv.OpFunctionEnd,
	}, ops)
	spirvval.Check(t, words, "vulkan1.1")
}

func TestMergeWaitsForTerminator(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_3)
	void, boolT := b.TypeVoid(), b.TypeBool()
	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	f.Block(0)
	then, merge := b.NewID(), b.NewID()
	f.SelectionMerge(merge, spirv.SelectionControlFlatten)
	cond := f.Emit(spirv.OpLogicalNot, boolT, b.ConstantBool(false))
	f.BranchConditional(cond, then, merge)
	f.Block(then)
	f.Branch(merge)
	f.Block(merge)
	f.Return()
	f.End()
	m, err := spirv.Parse(b.Words())
	require.NoError(t, err)
	var lines []string
	for _, in := range m.Insts {
		if in.Op == spirv.OpFunction || len(lines) > 0 && len(lines) < 5 {
			lines = append(lines, in.String())
		}
	}
	assert.Equal(t, []string{
		"%" + itoa(f.ID()) + " = OpFunction %" + itoa(void) + " None %" + itoa(b.TypeFunction(void)),
		"%" + itoa(f.ID()+1) + " = OpLabel",
		"%" + itoa(cond) + " = OpLogicalNot %" + itoa(boolT) + " %" + itoa(b.ConstantBool(false)),
		"OpSelectionMerge %" + itoa(merge) + " Flatten",
		"OpBranchConditional %" + itoa(cond) + " %" + itoa(then) + " %" + itoa(merge),
	}, lines)
}

func itoa(id spirv.ID) string { return strconv.FormatUint(uint64(id), 10) }

func TestMisusePanics(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_3)
	void := b.TypeVoid()
	fnT := b.TypeFunction(void)
	for name, fn := range map[string]func(){
		"emit outside block": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Emit(spirv.OpNop, 0)
		},
		"missing result type": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Block(0)
			f.Emit(spirv.OpIAdd, 0, 1, 2)
		},
		"result type on a type-less op": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Block(0)
			f.Emit(spirv.OpStore, void, 1, 2)
		},
		"block before terminator": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Block(0)
			f.Block(0)
		},
		"end inside block": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Block(0)
			f.End()
		},
		"param after block": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Block(0)
			f.Param(void)
		},
		"non-function variable in function": func() {
			f := b.BeginFunction(0, void, fnT, spirv.FunctionControlNone)
			f.Block(0)
			f.Emit(spirv.OpVariable, void, uint32(spirv.StorageClassPrivate))
		},
		"constant of unknown type":   func() { b.Constant(void, 1) },
		"float constant of int type": func() { b.ConstantFloat(b.TypeInt(32, true), 1) },
	} {
		assert.Panics(t, fn, name)
	}
}

func TestErrTooLong(t *testing.T) {
	b := spirv.NewBuilder(spirv.Version1_3)
	f32 := b.TypeFloat(32)
	parts := make([]spirv.ID, 70000)
	for i := range parts {
		parts[i] = b.ConstantF32(0)
	}
	b.ConstantComposite(b.TypeArray(f32, b.ConstantU32(70000)), parts...)
	require.Error(t, b.Err())
	assert.Contains(t, b.Err().Error(), "65535")

	b = spirv.NewBuilder(spirv.Version1_3)
	b.BeginFunction(0, b.TypeVoid(), b.TypeFunction(b.TypeVoid()), spirv.FunctionControlNone)
	assert.ErrorContains(t, b.Err(), "not ended")
}

func TestSourceSplitsLongText(t *testing.T) {
	// 300 KiB of text with multi-byte characters straddling every boundary.
	text := strings.Repeat("fn f() {} // é€😀\n", 300*1024/24)
	b := spirv.NewBuilder(spirv.Version1_3)
	file := b.String("big.wgsl")
	assert.Equal(t, file, b.String("big.wgsl"))
	b.Source(spirv.SourceLanguageWGSL, 0, file, text)
	require.NoError(t, b.Err())
	m, err := spirv.Parse(b.Words())
	require.NoError(t, err)

	var got strings.Builder
	n := 0
	for _, in := range m.Insts {
		switch in.Op {
		case spirv.OpSource:
			require.Equal(t, []uint32{uint32(spirv.SourceLanguageWGSL), 0, file}, in.Words[1:4])
			got.WriteString(decode(in.Words[4:]))
			n++
		case spirv.OpSourceContinued:
			s := decode(in.Words[1:])
			assert.True(t, len(s) == 0 || s[0] < 0x80 || s[0] >= 0xc0, "chunk starts inside a character")
			got.WriteString(s)
			n++
		}
	}
	assert.Greater(t, n, 1)
	assert.Equal(t, text, got.String())
}

// decode reads a literal string operand.
func decode(words []uint32) string {
	var sb strings.Builder
	for _, w := range words {
		for k := 0; k < 4; k++ {
			c := byte(w >> (8 * k))
			if c == 0 {
				return sb.String()
			}
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

func TestStringEncoding(t *testing.T) {
	for _, c := range []struct {
		s     string
		words []uint32
	}{
		{"", []uint32{0}},
		{"abc", []uint32{0x00636261}},
		{"abcd", []uint32{0x64636261, 0}},
		{"abcde", []uint32{0x64636261, 0x65}},
		{"é", []uint32{0x0000a9c3}},
	} {
		b := spirv.NewBuilder(spirv.Version1_0)
		b.SourceExtension(c.s)
		words := b.Words()
		assert.Equal(t, append([]uint32{uint32(1+len(c.words))<<16 | uint32(spirv.OpSourceExtension)}, c.words...),
			words[len(words)-1-len(c.words):], "%q", c.s)
	}
}

func TestHeader(t *testing.T) {
	for _, c := range []struct {
		v    spirv.Version
		word uint32
		env  string
	}{
		{spirv.Version1_0, 0x00010000, "vulkan1.0"},
		{spirv.Version1_3, 0x00010300, "vulkan1.1"},
		{spirv.Version1_4, 0x00010400, "vulkan1.1spv1.4"},
		{spirv.Version1_5, 0x00010500, "vulkan1.2"},
		{spirv.Version1_6, 0x00010600, "vulkan1.3"},
		{spirv.Version1_2, 0x00010200, "spv1.2"},
	} {
		b := spirv.NewBuilder(c.v)
		id := b.TypeVoid()
		w := b.Words()
		assert.Equal(t, []uint32{spirv.MagicNumber, c.word, spirv.Generator, id + 1, 0}, w[:5])
		assert.Equal(t, c.env, c.v.TargetEnv())
		v, ok := spirv.VersionForTargetEnv(c.env)
		assert.True(t, ok)
		assert.Equal(t, c.v, v)
		assert.Equal(t, c.env, spirvval.DefaultTargetEnv(w))
		bs := b.Bytes()
		assert.Equal(t, []byte{0x03, 0x02, 0x23, 0x07}, bs[:4], "little endian")
		m, err := spirv.ParseBytes(bs)
		require.NoError(t, err)
		assert.Equal(t, c.v, m.Version)
	}
	assert.Equal(t, "1.3", spirv.Version1_3.String())
	assert.Equal(t, spirv.Version1_5, spirv.MakeVersion(1, 5))
	_, ok := spirv.VersionForTargetEnv("vulkan9")
	assert.False(t, ok)
}

func TestDeterministic(t *testing.T) {
	for _, build := range []func(spirv.Version) *spirv.Builder{buildCompute, buildGraphics} {
		first := build(spirv.Version1_3).Bytes()
		for range 5 {
			require.Equal(t, first, build(spirv.Version1_3).Bytes())
		}
	}
}

func TestRoundTrip(t *testing.T) {
	b := buildCompute(spirv.Version1_3)
	m, err := spirv.ParseBytes(b.Bytes())
	require.NoError(t, err)

	buf := m.Lookup("buf")
	require.NotZero(t, buf)
	set, ok := m.Decoration(buf, spirv.DecorationDescriptorSet)
	require.True(t, ok)
	assert.Equal(t, []uint32{0}, set)

	st := m.Lookup("Buf")
	require.NotZero(t, st)
	assert.Equal(t, "data", m.MemberName(st, 0))
	_, isBlock := m.Decoration(st, spirv.DecorationBlock)
	assert.True(t, isBlock)
	off, ok := m.MemberDecoration(st, 0, spirv.DecorationOffset)
	require.True(t, ok)
	assert.Equal(t, []uint32{0}, off)

	def, ok := m.Def(st)
	require.True(t, ok)
	assert.Equal(t, spirv.OpTypeStruct, def.Op)
	arr, ok := m.Def(def.Words[2])
	require.True(t, ok)
	assert.Equal(t, spirv.OpTypeRuntimeArray, arr.Op)
	stride, ok := m.Decoration(arr.Result(), spirv.DecorationArrayStride)
	require.True(t, ok)
	assert.Equal(t, []uint32{4}, stride)

	main := m.Lookup("main")
	ep := m.Find(spirv.OpEntryPoint)
	require.Len(t, ep, 1)
	assert.Equal(t, "OpEntryPoint GLCompute %"+itoa(main)+` "main" %`+itoa(m.Lookup("gid")), ep[0].String())
	assert.Contains(t, m.String(), `OpExtInstImport "GLSL.std.450"`)
	assert.Contains(t, m.String(), "OpExtInst %")
}

func TestParseErrors(t *testing.T) {
	good := buildCompute(spirv.Version1_3).Words()
	overrun := append([]uint32{}, good...)
	overrun[len(overrun)-1] = 2<<16 | uint32(spirv.OpFunctionEnd)
	for name, words := range map[string][]uint32{
		"short":       good[:3],
		"magic":       append([]uint32{0x12345678}, good[1:]...),
		"schema":      append(append([]uint32{}, good[:4]...), append([]uint32{1}, good[5:]...)...),
		"overrun":     overrun,
		"low bound":   append(append([]uint32{}, good[:3]...), append([]uint32{3}, good[4:]...)...),
		"zero length": append(append([]uint32{}, good...), 0),
	} {
		_, err := spirv.Parse(words)
		assert.Error(t, err, name)
	}
	_, err := spirv.ParseBytes([]byte{1, 2, 3})
	assert.Error(t, err)
}

func TestOpTables(t *testing.T) {
	assert.Equal(t, "OpTypeFloat", spirv.OpTypeFloat.String())
	assert.True(t, spirv.OpIAdd.HasResultType())
	assert.True(t, spirv.OpIAdd.HasResult())
	assert.False(t, spirv.OpTypeFloat.HasResultType())
	assert.True(t, spirv.OpTypeFloat.HasResult())
	assert.False(t, spirv.OpStore.HasResult())
	assert.True(t, spirv.OpSDot.HasResult(), "opcode above the dense table")
	assert.Equal(t, spirv.OpSDot, spirv.OpSDotKHR)
	assert.False(t, spirv.Op(9999).Known())
	assert.Equal(t, "Op(9999)", spirv.Op(9999).String())
	assert.Equal(t, "StorageBuffer", spirv.StorageClassStorageBuffer.String())
	assert.Equal(t, "Acquire|UniformMemory", (spirv.MemorySemanticsAcquire | spirv.MemorySemanticsUniformMemory).String())
	assert.Equal(t, "None", spirv.ImageOperands(0).String())
	assert.Equal(t, "Lod|0x80000000", (spirv.ImageOperandsLod | 0x80000000).String())
	assert.Equal(t, "FAbs", spirv.GLSLstd450FAbs.String())
	assert.Equal(t, spirv.GLSLstd450(4), spirv.GLSLstd450FAbs)
	assert.Equal(t, "BuiltIn(99999)", spirv.BuiltIn(99999).String())
}

// A builder made after another was released starts empty: nothing of the released
// module (types, constants, names, capabilities, functions) leaks into the next, whichever
// order the modules come in.
func TestReleasedBuilderStartsEmpty(t *testing.T) {
	builds := []struct {
		name  string
		env   string // the target environment its module validates for; "" for none
		build func() *spirv.Builder
	}{
		{"compute 1.3", spirv.Version1_3.TargetEnv(), func() *spirv.Builder { return buildCompute(spirv.Version1_3) }},
		{"graphics 1.3", spirv.Version1_3.TargetEnv(), func() *spirv.Builder { return buildGraphics(spirv.Version1_3) }},
		{"compute 1.6", spirv.Version1_6.TargetEnv(), func() *spirv.Builder { return buildCompute(spirv.Version1_6) }},
		{"empty 1.0", "", func() *spirv.Builder { return spirv.NewBuilder(spirv.Version1_0) }},
	}
	for _, a := range builds {
		want := a.build().Bytes()
		for _, other := range builds {
			o := other.build()
			o.Bytes()
			o.Release()
			b := a.build()
			assert.Equal(t, want, b.Bytes(), "%s after %s", a.name, other.name)
			if a.env != "" {
				spirvval.Check(t, b.Words(), a.env)
			}
			b.Release()
		}
	}
}
