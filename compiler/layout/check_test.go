package layout

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// checkUniform runs CheckType and then Check in the uniform address space, as the checker does
// for `@group(0) @binding(0) var<uniform> v: T;` with the variable at varSpan.
func checkUniform(l *Layouts, t types.Type) []*Error {
	report, errs := collect()
	l.CheckType(t, varSpan, report)
	l.Check(t, types.AddrUniform, varSpan, report)
	return *errs
}

var varSpan = sp(1000, 1010)

// TestUniformOffsetExample is the spec's "Satisfying offset requirements for uniform address
// space".
func TestUniformOffsetExample(t *testing.T) {
	s := st("S", mem("x", f32))
	invalid := st("Invalid", mem("a", s, at(sp(10, 11))), mem("b", f32, at(sp(20, 21))))
	valid := st("Valid", mem("a", s), mem("b", f32, align(16)))

	l := New(Options{})
	errs := checkUniform(l, invalid)
	require.Len(t, errs, 1)
	assert.Equal(t, "uniform buffer member 'b' of struct 'Invalid' at offset 4 is 4 bytes after member 'a' of structure type 'S', "+
		"but must be at least 16 bytes after it (uniform address space: roundUp(16, SizeOf(S))); "+
		"add @align(16) to 'b' or @size(16) to 'a', or require uniform_buffer_standard_layout", errs[0].Message)
	assert.Equal(t, sp(20, 21), errs[0].Span, "at member b")
	assert.Equal(t, []Note{
		{sp(10, 11), "member 'a' of structure type 'S' is at offset 0"},
		{varSpan, "the uniform buffer declared here"},
	}, errs[0].Notes)

	assert.Empty(t, checkUniform(l, valid))
	assert.Equal(t, 16, l.Struct(valid).Members[1].Offset)

	// In storage, and with uniform_buffer_standard_layout, Invalid is valid.
	report, got := collect()
	l.Check(invalid, types.AddrStorage, varSpan, report)
	assert.Empty(t, *got)
	assert.Empty(t, checkUniform(New(Options{UniformStandardLayout: true}), invalid))
}

// TestUniformStrideExample is the spec's "Satisfying stride requirements for uniform address
// space".
func TestUniformStrideExample(t *testing.T) {
	smallStride := st("small_stride", mem("a", arr(f32, 8), at(sp(30, 31))))
	wrapped := st("wrapped_f32", mem("elem", f32, size(16)))
	bigStride := st("big_stride", mem("a", arr(wrapped, 8)))

	l := New(Options{})
	errs := checkUniform(l, smallStride)
	require.Len(t, errs, 1)
	assert.Equal(t, "uniform buffer member 'a' of struct 'small_stride' at offset 0 has array type array<f32, 8> whose stride 4 "+
		"is not a multiple of 16 (uniform address space); use an array of vec4<f32> or a struct with @size(16), "+
		"or require uniform_buffer_standard_layout", errs[0].Message)
	assert.Equal(t, sp(30, 31), errs[0].Span)

	assert.Empty(t, checkUniform(l, bigStride))
	assert.Equal(t, 16, l.ArrayStride(bigStride.Members[0].Type.(*types.Array)))
}

// TestUniformBriefExample: the message wording the issue asks for, plus the offset rule the
// same member breaks.
func TestUniformBriefExample(t *testing.T) {
	s := st("S", mem("a", f32), mem("b", arr(f32, 4)))
	errs := checkUniform(New(Options{}), s)
	assert.Equal(t, []string{
		"uniform buffer member 'b' of struct 'S' at offset 4 has array type array<f32, 4>, which must be at an offset that is a multiple of 16 " +
			"(uniform address space: roundUp(16, AlignOf(array<f32, 4>))); add @align(16) to 'b', or require uniform_buffer_standard_layout",
		"uniform buffer member 'b' of struct 'S' at offset 4 has array type array<f32, 4> whose stride 4 is not a multiple of 16 " +
			"(uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout",
	}, messages(errs))
}

