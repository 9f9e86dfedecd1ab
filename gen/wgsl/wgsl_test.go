package wgsl

import (
	"bufio"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
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
	s := Shader{SPIRV: b, EntryPoints: []EntryPoint{{Name: "main"}}, Bindings: []Binding{{Group: 1, Binding: 2}}}
	assert.Equal(t, w, s.Words())
	assert.Equal(t, "main", s.EntryPoint("main").Name)
	assert.Nil(t, s.EntryPoint("other"))
	assert.NotNil(t, s.Binding(1, 2))
	assert.Nil(t, s.Binding(2, 1))
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
		Float16: "R16_SFLOAT", Float16x2: "R16G16_SFLOAT", Float16x3: "R16G16B16_SFLOAT", Float16x4: "R16G16B16A16_SFLOAT",
	}
	for f, name := range formats {
		assert.Equal(t, enum["VK_FORMAT_"+name], f.VkFormat(), string(f))
	}
	kinds := map[BindingKind]string{
		UniformBuffer: "UNIFORM_BUFFER", StorageBuffer: "STORAGE_BUFFER", Sampler: "SAMPLER", ComparisonSampler: "SAMPLER",
		SampledTexture: "SAMPLED_IMAGE", MultisampledTexture: "SAMPLED_IMAGE", DepthTexture: "SAMPLED_IMAGE",
		DepthMultisampledTexture: "SAMPLED_IMAGE", StorageTexture: "STORAGE_IMAGE",
	}
	for k, name := range kinds {
		got, ok := k.VkDescriptorType()
		assert.True(t, ok)
		assert.Equal(t, enum["VK_DESCRIPTOR_TYPE_"+name], got, string(k))
	}
	_, ok := ExternalTexture.VkDescriptorType()
	assert.False(t, ok)
	for s, name := range map[Stage]string{Vertex: "VERTEX_BIT", Fragment: "FRAGMENT_BIT", Compute: "COMPUTE_BIT"} {
		assert.Equal(t, enum["VK_SHADER_STAGE_"+name], s.VkShaderStage(), string(s))
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
