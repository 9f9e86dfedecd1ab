package layout

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestAlignSizeTable encodes every row of the spec's table "Alignment and size for
// host-shareable and fixed footprint types" for the types that are not compound.
func TestAlignSizeTable(t *testing.T) {
	tests := []struct {
		t           types.Type
		align, size int
	}{
		{boolean, 4, 4},
		{i32, 4, 4},
		{u32, 4, 4},
		{f32, 4, 4},
		{f16, 2, 2},
		{&types.Atomic{Elem: i32}, 4, 4},
		{&types.Atomic{Elem: u32}, 4, 4},
		{vec(2, boolean), 8, 8},
		{vec(2, i32), 8, 8},
		{vec(2, u32), 8, 8},
		{vec(2, f32), 8, 8},
		{vec(2, f16), 4, 4},
		{vec(3, boolean), 16, 12},
		{vec(3, i32), 16, 12},
		{vec(3, u32), 16, 12},
		{vec(3, f32), 16, 12},
		{vec(3, f16), 8, 6},
		{vec(4, boolean), 16, 16},
		{vec(4, i32), 16, 16},
		{vec(4, u32), 16, 16},
		{vec(4, f32), 16, 16},
		{vec(4, f16), 8, 8},
		{mat(2, 2, f32), 8, 16},
		{mat(2, 2, f16), 4, 8},
		{mat(3, 2, f32), 8, 24},
		{mat(3, 2, f16), 4, 12},
		{mat(4, 2, f32), 8, 32},
		{mat(4, 2, f16), 4, 16},
		{mat(2, 3, f32), 16, 32},
		{mat(2, 3, f16), 8, 16},
		{mat(3, 3, f32), 16, 48},
		{mat(3, 3, f16), 8, 24},
		{mat(4, 3, f32), 16, 64},
		{mat(4, 3, f16), 8, 32},
		{mat(2, 4, f32), 16, 32},
		{mat(2, 4, f16), 8, 16},
		{mat(3, 4, f32), 16, 48},
		{mat(3, 4, f16), 8, 24},
		{mat(4, 4, f32), 16, 64},
		{mat(4, 4, f16), 8, 32},
		{&types.Buffer{Size: 64}, 0, 64},
		{&types.Buffer{}, 0, 0},
		{types.AbstractInt, 0, 0},
		{types.AbstractFloat, 0, 0},
		{types.SamplerType, 0, 0},
		{&types.Pointer{Space: types.AddrFunction, Elem: f32, Access: types.ReadWrite}, 0, 0},
	}
	l := New(Options{})
	for _, tt := range tests {
		assert.Equal(t, tt.align, l.AlignOf(tt.t), "AlignOf(%s)", tt.t)
		assert.Equal(t, tt.size, l.SizeOf(tt.t), "SizeOf(%s)", tt.t)
		assert.Equal(t, tt.align > 0, l.HasLayout(tt.t), "HasLayout(%s)", tt.t)
	}
}

// TestMatrixStride: column i of matCxR<T> is at i × AlignOf(vecR<T>).
func TestMatrixStride(t *testing.T) {
	l := New(Options{})
	for _, s := range []*types.Scalar{f32, f16} {
		for c := 2; c <= 4; c++ {
			for r := 2; r <= 4; r++ {
				m := mat(c, r, s)
				want := l.AlignOf(vec(r, s))
				assert.Equal(t, want, l.MatrixStride(m), "%s", m)
				assert.Equal(t, c*want, l.SizeOf(m), "%s is C columns of stride %d", m, want)
			}
		}
	}
	assert.Equal(t, 8, l.MatrixStride(mat(3, 2, f32)))
	assert.Equal(t, 16, l.MatrixStride(mat(2, 3, f32)))
	assert.Equal(t, 4, l.MatrixStride(mat(4, 2, f16)))
	assert.Equal(t, 8, l.MatrixStride(mat(4, 3, f16)))
}

