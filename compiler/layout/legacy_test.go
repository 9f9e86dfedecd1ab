package layout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The 2021 draft dialect: explicit [[offset(n)]] and [[stride(n)]] are the layout, validated
// against the rules of that draft's section 3.4.6.3.

func legacyCheck(l *Layouts, t types.Type, space types.AddressSpace) []*Error {
	report, errs := collect()
	l.CheckType(t, varSpan, report)
	l.Check(t, space, varSpan, report)
	return *errs
}

// TestLegacyDraftExamples are the layouts the draft itself writes.
func TestLegacyDraftExamples(t *testing.T) {
	l := New(Options{})

	// type RTArr = [[stride(16)]] array<vec4<f32>>;
	// [[block]] struct S {
	//   [[offset(0)]] a : f32;
	//   [[offset(4)]] b : f32;
	//   [[offset(16)]] data : RTArr;
	// };
	rtArr := strided(vec(4, f32), 0, 16, sp(1, 12))
	s := st("S", mem("a", f32, offset(0)), mem("b", f32, offset(4)), mem("data", rtArr, offset(16)))
	checkStruct(t, l, s, 16, 16, memberWant{0, 4, 4}, memberWant{4, 4, 4}, memberWant{16, 0, 16})
	assert.True(t, l.Struct(s).Explicit)
	assert.Equal(t, 16, l.ArrayStride(rtArr))
	assert.Empty(t, legacyCheck(l, s, types.AddrStorage))
	assert.Equal(t, 32, l.MinBindingSize(s))

	// [[stride(32)]] array<f32, 4>  →  OpDecorate ArrayStride 32
	a := strided(f32, 4, 32, sp(1, 12))
	assert.Equal(t, [3]int{4, 32, 128}, [3]int{l.AlignOf(a), l.ArrayStride(a), l.SizeOf(a)})
	assert.Empty(t, legacyCheck(l, st("U", mem("a", a, offset(0))), types.AddrUniform))

	// struct { [[offset(0)]] specular: f32; [[offset(4)]] count: i32; }
	// struct { [[offset(0)]] pos: [[stride(8)]] array<vec2<f32>>; }
	light := st("Light", mem("specular", f32, offset(0)), mem("count", i32, offset(4)))
	checkStruct(t, l, light, 4, 8, memberWant{0, 4, 4}, memberWant{4, 4, 4})
	assert.Empty(t, legacyCheck(l, light, types.AddrUniform))
	pos := st("Pos", mem("pos", strided(vec(2, f32), 0, 8, sp(1, 12)), offset(0)))
	assert.Empty(t, legacyCheck(l, pos, types.AddrStorage))

	// The draft's first structure example, [[offset(0)]] a: f32; [[offset(4)]] b: vec4<f32>,
	// breaks its own alignment rule: Offset(S,i) = k × Align(vec4<f32>) = k × 16.
	myStruct := st("my_struct", mem("a", f32, offset(0)),
		mem("b", vec(4, f32), offset(4), offsetAt(sp(40, 51)), at(sp(52, 53))))
	errs := legacyCheck(l, myStruct, types.AddrStorage)
	require.Len(t, errs, 1)
	assert.Equal(t, "[[offset(4)]] of member 'b' of struct 'my_struct' is not a multiple of 16, the alignment of its type vec4<f32>; use [[offset(16)]]", errs[0].Message)
	assert.Equal(t, sp(40, 51), errs[0].Span)
}

// TestLegacyLayout: explicit offsets and strides are the layout; members without an offset
// follow the modern rules; the size is the draft's Extent(S, storage).
func TestLegacyLayout(t *testing.T) {
	l := New(Options{})
	tests := []struct {
		name        string
		s           *types.Struct
		align, size int
		members     []memberWant
	}{
		{"gap between members",
			st("S", mem("a", f32, offset(0)), mem("b", f32, offset(20))),
			4, 24, []memberWant{{0, 4, 4}, {20, 4, 4}}},
		{"size rounds the last member's end up to the alignment",
			st("S", mem("a", vec(4, f32), offset(0)), mem("b", f32, offset(32))),
			16, 48, []memberWant{{0, 16, 16}, {32, 4, 4}}},
		{"first member not at 0",
			st("S", mem("a", f32, offset(8))),
			4, 12, []memberWant{{8, 4, 4}}},
		{"member without an offset follows the previous one",
			st("S", mem("a", f32, offset(4)), mem("b", vec(2, f32))),
			8, 16, []memberWant{{4, 4, 4}, {8, 8, 8}}},
		{"explicit stride is the array's size",
			st("S", mem("a", strided(f32, 3, 16, noSpan), offset(0)), mem("b", f32, offset(48))),
			4, 52, []memberWant{{0, 48, 4}, {48, 4, 4}}},
		{"matrices keep their modern layout",
			st("S", mem("m", mat(3, 2, f32), offset(0)), mem("n", mat(2, 3, f32), offset(32))),
			16, 64, []memberWant{{0, 24, 8}, {32, 32, 16}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkStruct(t, l, tt.s, tt.align, tt.size, tt.members...)
			assert.Empty(t, legacyCheck(l, tt.s, types.AddrStorage))
		})
	}
}

