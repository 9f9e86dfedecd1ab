package compiler

import (
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
)

// TestResolveOverrides: the keys name overrides by name or declared @id, the values are WGSL
// literals or numbers converted as WebGPU converts pipeline constants, and each error is at
// the override (or the file, for a key no override has).
func TestResolveOverrides(t *testing.T) {
	p, diags := Check(Source{Name: "o.wgsl", Text: []byte(`
@id(12) override byID: i32;
override u: u32;
override i: i32;
override f: f32;
override h: bool;`)}, Options{})
	require.NotNil(t, p, "%v", diags)
	for _, tc := range []struct {
		key, text string
		want      constant.Value
	}{
		{"u", "7", constant.MakeU32(7)},
		{"u", "7u", constant.MakeU32(7)},
		{"u", "0x10", constant.MakeU32(16)},
		{"i", "-3", constant.MakeI32(-3)},
		{"i", "2.9", constant.MakeI32(2)},
		{"f", "1.5", constant.MakeF32(1.5)},
		{"f", "2.5f", constant.MakeF32(2.5)},
		{"f", "3", constant.MakeF32(3)},
		{"h", "true", constant.MakeBool(true)},
		{"h", "0", constant.MakeBool(false)},
		{"12", "-4", constant.MakeI32(-4)},
		{"byID", "-4", constant.MakeI32(-4)},
	} {
		rs, diags := resolveOverrides(p, map[string]string{tc.key: tc.text})
		require.Empty(t, diags, "%s=%s", tc.key, tc.text)
		require.Len(t, rs, 1)
		assert.True(t, constant.Identical(tc.want, rs[0].value), "%s=%s: got %v", tc.key, tc.text, rs[0].value)
	}
	for _, tc := range []struct{ key, text, msg string }{
		{"u", "-1", "o.wgsl:3:10: error: --override u=-1: override value -1 is out of the range of u32"},
		{"f", "abc", `o.wgsl:5:10: error: --override f=abc: override f: "abc" is not a number or bool`},
		{"nope", "1", "o.wgsl: error: --override nope=1: the module declares no override named 'nope'"},
		{"0", "1", "o.wgsl: error: --override 0=1: the module declares no override named '0'"}, // u has id 0, but no @id attribute
	} {
		_, diags := resolveOverrides(p, map[string]string{tc.key: tc.text})
		require.Len(t, diags, 1, "%s=%s", tc.key, tc.text)
		assert.Equal(t, tc.msg, diags[0].Error())
	}
}

// TestOverrideFlag: the commands' --override takes NAME=VALUE, repeatedly.
func TestOverrideFlag(t *testing.T) {
	var o OverrideFlag
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&o, "override", "")
	require.NoError(t, fs.Parse([]string{"--override", "b=2", "--override=a=1.5", "--override", "b=3", "--override", "e="}))
	assert.Equal(t, OverrideFlag{"a": "1.5", "b": "3", "e": ""}, o)
	assert.Equal(t, "a=1.5,b=3,e=", o.String())
	for _, bad := range []string{"x", "=1", ""} {
		assert.ErrorContains(t, fs.Parse([]string{"--override", bad}), "want NAME=VALUE", "%q", bad)
	}
}

// TestUnedit: offsets after edits back to the text before them.
func TestUnedit(t *testing.T) {
	// [5, 10) became 2 bytes, [20, 22) became 6: the text after is 3 bytes shorter up to
	// the second edit, then 1 longer.
	edits := []textEdit{{at: 5, end: 10, text: "ab"}, {at: 20, end: 22, text: "abcdef"}}
	for _, c := range []struct{ after, before diag.Pos }{
		{0, 0}, {4, 4}, {5, 5}, {6, 5}, {7, 10}, {16, 19}, {17, 20}, {22, 20}, {23, 22}, {40, 39},
	} {
		assert.Equal(t, c.before, unedit(edits, c.after), "offset %d", c.after)
	}
	assert.Equal(t, diag.Pos(12), unedit(nil, 12))
}