// TestArrayLayoutExamples encodes the spec's "Fixed-size array layout examples" and
// "Runtime-sized array layout examples", and the f16 and matrix cases.
func TestArrayLayoutExamples(t *testing.T) {
	tests := []struct {
		name                string
		a                   *types.Array
		align, stride, size int
	}{
		{"small_stride: array<f32, 8>", arr(f32, 8), 4, 4, 32},
		{"bigger_stride: array<vec3<f32>, 8>", arr(vec(3, f32), 8), 16, 16, 128},
		{"weights: array<f32>", rtarr(f32), 4, 4, 0},
		{"directions: array<vec3<f32>>", rtarr(vec(3, f32)), 16, 16, 0},
		{"array<f16, 3>", arr(f16, 3), 2, 2, 6},
		{"array<vec2<f16>, 3>", arr(vec(2, f16), 3), 4, 4, 12},
		{"array<vec3<f16>, 3>", arr(vec(3, f16), 3), 8, 8, 24},
		{"array<vec4<f16>, 3>", arr(vec(4, f16), 3), 8, 8, 24},
		{"array<mat3x2<f32>, 2>", arr(mat(3, 2, f32), 2), 8, 24, 48},
		{"array<mat2x2<f32>, 2>", arr(mat(2, 2, f32), 2), 8, 16, 32},
		{"array<mat4x3<f16>, 2>", arr(mat(4, 3, f16), 2), 8, 32, 64},
		{"array<array<vec3<f32>, 2>, 3>", arr(arr(vec(3, f32), 2), 3), 16, 32, 96},
		{"array<atomic<u32>, 5>", arr(&types.Atomic{Elem: u32}, 5), 4, 4, 20},
		{"array<f32, N> (override-sized)", &types.Array{Elem: f32, CountOverride: "N", CountName: "N"}, 4, 4, 0},
	}
	l := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.align, l.AlignOf(tt.a))
			assert.Equal(t, tt.stride, l.ArrayStride(tt.a))
			assert.Equal(t, tt.size, l.SizeOf(tt.a))
		})
	}
}

type memberWant struct{ offset, size, align int }

func checkStruct(t *testing.T, l *Layouts, s *types.Struct, align, size int, members ...memberWant) {
	t.Helper()
	sl := l.Struct(s)
	require.Len(t, sl.Members, len(members), "struct %s", s.Name)
	for i, w := range members {
		ml := sl.Members[i]
		assert.Equal(t, w, memberWant{ml.Offset, ml.Size, ml.Align}, "struct %s member %s", s.Name, s.Members[i].Name)
	}
	assert.Equal(t, align, sl.Align, "AlignOf(%s)", s.Name)
	assert.Equal(t, size, sl.Size, "SizeOf(%s)", s.Name)
	assert.Equal(t, align, l.AlignOf(s))
	assert.Equal(t, size, l.SizeOf(s))
}

// TestStructExampleImplicit is the spec's "Layout of structures using implicit member sizes
// and alignments", with the offsets, sizes and alignments of its comments.
func TestStructExampleImplicit(t *testing.T) {
	a := st("A",
		mem("u", f32),
		mem("v", f32),
		mem("w", vec(2, f32)),
		mem("x", f32))
	b := st("B",
		mem("a", vec(2, f32)),
		mem("b", vec(3, f32)),
		mem("c", f32),
		mem("d", f32),
		mem("e", a),
		mem("f", vec(3, f32)),
		mem("g", arr(a, 3)),
		mem("h", i32))
	l := New(Options{})
	checkStruct(t, l, a, 8, 24,
		memberWant{0, 4, 4}, memberWant{4, 4, 4}, memberWant{8, 8, 8}, memberWant{16, 4, 4})
	checkStruct(t, l, b, 16, 160,
		memberWant{0, 8, 8}, memberWant{16, 12, 16}, memberWant{28, 4, 4}, memberWant{32, 4, 4},
		memberWant{40, 24, 8}, memberWant{64, 12, 16}, memberWant{80, 72, 8}, memberWant{152, 4, 4})
	assert.Equal(t, 24, l.ArrayStride(b.Members[6].Type.(*types.Array)), "element stride 24")
	assert.Equal(t, 24, l.Struct(b).Members[6].ArrayStride)

	report, errs := collect()
	l.CheckType(b, noSpan, report)
	l.Check(b, types.AddrStorage, noSpan, report)
	assert.Empty(t, messages(*errs), "var<storage,read_write> storage_buffer: B is valid")
}

