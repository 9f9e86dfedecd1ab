package wgsl

import (
	"bufio"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

func TestF16ToFloat32IsExact(t *testing.T) {
	for b := range 1 << 16 {
		h := F16(b)
		want := constant.F16FromBits(uint16(b))
		got := h.Float32()
		if math.IsNaN(want) {
			require.True(t, math.IsNaN(float64(got)), "%#04x", b)
			continue
		}
		require.Equal(t, want, float64(got), "%#04x", b)
		require.Equal(t, h, F16FromFloat32(got), "%#04x round trip", b)
		if want == 0 {
			require.Equal(t, b&0x8000 != 0, math.Signbit(float64(got)), "%#04x sign of zero", b)
		}
	}
}

// TestF16FromFloat32 compares with the compiler's conversion from float64 (which is exact for
// float32 inputs) where rounding is hardest: at every midpoint between two F16 values and one
// float32 step either side, and at a spread of other float32 values.
func TestF16FromFloat32(t *testing.T) {
	check := func(f float32) {
		if math.IsNaN(float64(f)) {
			return
		}
		want := F16(constant.F16Bits(float64(f)))
		if got := F16FromFloat32(f); got != want {
			t.Fatalf("F16FromFloat32(%g = %#08x) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
		}
	}
	for b := range 0x7c00 {
		lo, hi := F16(b).Float32(), F16(b+1).Float32()
		mid := float32((float64(lo) + float64(hi)) / 2) // exact: F16 values have few bits
		for _, f := range []float32{mid, math.Nextafter32(mid, 0), math.Nextafter32(mid, float32(math.Inf(1))), lo} {
			check(f)
			check(-f)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1 << 20 {
		check(math.Float32frombits(r.Uint32()))
	}
	for _, f := range []float32{65504, 65519.99, 65520, 1e10, float32(math.Inf(1)), 5.96e-8, 2.98e-8, 2.99e-8, 1e-40} {
		check(f)
		check(-f)
	}
}

func TestF16NaNAndString(t *testing.T) {
	nan := F16FromFloat32(float32(math.NaN()))
	assert.Equal(t, F16(0x7c00), nan&0x7c00, "NaN keeps an all-ones exponent")
	assert.NotZero(t, nan&0x3ff)
	assert.True(t, math.IsNaN(float64(nan.Float32())))
	for _, c := range []struct {
		h    F16
		want string
	}{{0x3c00, "1"}, {0x2e66, "0.1"}, {0xc000, "-2"}, {0x7bff, "65500"}, {0x0001, "6e-08"}, {0x7c00, "+Inf"}} {
		assert.Equal(t, c.want, c.h.String())
	}
}

func TestSizes(t *testing.T) {
	for _, c := range []struct {
		name       string
		size, want uintptr
	}{
		{"Vec2f", unsafe.Sizeof(Vec2f{}), 8}, {"Vec3f", unsafe.Sizeof(Vec3f{}), 12}, {"Vec4f", unsafe.Sizeof(Vec4f{}), 16},
		{"Vec3i", unsafe.Sizeof(Vec3i{}), 12}, {"Vec3u", unsafe.Sizeof(Vec3u{}), 12},
		{"Vec2h", unsafe.Sizeof(Vec2h{}), 4}, {"Vec3h", unsafe.Sizeof(Vec3h{}), 6}, {"Vec4h", unsafe.Sizeof(Vec4h{}), 8},
		{"Vec3fPadded", unsafe.Sizeof(Vec3fPadded{}), 16}, {"Vec3hPadded", unsafe.Sizeof(Vec3hPadded{}), 8},
		{"Mat2x2f", unsafe.Sizeof(Mat2x2f{}), 16}, {"Mat2x3f", unsafe.Sizeof(Mat2x3f{}), 32}, {"Mat3x3f", unsafe.Sizeof(Mat3x3f{}), 48},
		{"Mat4x3f", unsafe.Sizeof(Mat4x3f{}), 64}, {"Mat4x2f", unsafe.Sizeof(Mat4x2f{}), 32}, {"Mat4x4f", unsafe.Sizeof(Mat4x4f{}), 64},
		{"Mat2x2h", unsafe.Sizeof(Mat2x2h{}), 8}, {"Mat3x3h", unsafe.Sizeof(Mat3x3h{}), 24}, {"Mat4x4h", unsafe.Sizeof(Mat4x4h{}), 32},
		{"Strided", unsafe.Sizeof(Strided[float32, [12]byte]{}), 16},
	} {
		assert.Equal(t, c.want, c.size, c.name)
	}
}

func TestMatrixEncoding(t *testing.T) {
	m := Mat3x3fColumnMajor([9]float32{1, 2, 3, 4, 5, 6, 7, 8, 9})
	assert.Equal(t, Vec3f{4, 5, 6}, m.Col(1))
	assert.Equal(t, [9]float32{1, 2, 3, 4, 5, 6, 7, 8, 9}, m.ColumnMajor())
	b := make([]byte, 48)
	for i := range b {
		b[i] = 0xee
	}
	m.Encode(b)
	for c := range 3 {
		for r := range 3 {
			assert.Equal(t, float32(3*c+r+1), math.Float32frombits(uint32(b[16*c+4*r])|uint32(b[16*c+4*r+1])<<8|uint32(b[16*c+4*r+2])<<16|uint32(b[16*c+4*r+3])<<24))
		}
		assert.Equal(t, []byte{0, 0, 0, 0}, b[16*c+12:16*c+16], "padding of column %d", c)
	}
	if LittleEndian {
		assert.Equal(t, b, Bytes(&m))
	}
	var back Mat3x3f
	back.Decode(b)
	assert.Equal(t, m, back)
	m.SetCol(2, Vec3f{0, 0, 1})
	assert.Equal(t, Vec3f{0, 0, 1}, m[2].V)

	h := Mat2x3h{{V: Vec3h{1, 2, 3}}, {V: Vec3h{4, 5, 6}}}
	hb := make([]byte, 16)
	h.Encode(hb)
	assert.Equal(t, []byte{1, 0, 2, 0, 3, 0, 0, 0, 4, 0, 5, 0, 6, 0, 0, 0}, hb)
}

func TestViews(t *testing.T) {
	if !LittleEndian {
		_, err := View[uint32](make([]byte, 8))
		assert.Error(t, err)
		assert.Panics(t, func() { Bytes(new(uint32)) })
		return
	}
	buf := make([]byte, 20)
	v, err := View[Vec2u](buf[:16])
	require.NoError(t, err)
	v[1][0] = 0x04030201
	assert.Equal(t, []byte{1, 2, 3, 4}, buf[8:12])
	_, err = View[Vec2u](buf[:12])
	assert.ErrorContains(t, err, "whole number")
	_, err = View[uint32](buf[1:9])
	assert.ErrorContains(t, err, "aligned")
	empty, err := View[uint32](nil)
	require.NoError(t, err)
	assert.Empty(t, empty)

	p, err := ViewOf[Vec4f](buf)
	require.NoError(t, err)
	assert.Equal(t, unsafe.Pointer(&buf[0]), unsafe.Pointer(p))
	_, err = ViewOf[Vec4f](buf[:15])
	assert.ErrorContains(t, err, "cannot hold")

	s := []Vec3fPadded{{V: Vec3f{1, 2, 3}}, {V: Vec3f{4, 5, 6}}}
	sb := SliceBytes(s)
	assert.Len(t, sb, 32)
	want := make([]byte, 32)
	s[0].Encode(want)
	s[1].Encode(want[16:])
	assert.Equal(t, want, sb)
	assert.Nil(t, SliceBytes[uint32](nil))
}

func TestWords(t *testing.T) {
	w := []uint32{0x07230203, 0x00010300, 7}
	b := WordBytes(w)
	assert.Equal(t, []byte{3, 2, 0x23, 7, 0, 3, 1, 0, 7, 0, 0, 0}, b)
	assert.Equal(t, w, Words(b))
	assert.Equal(t, w, Words(append(b, 1, 2)), "a partial word is dropped")
	s := Shader{SPIRV: b, EntryPoints: []EntryPoint{{Name: "main"}},
		BindGroups: []BindGroup{{Group: 0}, {Group: 1, Entries: []Binding{{Group: 1, Binding: 2}, {Group: 1, Binding: 5}}}},
		Immediates: []Immediate{{Name: "push"}}, Overrides: []Override{{Name: "w"}}}
	assert.Equal(t, w, s.Words())
	assert.Equal(t, "main", s.EntryPoint("main").Name)
	assert.Nil(t, s.EntryPoint("other"))
	assert.Equal(t, BindingRef{1, 5}, s.Binding(1, 5).Ref())
	assert.Nil(t, s.Binding(1, 3))
	assert.Nil(t, s.Binding(2, 1))
	assert.Nil(t, s.Binding(0, 0))
	assert.Equal(t, "push", s.Immediate("push").Name)
	assert.Nil(t, s.Immediate("x"))
	assert.Equal(t, "w", s.Override("w").Name)
	assert.Nil(t, s.Override("x"))
}

func TestShaderStage(t *testing.T) {
	assert.Equal(t, "vertex|fragment", (Vertex | Fragment).String())
	assert.Equal(t, "compute", Compute.String())
	assert.Equal(t, "none", ShaderStage(0).String())
	assert.Equal(t, uint32(0x31), (Vertex | Fragment | Compute).VkShaderStageFlags())
	im := Immediate{Size: 16, Stages: Vertex | Fragment}
	flags, off, size := im.VkPushConstantRange()
	assert.Equal(t, [3]uint32{0x11, 0, 16}, [3]uint32{flags, off, size})
	l := VertexBufferLayout{ArrayStride: 8}
	assert.Equal(t, StepVertex, l.PerVertex().StepMode)
	assert.Equal(t, StepInstance, l.PerInstance().StepMode)
	assert.Equal(t, VertexStepMode(""), l.StepMode, "the table's layout is untouched")
	_, ok := l.StepMode.VkVertexInputRate()
	assert.False(t, ok)
	rate, ok := StepInstance.VkVertexInputRate()
	assert.True(t, ok)
	assert.Equal(t, uint32(1), rate)
}

// overridesShader is a table as wgslgen writes it for these declarations.
func overridesShader() *Shader {
	src := "@id(3) override gain: f32 = 2.0;\noverride scale = gain * 0.5;\noverride n: i32;\nenable f16;override h: f16 = 1.0h;override on: bool = true; override u: u32 = 1u;\n"
	span := func(text string) TextRange {
		i := strings.Index(src, text)
		return TextRange{Start: i, End: i + len(text)}
	}
	return &Shader{Source: "o.wgsl", WGSL: src, Overrides: []Override{
		{Name: "gain", Key: "3", ID: 3, Type: "f32", Default: "2", Decl: span("@id(3) override gain: f32 = 2.0;"), Init: span("2.0")},
		{Name: "scale", Key: "scale", ID: 0, Type: "f32", FlagID: 65536, Decl: span("override scale = gain * 0.5;"), Init: span("gain * 0.5")},
		{Name: "n", Key: "n", ID: 1, Type: "i32", Required: true, Decl: span("override n: i32;")},
		{Name: "h", Key: "h", ID: 2, Type: "f16", Default: "1", Decl: span("override h: f16 = 1.0h;"), Init: span("1.0h")},
		{Name: "on", Key: "on", ID: 4, Type: "bool", Default: "true", Decl: span("override on: bool = true;"), Init: span("true")},
		{Name: "u", Key: "u", ID: 5, Type: "u32", Default: "1", Decl: span("override u: u32 = 1u;"), Init: span("1u")},
	}}
}

func TestWGSLWith(t *testing.T) {
	s := overridesShader()
	got, err := s.WGSLWith(map[string]float64{"gain": 4, "n": -2147483648, "h": 0.1, "on": 0})
	require.NoError(t, err)
	assert.Equal(t, "const gain: f32 = 4f;\nconst scale: f32 = gain * 0.5;\nconst n: i32 = -2147483648;\nenable f16;const h: f16 = 0.099975586h;const on: bool = false; const u: u32 = 1u;\n", got)

	_, err = s.WGSLWith(map[string]float64{"gain": 1})
	assert.EqualError(t, err, "wgsl: override n of o.wgsl has no default: it needs a value")
	_, err = s.WGSLWith(map[string]float64{"n": 1.5e10, "gian": 1, "u": -1, "gain": math.Inf(1)})
	assert.EqualError(t, err, `wgsl: o.wgsl has no override "gian"`+"\n"+
		"override gain: +Inf is not a value of f32\noverride n: 1.5e+10 is out of the range of i32\noverride u: -1 is out of the range of u32")
	_, err = (&Shader{Source: "x.wgsl"}).WGSLWith(nil)
	assert.EqualError(t, err, "wgsl: x.wgsl: the table has no WGSL text (generated with -wgsl=none)")
}

// TestWGSLFor: the dialect's own text, with its own override ranges, substituted as WGSLWith
// substitutes; Modern is WGSLWith; a dialect the table has no text for, or cannot have one
// for, is an error that says why.
func TestWGSLFor(t *testing.T) {
	s := overridesShader()
	text := "override gain: f32 = 2.0f;\noverride scale: f32 = gain * 0.5f;\noverride n: i32;\nenable f16;override h: f16 = 1.0h;override on: bool = true; override u: u32 = 1u;\n"
	span := func(x string) TextRange {
		i := strings.Index(text, x)
		return TextRange{Start: i, End: i + len(x)}
	}
	s.Dialects = []DialectText{
		{Dialect: Gogpu, WGSL: text, Overrides: []OverrideText{
			{Decl: span("override gain: f32 = 2.0f;"), Init: span("2.0f")},
			{Decl: span("override scale: f32 = gain * 0.5f;"), Init: span("gain * 0.5f")},
			{Decl: span("override n: i32;")},
			{Decl: span("override h: f16 = 1.0h;"), Init: span("1.0h")},
			{Decl: span("override on: bool = true;"), Init: span("true")},
			{Decl: span("override u: u32 = 1u;"), Init: span("1u")},
		}},
		{Dialect: Naga019, Problems: "o.wgsl:4:8: naga 0.19.2 has no enable-extension f16"},
		{Dialect: Naga29, WGSL: text, Overrides: []OverrideText{{}}},
	}
	got, err := s.WGSLFor(Gogpu, map[string]float64{"n": 3})
	require.NoError(t, err)
	assert.Equal(t, "const gain: f32 = 2.0f;\nconst scale: f32 = gain * 0.5f;\nconst n: i32 = 3;\nenable f16;const h: f16 = 1.0h;const on: bool = true; const u: u32 = 1u;\n", got)
	modern, err := s.WGSLFor(Modern, map[string]float64{"n": 3})
	require.NoError(t, err)
	want, err := s.WGSLWith(map[string]float64{"n": 3})
	require.NoError(t, err)
	assert.Equal(t, want, modern)

	_, err = s.WGSLFor(Gogpu, nil)
	assert.EqualError(t, err, "wgsl: override n of o.wgsl has no default: it needs a value")
	_, err = s.WGSLFor(Naga019, map[string]float64{"n": 3})
	assert.EqualError(t, err, "wgsl: o.wgsl cannot be written in the WGSL of naga-0.19:\no.wgsl:4:8: naga 0.19.2 has no enable-extension f16")
	_, err = s.WGSLFor(Naga29, map[string]float64{"n": 3})
	assert.EqualError(t, err, "wgsl: o.wgsl: the naga-29 text has 1 override declarations, the table 6 overrides")
	s.Dialects = nil
	_, err = s.WGSLFor(Gogpu, map[string]float64{"n": 3})
	assert.EqualError(t, err, "wgsl: o.wgsl: the table has no WGSL text for gogpu-naga-0.18: add -for=gogpu-naga-0.18 to its wgslgen command")
}

func TestWGSLWithPushConstants(t *testing.T) {
	src := "requires immediate_address_space;\n@id(3) override gain: f32 = 2.0;\nvar<immediate> push: vec4f;\nvar < /* c */ immediate > tint: u32;\n"
	span := func(text string, n int) TextRange {
		i := strings.Index(src, text)
		for ; n > 0; n-- {
			i += len(text) + strings.Index(src[i+len(text):], text)
		}
		return TextRange{Start: i, End: i + len(text)}
	}
	s := &Shader{Source: "i.wgsl", WGSL: src,
		Immediates:       []Immediate{{Name: "push", AddressSpace: span("immediate", 1)}, {Name: "tint", AddressSpace: span("immediate", 2)}},
		ImmediateFeature: span("requires immediate_address_space;", 0),
		Overrides: []Override{{Name: "gain", Key: "3", ID: 3, Type: "f32", Default: "2",
			Decl: span("@id(3) override gain: f32 = 2.0;", 0), Init: span("2.0", 0)}}}
	got, err := s.WGSLWithPushConstants(map[string]float64{"gain": 4})
	require.NoError(t, err)
	assert.Equal(t, "\nconst gain: f32 = 4f;\nvar<push_constant> push: vec4f;\nvar < /* c */ push_constant > tint: u32;\n", got)
	got, err = s.WGSLWith(map[string]float64{"gain": 4})
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(src, "@id(3) override gain: f32 = 2.0;", "const gain: f32 = 4f;", 1), got, "WGSLWith keeps immediates")

	s.Immediates[1].AddressSpace = span("tint", 0)
	_, err = s.WGSLWithPushConstants(nil)
	assert.EqualError(t, err, "wgsl: i.wgsl: immediate tint: no address space at 121..125 in the WGSL text")
	s.Immediates[1].AddressSpace = s.Immediates[0].AddressSpace
	_, err = s.WGSLWithPushConstants(nil)
	assert.EqualError(t, err, "wgsl: i.wgsl: the text ranges of the table overlap")
}

func TestPipelineConstantsAndSpecialization(t *testing.T) {
	s := overridesShader()
	c, err := s.PipelineConstants(map[string]float64{"gain": 0.1, "n": 7.9, "scale": 3, "on": math.NaN()})
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"3": float64(float32(0.1)), "n": 7, "scale": 3, "on": 0}, c)
	spec, err := s.Specialization(map[string]float64{"n": -1, "scale": 3, "h": 2})
	require.NoError(t, err)
	assert.Equal(t, []SpecializationEntry{{ID: 0, Offset: 0, Size: 4}, {ID: 65536, Offset: 4, Size: 4}, {ID: 1, Offset: 8, Size: 4}, {ID: 2, Offset: 12, Size: 2}}, spec.Entries)
	_, err = s.PipelineConstants(nil)
	assert.Error(t, err, "n is required")
}

func TestConvertAndLiteral(t *testing.T) {
	for _, c := range []struct {
		typ  string
		in   float64
		want string
	}{
		{"f32", 0.1, "0.1f"},
		{"f32", 1e30, "1e+30f"},
		{"f32", math.Copysign(0, -1), "-0f"},
		{"f32", 3, "3f"},
		{"f32", float64(math.SmallestNonzeroFloat32), "1e-45f"},
		{"f16", 65504, "65504h"},
		{"f16", 1.0 / 3, "0.33325195h"},
		{"i32", -7.9, "-7"},
		{"u32", 4294967295, "4294967295"},
		{"bool", 2, "true"},
	} {
		v, err := Convert(c.typ, c.in)
		require.NoError(t, err, "%s %v", c.typ, c.in)
		assert.Equal(t, c.want, Literal(c.typ, v), "%s %v", c.typ, c.in)
	}
	for _, bad := range []struct {
		typ string
		v   float64
	}{{"f32", 1e39}, {"f16", 65520}, {"i32", 2147483648}, {"u32", -1}, {"i32", math.NaN()}, {"f64", 1}} {
		_, err := Convert(bad.typ, bad.v)
		assert.Error(t, err, "%s %v", bad.typ, bad.v)
	}
	// Every f32 literal reads back as its value, rounded once or through a double.
	for _, bits := range []uint32{0x3dcccccd, 0x00000001, 0x7f7fffff, 0x33d6bf95, 0x4b7fffff, 0xbf800001} {
		f := math.Float32frombits(bits)
		lit := strings.TrimSuffix(Literal("f32", float64(f)), "f")
		back, err := strconv.ParseFloat(lit, 32)
		require.NoError(t, err, lit)
		assert.Equal(t, f, float32(back), lit)
	}
}

func TestSpecialization(t *testing.T) {
	var s Specialization
	s.AddF16(5, 0x3c00)
	s.AddU32(1, 7)
	s.AddBool(2, true)
	s.AddF16(3, 0x4000)
	s.AddF32(4, 1.5)
	s.AddI32(6, -1)
	assert.Equal(t, []SpecializationEntry{
		{ID: 5, Offset: 0, Size: 2}, {ID: 1, Offset: 4, Size: 4}, {ID: 2, Offset: 8, Size: 4},
		{ID: 3, Offset: 12, Size: 2}, {ID: 4, Offset: 16, Size: 4}, {ID: 6, Offset: 20, Size: 4},
	}, s.Entries)
	require.Len(t, s.Data, 24)
	at := func(off uint32) uint32 { return *(*uint32)(unsafe.Pointer(&s.Data[off])) }
	assert.Equal(t, uint32(7), at(4))
	assert.Equal(t, uint32(1), at(8))
	assert.Equal(t, math.Float32bits(1.5), at(16))
	assert.Equal(t, uint32(0xffffffff), at(20))
	assert.Equal(t, uint16(0x3c00), *(*uint16)(unsafe.Pointer(&s.Data[0])))
}

// TestVulkanNumbers checks the Vulkan enumerants against the Vulkan headers.
func TestVulkanNumbers(t *testing.T) {
	f, err := os.Open(oracle.VulkanHeader(t, "vulkan_core.h"))
	require.NoError(t, err)
	defer f.Close()
	enum := map[string]uint32{}
	re := regexp.MustCompile(`^\s+(VK_\w+) = (\d+|0x[0-9A-Fa-f]+),`)
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			v, _ := strconv.ParseUint(m[2], 0, 32)
			enum[m[1]] = uint32(v)
		}
	}
	formats := map[VertexFormat]string{
		Float32: "R32_SFLOAT", Float32x2: "R32G32_SFLOAT", Float32x3: "R32G32B32_SFLOAT", Float32x4: "R32G32B32A32_SFLOAT",
		Sint32: "R32_SINT", Sint32x2: "R32G32_SINT", Sint32x3: "R32G32B32_SINT", Sint32x4: "R32G32B32A32_SINT",
		Uint32: "R32_UINT", Uint32x2: "R32G32_UINT", Uint32x3: "R32G32B32_UINT", Uint32x4: "R32G32B32A32_UINT",
		Float16x2: "R16G16_SFLOAT", Float16x4: "R16G16B16A16_SFLOAT",
	}
	for f, name := range formats {
		assert.Equal(t, enum["VK_FORMAT_"+name], f.VkFormat(), string(f))
	}
	for f := range textureFormats {
		name := strings.ToUpper(string(f))
		name = strings.NewReplacer("RGBA", "R@G@B@A@", "BGRA", "B@G@R@A@", "RG11B10UFLOAT", "B10G11R11_UFLOAT_PACK32",
			"RGB10A2UNORM", "A2B10G10R10_UNORM_PACK32", "RGB10A2UINT", "A2B10G10R10_UINT_PACK32").Replace(name)
		if !strings.Contains(name, "PACK32") {
			// rgba8unorm: R8G8B8A8_UNORM; rg32float: R32G32_SFLOAT.
			i := strings.IndexAny(name, "0123456789")
			j := i + strings.IndexAny(name[i:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
			chans, bits, kind := name[:i], name[i:j], name[j:]
			if !strings.Contains(chans, "@") {
				chans = strings.Join(strings.Split(chans, ""), "@") + "@"
			}
			kind = map[string]string{"UNORM": "_UNORM", "SNORM": "_SNORM", "UINT": "_UINT", "SINT": "_SINT", "FLOAT": "_SFLOAT"}[kind]
			name = strings.ReplaceAll(chans, "@", bits) + kind
		}
		assert.Equal(t, enum["VK_FORMAT_"+name], f.VkFormat(), "%s (VK_FORMAT_%s)", f, name)
	}
	for _, b := range []struct {
		b    Binding
		name string
	}{
		{Binding{Buffer: &BufferBindingLayout{Type: BufferUniform}}, "UNIFORM_BUFFER"},
		{Binding{Buffer: &BufferBindingLayout{Type: BufferStorage}}, "STORAGE_BUFFER"},
		{Binding{Buffer: &BufferBindingLayout{Type: BufferReadOnlyStorage}}, "STORAGE_BUFFER"},
		{Binding{Sampler: &SamplerBindingLayout{Type: SamplerComparison}}, "SAMPLER"},
		{Binding{Texture: &TextureBindingLayout{SampleType: SampleDepth}}, "SAMPLED_IMAGE"},
		{Binding{StorageTexture: &StorageTextureBindingLayout{}}, "STORAGE_IMAGE"},
		{Binding{ExternalTexture: &ExternalTextureBindingLayout{}}, "SAMPLED_IMAGE"},
	} {
		assert.Equal(t, enum["VK_DESCRIPTOR_TYPE_"+b.name], b.b.VkDescriptorType(), b.name)
	}
	for s, name := range map[ShaderStage]string{Vertex: "VERTEX_BIT", Fragment: "FRAGMENT_BIT", Compute: "COMPUTE_BIT"} {
		assert.Equal(t, enum["VK_SHADER_STAGE_"+name], s.VkShaderStageFlags(), s.String())
	}
	for d, name := range map[TextureViewDimension]string{View1D: "1D", View2D: "2D", View2DArray: "2D_ARRAY", View3D: "3D", ViewCube: "CUBE", ViewCubeArray: "CUBE_ARRAY"} {
		v, ok := d.VkImageViewType()
		assert.True(t, ok)
		assert.Equal(t, enum["VK_IMAGE_VIEW_TYPE_"+name], v, string(d))
	}
	for m, name := range map[VertexStepMode]string{StepVertex: "VERTEX", StepInstance: "INSTANCE"} {
		v, _ := m.VkVertexInputRate()
		assert.Equal(t, enum["VK_VERTEX_INPUT_RATE_"+name], v, string(m))
	}
}

// TestTypesUpToDate checks that types.go is what mktypes.go writes.
func TestTypesUpToDate(t *testing.T) {
	if testing.Short() || os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("runs the go command; skipped in -short mode and under Bazel")
	}
	want, err := os.ReadFile("types.go")
	require.NoError(t, err)
	dir := t.TempDir()
	src, err := os.ReadFile("mktypes.go")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dir+"/mktypes.go", src, 0o644))
	cmd := goRun(t, dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	got, err := os.ReadFile(dir + "/types.go")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "run go generate in gen/wgsl")
}