// TestImplicitExampleInUniform: the spec's implicit-layout B is a storage example; in a uniform
// buffer it breaks exactly the three rules its explicit twin fixes with @align(16) and @size(16).
func TestImplicitExampleInUniform(t *testing.T) {
	a := st("A", mem("u", f32), mem("v", f32), mem("w", vec(2, f32)), mem("x", f32))
	b := st("B", mem("a", vec(2, f32)), mem("b", vec(3, f32)), mem("c", f32), mem("d", f32),
		mem("e", a), mem("f", vec(3, f32)), mem("g", arr(a, 3)), mem("h", i32))
	errs := checkUniform(New(Options{}), b)
	assert.Equal(t, []string{
		"uniform buffer member 'e' of struct 'B' at offset 40 has structure type A, which must be at an offset that is a multiple of 16 " +
			"(uniform address space: roundUp(16, AlignOf(A))); add @align(16) to 'e', or require uniform_buffer_standard_layout",
		"uniform buffer member 'f' of struct 'B' at offset 64 is 24 bytes after member 'e' of structure type 'A', but must be at least 32 bytes after it " +
			"(uniform address space: roundUp(16, SizeOf(A))); add @align(16) to 'f' or @size(32) to 'e', or require uniform_buffer_standard_layout",
		"uniform buffer member 'g' of struct 'B' at offset 80 has array type array<A, 3> whose stride 24 is not a multiple of 16 " +
			"(uniform address space); use @size(16) on member 'x', the last member of struct 'A', to make its size 32, " +
			"or require uniform_buffer_standard_layout",
	}, messages(errs))
}

// TestUniformTraps: matCx2, arrays of matrices, vec3 arrays, f16 arrays, nested structures.
func TestUniformTraps(t *testing.T) {
	inner := st("Inner", mem("x", vec(4, f32)))
	small := st("Small", mem("x", f32), mem("y", f32))
	tests := []struct {
		name string
		t    types.Type
		errs []string
	}{
		{"mat2x2<f32> member is fine: matrices are not arrays",
			st("S", mem("x", f32), mem("m", mat(2, 2, f32)), mem("y", mat(3, 2, f32))), nil},
		{"array of mat2x2<f32>: stride 16",
			st("S", mem("m", arr(mat(2, 2, f32), 2))), nil},
		{"array of mat3x2<f32>: stride 24",
			st("S", mem("m", arr(mat(3, 2, f32), 2))),
			[]string{"uniform buffer member 'm' of struct 'S' at offset 0 has array type array<mat3x2<f32>, 2> whose stride 24 is not a multiple of 16 " +
				"(uniform address space); use an array of a struct with a member of type mat3x2<f32> and @size(32), or require uniform_buffer_standard_layout"}},
		{"array of vec3<f32>: stride 16",
			st("S", mem("a", arr(vec(3, f32), 4)), mem("x", f32)), nil},
		{"array of vec2<u32>: stride 8",
			st("S", mem("a", arr(vec(2, u32), 4))),
			[]string{"uniform buffer member 'a' of struct 'S' at offset 0 has array type array<vec2<u32>, 4> whose stride 8 is not a multiple of 16 " +
				"(uniform address space); use an array of vec4<u32> or a struct with @size(16), or require uniform_buffer_standard_layout"}},
		{"array of f16: stride 2",
			st("S", mem("a", arr(f16, 8))),
			[]string{"uniform buffer member 'a' of struct 'S' at offset 0 has array type array<f16, 8> whose stride 2 is not a multiple of 16 " +
				"(uniform address space); use an array of a struct with a member of type f16 and @size(16), or require uniform_buffer_standard_layout"}},
		{"array of vec4<f16>: stride 8",
			st("S", mem("a", arr(vec(4, f16), 8))),
			[]string{"uniform buffer member 'a' of struct 'S' at offset 0 has array type array<vec4<f16>, 8> whose stride 8 is not a multiple of 16 " +
				"(uniform address space); use an array of a struct with a member of type vec4<f16> and @size(16), or require uniform_buffer_standard_layout"}},
		{"nested arrays: the outermost bad stride is reported",
			st("S", mem("a", arr(arr(f32, 2), 2))),
			[]string{"uniform buffer member 'a' of struct 'S' at offset 0 has array type array<array<f32, 2>, 2> whose stride 8 is not a multiple of 16 " +
				"(uniform address space); use an array of a struct with a member of type array<f32, 2> and @size(16), or require uniform_buffer_standard_layout"}},
		{"nested arrays: an inner bad stride",
			st("S", mem("a", arr(arr(f32, 4), 2))),
			[]string{"uniform buffer member 'a' of struct 'S' at offset 0 has type array<array<f32, 4>, 2> containing array type array<f32, 4> whose stride 4 is not a multiple of 16 " +
				"(uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout"}},
		{"nested structure with 16-byte alignment, then a scalar",
			st("S", mem("in", inner), mem("x", f32)), nil},
		{"nested structure followed by a member too close",
			st("S", mem("s", small), mem("x", f32)),
			[]string{"uniform buffer member 'x' of struct 'S' at offset 8 is 8 bytes after member 's' of structure type 'Small', but must be at least 16 bytes after it " +
				"(uniform address space: roundUp(16, SizeOf(Small))); add @align(16) to 'x' or @size(16) to 's', or require uniform_buffer_standard_layout"}},
		{"nested structure padded with @size",
			st("S", mem("s", small, size(16)), mem("x", f32)), nil},
		{"last member of structure type needs no spacing",
			st("S", mem("x", vec(4, f32)), mem("s", small, align(16))), nil},
		{"structure in a structure in a uniform buffer is checked too",
			st("Outer", mem("v", vec(4, f32)), mem("mid", st("Mid", mem("a", f32), mem("b", arr(f32, 2), align(16))))),
			[]string{"uniform buffer member 'b' of struct 'Mid' at offset 16 has array type array<f32, 2> whose stride 4 is not a multiple of 16 " +
				"(uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout"}},
		{"array of structures of a bad size",
			st("S", mem("a", arr(small, 2))),
			[]string{"uniform buffer member 'a' of struct 'S' at offset 0 has array type array<Small, 2> whose stride 8 is not a multiple of 16 " +
				"(uniform address space); use @size(12) on member 'y', the last member of struct 'Small', to make its size 16, or require uniform_buffer_standard_layout"}},
		{"store type that is an array",
			arr(f32, 4),
			[]string{"uniform buffer has array type array<f32, 4> whose stride 4 is not a multiple of 16 " +
				"(uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout"}},
		{"runtime-sized array",
			st("S", mem("n", u32), mem("data", rtarr(vec(4, f32)))),
			[]string{"uniform buffer member 'data' of struct 'S' at offset 16 has runtime-sized array type array<vec4<f32>>, which only storage buffers may contain; " +
				"use a fixed-size array, or declare the variable var<storage>"}},
		{"atomics and f16 scalars need nothing more",
			st("S", mem("a", f16), mem("b", vec(3, f16)), mem("c", f16), mem("d", mat(2, 3, f16))), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.errs, nilIfEmpty(messages(checkUniform(New(Options{}), tt.t))))
		})
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestUniformStandardLayout: with the language feature, uniform has storage's constraints;
// runtime-sized arrays stay disallowed.
func TestUniformStandardLayout(t *testing.T) {
	small := st("Small", mem("x", f32))
	s := st("S", mem("a", arr(f32, 3)), mem("s", small), mem("b", f16), mem("c", arr(vec(2, f32), 2)))
	l := New(Options{UniformStandardLayout: true})
	assert.Empty(t, checkUniform(l, s))
	rt := st("R", mem("data", rtarr(f32)))
	assert.Len(t, checkUniform(l, rt), 1)
	assert.NotEmpty(t, checkUniform(New(Options{}), s), "without the feature")
}