// TestStructExampleExplicit is the spec's "Layout of structures with explicit member sizes
// and alignments"; its B is the store type of a uniform buffer, so it must pass the uniform
// constraints without uniform_buffer_standard_layout.
func TestStructExampleExplicit(t *testing.T) {
	a := st("A",
		mem("u", f32),
		mem("v", f32),
		mem("w", vec(2, f32)),
		mem("x", f32, size(16)))
	b := st("B",
		mem("a", vec(2, f32)),
		mem("b", vec(3, f32)),
		mem("c", f32),
		mem("d", f32),
		mem("e", a, align(16)),
		mem("f", vec(3, f32)),
		mem("g", arr(a, 3)),
		mem("h", i32))
	l := New(Options{})
	checkStruct(t, l, a, 8, 32,
		memberWant{0, 4, 4}, memberWant{4, 4, 4}, memberWant{8, 8, 8}, memberWant{16, 16, 4})
	checkStruct(t, l, b, 16, 208,
		memberWant{0, 8, 8}, memberWant{16, 12, 16}, memberWant{28, 4, 4}, memberWant{32, 4, 4},
		memberWant{48, 32, 16}, memberWant{80, 12, 16}, memberWant{96, 96, 8}, memberWant{192, 4, 4})
	assert.Equal(t, 32, l.ArrayStride(b.Members[6].Type.(*types.Array)), "element stride 32")

	report, errs := collect()
	l.CheckType(b, noSpan, report)
	l.Check(b, types.AddrUniform, noSpan, report)
	assert.Empty(t, messages(*errs), "var<uniform> uniform_buffer: B is valid")
}

// TestRuntimeSizedExamples encodes the spec's "Buffer Binding Determines Runtime-Sized Array
// Element Count" examples and their NRuntime tables.
func TestRuntimeSizedExamples(t *testing.T) {
	l := New(Options{})

	weights := rtarr(f32)
	for ebbs, n := range map[int]int{1024: 256, 1025: 256, 1026: 256, 1027: 256, 1028: 257} {
		assert.Equal(t, n, l.ElementCount(weights, ebbs), "weights, binding size %d", ebbs)
	}
	assert.Equal(t, 4, l.MinBindingSize(weights))

	pointLight := st("PointLight",
		mem("position", vec(3, f32)),
		mem("color", vec(3, f32)))
	lightStorage := st("LightStorage",
		mem("pointCount", u32),
		mem("point", rtarr(pointLight)))
	checkStruct(t, l, pointLight, 16, 32, memberWant{0, 12, 16}, memberWant{16, 12, 16})
	sl := l.Struct(lightStorage)
	assert.Equal(t, 16, sl.Members[1].Offset, "point at offset 16")
	assert.Equal(t, 32, sl.Members[1].ArrayStride, "elementsize 32")
	assert.Equal(t, 16, sl.Align)
	assert.True(t, sl.RuntimeSized)
	for ebbs, n := range map[int]int{1024: 31, 1025: 31, 1039: 31, 1040: 32} {
		assert.Equal(t, n, l.ElementCount(lightStorage, ebbs), "lights, binding size %d", ebbs)
	}
	_, off, stride, ok := l.RuntimeArray(lightStorage)
	require.True(t, ok)
	assert.Equal(t, [2]int{16, 32}, [2]int{off, stride})
	assert.Equal(t, 48, l.MinBindingSize(lightStorage))
	assert.Equal(t, 0, l.ElementCount(lightStorage, 8), "binding smaller than the fixed part")
}

