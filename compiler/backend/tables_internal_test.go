package backend

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Every texel format has an image format; only bgra8unorm's is Unknown (the view's).
func TestStorageFormats(t *testing.T) {
	all := types.AllTexelFormats()
	assert.Len(t, storageFormats, len(all)+1) // and FormatNone
	for _, f := range all {
		got, ok := storageFormat(f)
		assert.True(t, ok, f.String())
		assert.Equal(t, f == types.Bgra8unorm, got == spirv.ImageFormatUnknown, f.String())
	}
	_, ok := storageFormat(types.FormatNone)
	assert.False(t, ok)
	_, ok = storageFormat(types.TexelFormat(len(all) + 1))
	assert.False(t, ok)
}

// Every built-in value but position has its SPIR-V built-in, each its own.
func TestBuiltinValues(t *testing.T) {
	seen := map[spirv.BuiltIn]string{}
	for _, v := range builtins.Values() {
		bi, ok := builtinValue(v.Name)
		if v.Name == "position" {
			assert.False(t, ok)
			continue
		}
		if v.Name == "global_invocation_index" || v.Name == "workgroup_index" {
			// Computed from the others (transform.ShaderIO).
			assert.False(t, ok, v.Name)
			continue
		}
		assert.True(t, ok, v.Name)
		assert.Empty(t, seen[bi], "%s and %s", v.Name, seen[bi])
		seen[bi] = v.Name
	}
	_, ok := builtinValue("vertex_id")
	assert.False(t, ok)
}
