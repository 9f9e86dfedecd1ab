package types

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCanonicalShapes(t *testing.T) {
	assert.Same(t, Vec(3, F32), Vec(3, F32))
	assert.NotSame(t, Vec(3, F32), Vec(3, F16))
	assert.Same(t, Mat(4, 3, F16), Mat(4, 3, F16))
	assert.Equal(t, "mat4x3<f16>", Mat(4, 3, F16).String())
	assert.Same(t, Vec(3, F16), Mat(4, 3, F16).Column())
	assert.Equal(t, "vec2<AbstractInt>", Vec(2, AbstractInt).String())
}

func TestSpelling(t *testing.T) {
	for want, typ := range map[string]Type{
		"array<vec3<f32>, 4>":                   &Array{Elem: Vec(3, F32), Count: 4},
		"array<u32>":                            &Array{Elem: U32},
		"array<f32, N>":                         &Array{Elem: F32, CountOverride: 1, CountName: "N"},
		"ptr<function, i32>":                    &Pointer{Space: AddrFunction, Elem: I32, Access: ReadWrite},
		"ptr<storage, i32>":                     &Pointer{Space: AddrStorage, Elem: I32, Access: Read},
		"ptr<storage, i32, read_write>":         &Pointer{Space: AddrStorage, Elem: I32, Access: ReadWrite},
		"ref<uniform, f32>":                     &Reference{Space: AddrUniform, Elem: F32, Access: Read},
		"texture_2d_array<u32>":                 &Texture{Kind: TexSampled, Dim: Dim2DArray, Sampled: U32},
		"texture_depth_cube":                    &Texture{Kind: TexDepth, Dim: DimCube},
		"texture_storage_2d<rgba8unorm, write>": &Texture{Kind: TexStorage, Dim: Dim2D, Format: Rgba8unorm, Access: Write},
		"texture_multisampled_2d<f32>":          &Texture{Kind: TexMultisampled, Dim: Dim2D, Sampled: F32},
		"sampler_comparison":                    ComparisonSamplerType,
		"atomic<u32>":                           &Atomic{Elem: U32},
		"__frexp_result_vec3_f32":               FrexpResult(3, F32),
		"__modf_result_abstract":                ModfResult(1, AbstractFloat),
		"__atomic_compare_exchange_result_i32":  AtomicCompareExchangeResult(I32),
		"buffer<64>":                            &Buffer{Size: 64},
	} {
		assert.Equal(t, want, typ.String())
	}
}

func TestConversionRank(t *testing.T) {
	tests := []struct {
		src, dst Type
		rank     int
	}{
		{F32, F32, 0},
		{AbstractFloat, F32, 1},
		{AbstractFloat, F16, 2},
		{AbstractInt, I32, 3},
		{AbstractInt, U32, 4},
		{AbstractInt, AbstractFloat, 5},
		{AbstractInt, F32, 6},
		{AbstractInt, F16, 7},
		{I32, U32, Infinite},
		{AbstractFloat, I32, Infinite},
		{F32, AbstractFloat, Infinite},
		{Vec(3, AbstractInt), Vec(3, U32), 4},
		{Vec(3, AbstractInt), Vec(2, U32), Infinite},
		{Mat(2, 2, AbstractFloat), Mat(2, 2, F16), 2},
		{&Array{Elem: AbstractInt, Count: 2}, &Array{Elem: F32, Count: 2}, 6},
		{&Array{Elem: AbstractInt, Count: 2}, &Array{Elem: F32, Count: 3}, Infinite},
		{&Reference{Space: AddrPrivate, Elem: F32, Access: ReadWrite}, F32, 0},
		{&Reference{Space: AddrStorage, Elem: F32, Access: Write}, F32, Infinite},
		{FrexpResult(2, AbstractFloat), FrexpResult(2, F32), 1},
		{ModfResult(1, AbstractFloat), ModfResult(1, F16), 2},
		{ModfResult(1, AbstractFloat), FrexpResult(1, F32), Infinite},
		{ModfResult(1, F32), ModfResult(1, F16), Infinite},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.rank, ConversionRank(tt.src, tt.dst), "%s -> %s", tt.src, tt.dst)
	}
}