// TestRuntimeSized covers SizeOf, SizeWithElements and MinBindingSize of runtime-sized types.
func TestRuntimeSized(t *testing.T) {
	l := New(Options{})
	// struct S { a: vec4<f32>, b: f32, c: array<f32> } — c at 20; the structure rounds to 16.
	s := st("S", mem("a", vec(4, f32)), mem("b", f32), mem("c", rtarr(f32)))
	checkStruct(t, l, s, 16, 32, memberWant{0, 16, 16}, memberWant{16, 4, 4}, memberWant{20, 0, 4})
	assert.True(t, l.Struct(s).RuntimeSized)
	assert.Equal(t, 32, l.SizeWithElements(s, 0))
	assert.Equal(t, 32, l.SizeWithElements(s, 3))
	assert.Equal(t, 48, l.SizeWithElements(s, 4))
	assert.Equal(t, 32, l.MinBindingSize(s), "array<f32> as array<f32, 1>: roundUp(16, 24)")

	// struct T { n: u32, v: array<vec3<f32>> }
	v := st("T", mem("n", u32), mem("v", rtarr(vec(3, f32))))
	checkStruct(t, l, v, 16, 16, memberWant{0, 4, 4}, memberWant{16, 0, 16})
	assert.Equal(t, 32, l.MinBindingSize(v))
	assert.Equal(t, 16+10*16, l.SizeWithElements(v, 10))

	// Not runtime-sized: MinBindingSize is SizeOf.
	fixed := st("F", mem("a", vec(3, f32)), mem("b", f32))
	assert.Equal(t, 16, l.MinBindingSize(fixed))
	assert.Equal(t, 16, l.SizeWithElements(fixed, 7))
	assert.Equal(t, 0, l.ElementCount(fixed, 1024))
	_, _, _, ok := l.RuntimeArray(fixed)
	assert.False(t, ok)

	assert.Equal(t, 64, l.MinBindingSize(&types.Buffer{Size: 64}))
	assert.Equal(t, 0, l.MinBindingSize(&types.Buffer{}))
	assert.Equal(t, 8, l.MinBindingSize(rtarr(vec(3, f16))), "SizeOf(array<vec3<f16>, 1>) is one stride")
}