// TestCheckOnce: a structure used by several variables is reported once.
func TestCheckOnce(t *testing.T) {
	s := st("S", mem("a", arr(f32, 4)))
	l := New(Options{})
	report, errs := collect()
	l.Check(s, types.AddrUniform, sp(1, 2), report)
	l.Check(s, types.AddrUniform, sp(3, 4), report)
	l.Check(st("T", mem("s", s, align(16))), types.AddrUniform, sp(5, 6), report)
	assert.Len(t, *errs, 1)
	l.CheckType(s, noSpan, report)
	l.CheckType(s, noSpan, report)
	assert.Len(t, *errs, 1, "CheckType has nothing to say about S")
}

// TestOtherSpacesAddNothing: storage, workgroup, private and function have storage's
// constraints, all of them CheckType's.
func TestOtherSpacesAddNothing(t *testing.T) {
	s := st("S", mem("a", arr(f32, 3)), mem("s", st("Small", mem("x", f32))), mem("b", f16), mem("r", rtarr(f32)))
	l := New(Options{})
	report, errs := collect()
	for _, space := range []types.AddressSpace{types.AddrStorage, types.AddrWorkgroup, types.AddrPrivate,
		types.AddrFunction, types.AddrImmediate, types.AddrHandle, types.AddrNone} {
		l.Check(s, space, varSpan, report)
	}
	assert.Empty(t, *errs)
}