func TestConcretize(t *testing.T) {
	assert.Same(t, I32, Concretize(AbstractInt))
	assert.Same(t, Vec(2, F32), Concretize(Vec(2, AbstractFloat)))
	arr := Concretize(&Array{Elem: Vec(2, AbstractInt), Count: 3})
	assert.True(t, Identical(&Array{Elem: Vec(2, I32), Count: 3}, arr))
	assert.Same(t, FrexpResult(1, F32), Concretize(FrexpResult(1, AbstractFloat)))
	assert.Equal(t, "__frexp_result_f32", FrexpResult(1, F32).String())
	assert.Same(t, I32, FrexpResult(1, F32).Members[1].Type)
}

func TestPredicates(t *testing.T) {
	s := &Struct{Name: "S", Members: []*Member{{Name: "a", Type: F32}, {Name: "b", Type: &Array{Elem: Vec(3, F32)}}}}
	assert.True(t, IsHostShareable(s))
	assert.False(t, IsConstructible(s))
	assert.True(t, IsRuntimeSized(s))
	assert.False(t, IsFixedFootprint(s))
	assert.True(t, IsStorable(s))
	assert.False(t, IsHostShareable(Bool))
	assert.False(t, IsHostShareable(Vec(2, Bool)))
	assert.True(t, IsConstructible(Vec(2, Bool)))
	assert.False(t, IsStorable(AbstractInt))
	ov := &Array{Elem: F32, CountOverride: "N", CountName: "N"}
	assert.True(t, IsFixedFootprint(ov))
	assert.False(t, IsCreationFixedFootprint(ov))
	assert.False(t, IsConstructible(ov))
	assert.False(t, IsHostShareable(ov))
	at := &Struct{Name: "A", Members: []*Member{{Name: "x", Type: &Atomic{Elem: U32}}}}
	assert.True(t, ContainsAtomic(at))
	assert.False(t, IsConstructible(at))
	assert.True(t, IsHostShareable(at))
	assert.True(t, UsesF16(&Array{Elem: Mat(2, 2, F16), Count: 1}))
	assert.False(t, Identical(s, &Struct{Name: "S", Members: s.Members}))
	assert.True(t, Identical(&Texture{Kind: TexSampled, Dim: Dim2D, Sampled: F32}, &Texture{Kind: TexSampled, Dim: Dim2D, Sampled: F32}))
}

func TestTexelFormats(t *testing.T) {
	all := AllTexelFormats()
	assert.Len(t, all, 40)
	for _, f := range all {
		g, ok := ParseTexelFormat(f.String())
		assert.True(t, ok)
		assert.Equal(t, f, g)
	}
	assert.Same(t, U32, Rgba8uint.ChannelType())
	assert.True(t, R8unorm.NeedsTier1())
	assert.False(t, Bgra8unorm.NeedsTier1())
	_, ok := ParseTexelFormat("rgb8unorm")
	assert.False(t, ok)
	as, ok := ParseAddressSpace("in", false)
	assert.False(t, ok)
	as, ok = ParseAddressSpace("in", true)
	assert.True(t, ok)
	assert.Equal(t, AddrIn, as)
}

// TestCanonicalTables: the vector and matrix tables, static data written out, hold each
// shape of each scalar kind at its index.
func TestCanonicalTables(t *testing.T) {
	for k := ScalarKind(0); k < numScalarKinds; k++ {
		for n := 2; n <= 4; n++ {
			if v := vectors[k][n-2]; v.N != n || v.Elem != &scalars[k] {
				t.Errorf("vectors[%d][%d] = vec%d<%v>", k, n-2, v.N, v.Elem)
			}
			for r := 2; r <= 4; r++ {
				if m := matrices[k][n-2][r-2]; m.Cols != n || m.Rows != r || m.Elem != &scalars[k] {
					t.Errorf("matrices[%d][%d][%d] = %v", k, n-2, r-2, &m)
				}
			}
		}
	}
}