// TestTraps is the list of layout traps in design.md, each from the spec's rules.
func TestTraps(t *testing.T) {
	l := New(Options{})
	tests := []struct {
		name        string
		s           *types.Struct
		align, size int
		members     []memberWant
	}{
		{"vec3 then scalar packs into its tail",
			st("S", mem("v", vec(3, f32)), mem("x", f32)),
			16, 16, []memberWant{{0, 12, 16}, {12, 4, 4}}},
		{"vec3<f16> then f16 packs into its tail",
			st("S", mem("v", vec(3, f16)), mem("x", f16)),
			8, 8, []memberWant{{0, 6, 8}, {6, 2, 2}}},
		{"vec3 then vec2 does not fit the tail",
			st("S", mem("v", vec(3, f32)), mem("x", vec(2, f32))),
			16, 32, []memberWant{{0, 12, 16}, {16, 8, 8}}},
		{"scalar then vec3 aligns to 16",
			st("S", mem("x", f32), mem("v", vec(3, f32))),
			16, 32, []memberWant{{0, 4, 4}, {16, 12, 16}}},
		{"mat3x3<f32> is 48 bytes",
			st("S", mem("m", mat(3, 3, f32)), mem("x", f32)),
			16, 64, []memberWant{{0, 48, 16}, {48, 4, 4}}},
		{"mat2x3<f32>: two padded columns",
			st("S", mem("m", mat(2, 3, f32))),
			16, 32, []memberWant{{0, 32, 16}}},
		{"mat3x2<f32>: three columns of stride 8",
			st("S", mem("x", f32), mem("m", mat(3, 2, f32))),
			8, 32, []memberWant{{0, 4, 4}, {8, 24, 8}}},
		{"mat4x3<f16>: columns padded to 8",
			st("S", mem("m", mat(4, 3, f16)), mem("h", f16)),
			8, 40, []memberWant{{0, 32, 8}, {32, 2, 2}}},
		{"mat2x2<f16>",
			st("S", mem("h", f16), mem("m", mat(2, 2, f16))),
			4, 12, []memberWant{{0, 2, 2}, {4, 8, 4}}},
		{"array of vec3: stride 16",
			st("S", mem("a", arr(vec(3, f32), 3)), mem("x", f32)),
			16, 64, []memberWant{{0, 48, 16}, {48, 4, 4}}},
		{"array of f16: stride 2",
			st("S", mem("a", arr(f16, 3)), mem("x", f16)),
			2, 8, []memberWant{{0, 6, 2}, {6, 2, 2}}},
		{"f16 in every shape",
			st("S", mem("a", f16), mem("b", vec(2, f16)), mem("c", vec(3, f16)), mem("d", f16),
				mem("e", vec(4, f16)), mem("f", mat(3, 2, f16)), mem("g", f16)),
			8, 40, []memberWant{{0, 2, 2}, {4, 4, 4}, {8, 6, 8}, {14, 2, 2}, {16, 8, 8}, {24, 12, 4}, {36, 2, 2}}},
		{"atomics",
			st("S", mem("a", &types.Atomic{Elem: u32}), mem("b", &types.Atomic{Elem: i32})),
			4, 8, []memberWant{{0, 4, 4}, {4, 4, 4}}},
		{"@align and @size",
			st("S", mem("a", f32, size(12)), mem("b", f32, align(32)), mem("c", vec(2, f32), size(20))),
			32, 64, []memberWant{{0, 12, 4}, {32, 4, 32}, {40, 20, 8}}},
		{"@align on the first member keeps offset 0 and aligns the structure",
			st("S", mem("a", f16, align(16))),
			16, 16, []memberWant{{0, 2, 16}}},
		{"nested structure: aligned to its own alignment, not 16",
			st("S", mem("x", f32), mem("in", st("In", mem("a", f32), mem("b", f32))), mem("y", f32)),
			4, 16, []memberWant{{0, 4, 4}, {4, 8, 4}, {12, 4, 4}}},
		{"runtime-sized last member",
			st("S", mem("n", u32), mem("data", rtarr(vec(2, f32)))),
			8, 8, []memberWant{{0, 4, 4}, {8, 0, 8}}},
		{"bool has the size and alignment of u32",
			st("S", mem("a", boolean), mem("b", vec(3, boolean))),
			16, 32, []memberWant{{0, 4, 4}, {16, 12, 16}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkStruct(t, l, tt.s, tt.align, tt.size, tt.members...)
		})
	}
}

// TestMemberStrides: the decorations the SPIR-V backend takes from here.
func TestMemberStrides(t *testing.T) {
	l := New(Options{})
	s := st("S",
		mem("m", mat(3, 3, f32)),
		mem("ms", arr(arr(mat(2, 2, f16), 2), 3)),
		mem("a", arr(vec(3, f32), 2)),
		mem("x", f32),
		mem("r", rtarr(mat(4, 2, f32))))
	sl := l.Struct(s)
	got := [][2]int{}
	for _, m := range sl.Members {
		got = append(got, [2]int{m.ArrayStride, m.MatrixStride})
	}
	assert.Equal(t, [][2]int{{0, 16}, {16, 4}, {16, 0}, {0, 0}, {32, 8}}, got)
	inner := s.Members[1].Type.(*types.Array).Elem.(*types.Array)
	assert.Equal(t, 8, l.ArrayStride(inner))
}