// TestLegacyErrors: each rule of 3.4.6.3, with the span of the attribute to change.
func TestLegacyErrors(t *testing.T) {
	inner := st("Inner", mem("x", f32, offset(0)))
	tests := []struct {
		name  string
		t     types.Type
		space types.AddressSpace
		want  string
		span  diag.Span
		notes []Note
	}{
		{"overlapping members: Offset(S,i) + Extent(Ti) <= Offset(S,i+1)",
			st("S", mem("a", vec(4, f32), offset(0), at(sp(1, 2))), mem("b", f32, offset(8), offsetAt(sp(10, 21)))),
			types.AddrStorage,
			"[[offset(8)]] of member 'b' of struct 'S' overlaps member 'a' (offset 0, size 16): members must be laid out in declaration order without overlap; use [[offset(16)]] or larger",
			sp(10, 21), []Note{{sp(1, 2), "member 'a' ends at offset 16"}}},
		{"offsets going backwards",
			st("S", mem("a", f32, offset(8)), mem("b", f32, offset(0), offsetAt(sp(10, 21)))),
			types.AddrStorage,
			"[[offset(0)]] of member 'b' of struct 'S' overlaps member 'a' (offset 8, size 4): members must be laid out in declaration order without overlap; use [[offset(12)]] or larger",
			sp(10, 21), nil},
		{"misaligned member: Offset(S,i) = k × Align(Ti)",
			st("S", mem("a", f32, offset(0)), mem("b", vec(2, f32), offset(4), offsetAt(sp(10, 21)))),
			types.AddrStorage,
			"[[offset(4)]] of member 'b' of struct 'S' is not a multiple of 8, the alignment of its type vec2<f32>; use [[offset(8)]]",
			sp(10, 21), nil},
		{"stride below the element's extent: Stride(S) >= Extent(E)",
			strided(vec(4, f32), 2, 8, sp(30, 40)),
			types.AddrStorage,
			"[[stride(8)]] of @stride(8) array<vec4<f32>, 2> is smaller than 16, the size of its element type vec4<f32>; use [[stride(16)]] or larger",
			sp(30, 40), nil},
		{"misaligned stride: Stride(S) = k × Align(E)",
			strided(f32, 2, 6, sp(30, 40)),
			types.AddrStorage,
			"[[stride(6)]] of @stride(6) array<f32, 2> is not a multiple of 4, the alignment of its element type f32; use [[stride(8)]]",
			sp(30, 40), nil},
		{"uniform stride: Stride(S) = k × 16",
			st("U", mem("a", strided(f32, 4, 4, sp(30, 40)), offset(0))),
			types.AddrUniform,
			"uniform buffer member 'a' of struct 'U' at offset 0 has array type @stride(4) array<f32, 4> whose stride 4 is not a multiple of 16 (uniform address space); use [[stride(16)]], or require uniform_buffer_standard_layout",
			sp(30, 40), []Note{{varSpan, "the uniform buffer declared here"}}},
		{"uniform alignment of a structure member: Align(S, uniform) = roundUp(16, ...)",
			st("U", mem("a", f32, offset(0)), mem("in", inner, offset(4), offsetAt(sp(10, 21)))),
			types.AddrUniform,
			"uniform buffer member 'in' of struct 'U' at offset 4 has structure type Inner, which must be at an offset that is a multiple of 16 (uniform address space: roundUp(16, AlignOf(Inner))); use [[offset(16)]], or require uniform_buffer_standard_layout",
			sp(10, 21), []Note{{varSpan, "the uniform buffer declared here"}}},
		{"uniform extent of a structure member: Extent(Inner, uniform) = 16",
			st("U", mem("in", inner, offset(0)), mem("b", f32, offset(4), offsetAt(sp(10, 21)))),
			types.AddrUniform,
			"uniform buffer member 'b' of struct 'U' at offset 4 is 4 bytes after member 'in' of structure type 'Inner', but must be at least 16 bytes after it (uniform address space: roundUp(16, SizeOf(Inner))); use [[offset(16)]] or larger, or require uniform_buffer_standard_layout",
			sp(10, 21), []Note{{varSpan, "the uniform buffer declared here"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := legacyCheck(New(Options{}), tt.t, tt.space)
			require.Len(t, errs, 1, "%q", messages(errs))
			assert.Equal(t, tt.want, errs[0].Message)
			assert.Equal(t, tt.span, errs[0].Span)
			assert.Equal(t, tt.notes, errs[0].Notes)
		})
	}
}
