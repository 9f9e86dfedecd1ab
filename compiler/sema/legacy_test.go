package sema_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// A structure without [[offset]]s or [[stride]]s used by two buffers is reported once, not
// once per buffer.
func TestLegacyLayoutErrorsOnce(t *testing.T) {
	src := `[[block]] struct Image {
  rgba : array<u32>;
};
[[group(0), binding(0)]] var<storage> src : [[access(read)]] Image;
[[group(0), binding(1)]] var<storage> dst : Image;

[[stage(compute)]]
fn main() -> void {
  dst.rgba[0] = src.rgba[0];
}
`
	file := diag.NewFile("in.wgsl", []byte(src))
	ast, diags := syntax.Parse(file, syntax.Options{Dialect: syntax.DialectLegacy2021})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	_, diags = sema.Check(ast, sema.Options{})
	var offsets, strides int
	for _, d := range diags {
		offsets += strings.Count(d.Message, "needs [[offset(0)]]")
		strides += strings.Count(d.Message, "needs [[stride(4)]]")
	}
	assert.Equal(t, 1, offsets, "%v", diags)
	assert.Equal(t, 1, strides, "%v", diags)
}

// A literal without suffix where the draft wanted a u32 or an f32 gets a note saying how to
// write it (the draft has no abstract numbers); modern WGSL needs none.
func TestLegacyLiteralNotes(t *testing.T) {
	src := `const n : u32 = 1500;
var<private> x : f32 = 1;
var<private> y : f32 = 1.5;
fn f(idx : u32) -> bool {
  return idx == 0 || 0 == idx;
}
`
	file := diag.NewFile("in.wgsl", []byte(src))
	ast, diags := syntax.Parse(file, syntax.Options{Dialect: syntax.DialectLegacy2021})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	_, diags = sema.Check(ast, sema.Options{})
	var notes []string
	for _, d := range diags {
		for _, n := range d.Notes {
			notes = append(notes, n.Message)
		}
	}
	assert.Equal(t, []string{
		"in the 2021 draft a literal without suffix is an i32: write 1500u",
		"in the 2021 draft a literal without suffix is an i32: write 1.0",
		"in the 2021 draft a literal without suffix is an i32: write 0u",
		"in the 2021 draft a literal without suffix is an i32: write 0u",
	}, notes, "%v", diags)
}