// TestCheckTypeAttributes: the rules of @align and @size.
func TestCheckTypeAttributes(t *testing.T) {
	tests := []struct {
		name string
		m    *types.Member
		want string
		span diag.Span
	}{
		{"@align not a power of two", mem("x", f32, align(12), alignAt(sp(5, 14)), at(sp(15, 16))),
			"@align(12) on member 'x' of struct 'S' is not a positive power of two; use @align(16)", sp(5, 14)},
		{"@align negative", mem("x", f32, align(-4), at(sp(15, 16))),
			"@align(-4) on member 'x' of struct 'S' is not a positive power of two; use @align(4)", sp(15, 16)},
		{"@align below the type's alignment", mem("x", vec(3, f32), align(4), alignAt(sp(5, 13))),
			"@align(4) on member 'x' of struct 'S' is not a multiple of 16, the alignment of its type vec3<f32>; use @align(16)", sp(5, 13)},
		{"@align below f32's", mem("x", f32, align(2), alignAt(sp(5, 13))),
			"@align(2) on member 'x' of struct 'S' is not a multiple of 4, the alignment of its type f32; use @align(4)", sp(5, 13)},
		{"@size smaller than the type", mem("x", mat(3, 3, f32), size(36), sizeAt(sp(7, 15))),
			"@size(36) on member 'x' of struct 'S' is smaller than 48, the size of its type mat3x3<f32>; use @size(48) or larger", sp(7, 15)},
		{"@size smaller than vec3<f16>", mem("x", vec(3, f16), size(4), sizeAt(sp(7, 15))),
			"@size(4) on member 'x' of struct 'S' is smaller than 6, the size of its type vec3<f16>; use @size(6) or larger", sp(7, 15)},
		{"@size one byte short", mem("x", vec(3, f32), size(11), sizeAt(sp(7, 15))),
			"@size(11) on member 'x' of struct 'S' is smaller than 12, the size of its type vec3<f32>; use @size(12) or larger", sp(7, 15)},
		{"@size on a runtime-sized array", mem("x", rtarr(f32), size(64), sizeAt(sp(7, 15))),
			"@size cannot be applied to member 'x' of struct 'S': the size of its type array<f32> is not known at shader creation", sp(7, 15)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			report, errs := collect()
			New(Options{}).CheckType(st("S", mem("first", f32), tt.m), noSpan, report)
			require.Len(t, *errs, 1)
			assert.Equal(t, tt.want, (*errs)[0].Message)
			assert.Equal(t, tt.span, (*errs)[0].Span)
		})
	}

	// Valid attributes.
	report, errs := collect()
	New(Options{}).CheckType(st("S", mem("a", f32, align(4)), mem("b", f16, align(256), size(2)),
		mem("c", vec(3, f32), size(16), align(16)), mem("d", vec(3, f16), size(6))), noSpan, report)
	assert.Empty(t, *errs)
}

func TestTooLarge(t *testing.T) {
	big := arr(vec(4, f32), 1<<28) // exactly 4 GiB
	report, errs := collect()
	l := New(Options{})
	l.CheckType(big, sp(1, 2), report)
	require.Len(t, *errs, 1)
	assert.Equal(t, "type array<vec4<f32>, 268435456> is 4294967296 bytes, larger than the maximum of 4294967295 bytes", (*errs)[0].Message)
	assert.Equal(t, sp(1, 2), (*errs)[0].Span)

	ok := arr(vec(4, f32), 1<<28-1)
	s := st("S", mem("a", ok), mem("b", ok))
	s.Span = sp(3, 4)
	*errs = nil
	l.CheckType(s, noSpan, report)
	require.Len(t, *errs, 1)
	assert.Equal(t, "struct 'S' is 8589934560 bytes, larger than the maximum of 4294967295 bytes", (*errs)[0].Message)
	assert.Equal(t, sp(3, 4), (*errs)[0].Span)
}

// TestErrorReport: an Error becomes a diagnostic with its notes.
func TestErrorReport(t *testing.T) {
	src := "struct S { a: Small, b: f32 }\n"
	f := diag.NewFile("x.wgsl", []byte(src))
	r := &diag.Reporter{File: f}
	e := &Error{Span: sp(21, 22), Message: "too close", Notes: []Note{{sp(11, 12), "here"}}}
	d := e.Report(r)
	require.Len(t, r.Diags, 1)
	var b bytes.Buffer
	d.Print(&b)
	assert.Equal(t, "x.wgsl:1:22: error: too close\nstruct S { a: Small, b: f32 }\n                     ^\n"+
		"x.wgsl:1:12: note: here\nstruct S { a: Small, b: f32 }\n           ^\n", b.String())
	assert.Equal(t, "too close", e.Error())
}
