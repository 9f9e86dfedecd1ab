package wgslgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWebGPULimits: beyond WGSL's limits the shader is generated with a positioned warning;
// -webgpu-limits makes it an error.
func TestWebGPULimits(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "fx")
	require.NoError(t, os.Mkdir(dir, 0o755))
	src := filepath.Join(dir, "big.wgsl")
	require.NoError(t, os.WriteFile(src, []byte("var<workgroup> tile: array<u32, 8192>;\n"+
		"@compute @workgroup_size(64) fn main() { tile[0] = 1u; }\n"), 0o644))
	code, stderr := runWgslgen(src)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stderr, src+":2:33: warning: entry point 'main' uses 32768 bytes of workgroup variables; the limit is 16384")
	code, stderr = runWgslgen("-webgpu-limits", src)
	assert.Equal(t, ExitFail, code)
	assert.Contains(t, stderr, src+":2:33: error: entry point 'main' uses 32768 bytes of workgroup variables; the limit is 16384\n")
}

// TestNoEntryPoints: a file of shared structures, without entry points, has no SPIR-V; the
// generated Go declares its types and its table, and builds, without a .spv file.
func TestNoEntryPoints(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "fx")
	require.NoError(t, os.Mkdir(dir, 0o755))
	src := filepath.Join(dir, "shared.wgsl")
	require.NoError(t, os.WriteFile(src, []byte("struct Light { color: vec3f, intensity: f32 }\n"+
		"@group(0) @binding(0) var<uniform> light: Light;\n"), 0o644))
	code, stderr := runWgslgen(src)
	require.Equal(t, ExitOK, code, stderr)
	assert.NoFileExists(t, filepath.Join(dir, "shared.spv"))
	buildInModule(t, dir, `fmt.Println(unsafe.Sizeof(fx.Light{}), fx.SharedShader.Light().Binding, fx.SharedShader.SPIRV == nil)`)
}