func TestRequiredAlignOf(t *testing.T) {
	s := st("S", mem("x", f32))
	big := st("Big", mem("x", vec(4, f32)), mem("y", f32, align(32)))
	tests := []struct {
		t                          types.Type
		storage, uniform, standard int
	}{
		{f32, 4, 4, 4},
		{f16, 2, 2, 2},
		{&types.Atomic{Elem: u32}, 4, 4, 4},
		{vec(2, f32), 8, 8, 8},
		{vec(3, f16), 8, 8, 8},
		{mat(2, 2, f32), 8, 8, 8},
		{mat(3, 2, f16), 4, 4, 4},
		{arr(f32, 4), 4, 16, 4},
		{arr(vec(4, f32), 4), 16, 16, 16},
		{rtarr(vec(2, f32)), 8, 16, 8},
		{s, 4, 16, 4},
		{big, 32, 32, 32},
	}
	l := New(Options{})
	std := New(Options{UniformStandardLayout: true})
	for _, tt := range tests {
		assert.Equal(t, tt.storage, l.RequiredAlignOf(tt.t, types.AddrStorage), "%s in storage", tt.t)
		assert.Equal(t, tt.storage, l.RequiredAlignOf(tt.t, types.AddrWorkgroup), "%s in workgroup", tt.t)
		assert.Equal(t, tt.uniform, l.RequiredAlignOf(tt.t, types.AddrUniform), "%s in uniform", tt.t)
		assert.Equal(t, tt.standard, std.RequiredAlignOf(tt.t, types.AddrUniform), "%s in uniform, standard layout", tt.t)
	}
	assert.Equal(t, 4, std.RequiredAlignOf(s, types.AddrUniform))
	assert.True(t, std.Options().UniformStandardLayout)
	assert.False(t, l.Options().UniformStandardLayout)
}

func TestLimit(t *testing.T) {
	assert.Equal(t, 8192, Limit(types.AddrPrivate))
	assert.Equal(t, 8192, Limit(types.AddrFunction))
	assert.Equal(t, 16384, Limit(types.AddrWorkgroup))
	assert.Equal(t, 64, Limit(types.AddrImmediate))
	assert.Equal(t, 0, Limit(types.AddrStorage))
}

// TestMemoized: a structure's layout is computed once and shared.
func TestMemoized(t *testing.T) {
	l := New(Options{})
	s := st("S", mem("x", vec(3, f32)))
	assert.Same(t, l.Struct(s), l.Struct(s))
	a := arr(s, 4)
	assert.Same(t, l.Array(a), l.Array(a))
}

// TestDeepNesting: layouts, checks and runtime helpers do not recurse on the depth of a type.
func TestDeepNesting(t *testing.T) {
	const depth = 200_000
	var ty types.Type = f32
	for i := 0; i < depth; i++ {
		if i%2 == 0 {
			ty = arr(ty, 1)
		} else {
			ty = st("S", mem("m", ty))
		}
	}
	l := New(Options{})
	assert.Equal(t, 4, l.SizeOf(ty))
	assert.Equal(t, 4, l.AlignOf(ty))
	report, errs := collect()
	l.CheckType(ty, noSpan, report)
	l.Check(ty, types.AddrStorage, noSpan, report)
	assert.Empty(t, *errs)

	// A chain of arrays, each of two elements, doubles in size until it saturates.
	ty = f32
	for i := 0; i < 100; i++ {
		ty = arr(ty, 2)
	}
	assert.Equal(t, saturated, l.SizeOf(ty))
	l.CheckType(ty, sp(0, 1), report)
	require.Len(t, *errs, 1)
	assert.True(t, strings.HasSuffix((*errs)[0].Message, "larger than the maximum of 4294967295 bytes"), (*errs)[0].Message)
}

func TestCycleIsABug(t *testing.T) {
	s := st("S")
	s.Members = []*types.Member{mem("a", arr(s, 2))}
	assert.PanicsWithValue(t, "layout: cyclic type S", func() { New(Options{}).Struct(s) })
}
