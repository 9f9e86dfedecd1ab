package sema

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// TestAlignSizeAgreesWithLayout checks the checker's allocation-free byte-size of function
// variables (alignSize) against the layout package's, which the other limits use.
func TestAlignSizeAgreesWithLayout(t *testing.T) {
	for _, src := range []string{
		`enable f16;
		struct S { a: f32, b: vec3f, c: array<vec2h, 3> }
		struct T { s: array<S, 2>, m: mat3x3h }
		fn f() {
			var a: array<f32, 7>; var b: array<vec3f, 5>; var c: array<array<vec3h, 3>, 2>;
			var d: array<mat2x3f, 4>; var e: array<S, 3>; var g: array<array<T, 2>, 3>;
			var h: array<bool, 9>; var i: array<array<array<u32, 2000000000>, 2000000000>, 2000000000>;
			var j: vec3h; var k: T;
		}`,
		"[[block]] struct S { [[offset(0)]] a: [[stride(32)]] array<f32, 3>; };\n" +
			"fn f() { var a: [[stride(64)]] array<vec3<f32>, 5>; var b: array<S, 2>; }",
	} {
		file, diags := syntax.Parse(diag.NewFile("sizes.wgsl", []byte(src)), syntax.Options{})
		require.False(t, diags.HasErrors(), "%v", diags)
		prog, _ := Check(file, Options{})
		c := &checker{prog: &Program{Layouts: layout.New(layout.Options{})}}
		n := 0
		for _, obj := range prog.Defs {
			v, ok := obj.(*Var)
			if !ok || v.Global {
				continue
			}
			n++
			align, size := c.alignSize(v.Type)
			assert.Equal(t, prog.Layouts.AlignOf(v.Type), align, "AlignOf(%s)", v.Type)
			assert.Equal(t, prog.Layouts.SizeOf(v.Type), size, "SizeOf(%s)", v.Type)
		}
		require.NotZero(t, n)
	}
}
