package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

const (
	noSPIRVHint   = "a.wgsl: error: the module has no entry point, so no SPIR-V (a file of shared structures): list it in the target's no_spirv attribute\n"
	hasSPIRVHint  = "a.wgsl: error: the module has entry points, so it has SPIR-V: take it out of the target's no_spirv attribute\n"
	computeShader = "@compute @workgroup_size(1)\nfn main() {}\n"
	sharedStructs = "struct Light { color: vec3f, intensity: f32 }\n"
)

func TestDeclaredSPIRV(t *testing.T) {
	sh := requireShell(t)
	dir := t.TempDir()
	spv := filepath.Join(dir, "a.spv")
	var stdout, stderr bytes.Buffer

	// The SPIR-V was declared, and written.
	code := run([]string{"-spirv", "a.wgsl=" + spv, sh, "-c", "echo out; touch " + spv}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	require.Equal(t, "out\n", stdout.String())

	// Declared, not written: the shader has no entry points.
	stderr.Reset()
	code = run([]string{"-spirv", "a.wgsl=" + filepath.Join(dir, "none.spv"), sh, "-c", "true"}, &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, noSPIRVHint, stderr.String())

	// In no_spirv, and written: the shader has entry points.
	stderr.Reset()
	code = run([]string{"-no-spirv", "a.wgsl=" + spv, sh, "-c", "true"}, &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, hasSPIRVHint, stderr.String())

	// In no_spirv, and not written.
	stderr.Reset()
	code = run([]string{"-no-spirv", "a.wgsl=" + filepath.Join(dir, "none.spv"), sh, "-c", "true"}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
}

func TestReflected(t *testing.T) {
	sh := requireShell(t)
	dir := t.TempDir()
	for _, c := range []struct {
		src  string
		code int
		msg  string
	}{{sharedStructs, 0, ""}, {computeShader, 1, hasSPIRVHint}} {
		m, _, err := compiler.Reflect(compiler.Source{Name: "a.wgsl", Text: []byte(c.src)}, compiler.Options{})
		require.NoError(t, err)
		data, err := reflect.Marshal(m)
		require.NoError(t, err)
		json := filepath.Join(dir, "a.json")
		require.NoError(t, os.WriteFile(json, data, 0o644))
		var stdout, stderr bytes.Buffer
		code := run([]string{"-reflected", "a.wgsl=" + json, sh, "-c", "true"}, &stdout, &stderr)
		require.Equal(t, c.code, code, stderr.String())
		require.Equal(t, c.msg, stderr.String())
	}
}

// A failing command's status and diagnostics are spirvcheck's; nothing is checked.
func TestFailurePassesThrough(t *testing.T) {
	sh := requireShell(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"-spirv", "a.wgsl=" + filepath.Join(t.TempDir(), "a.spv"), sh, "-c", "echo 'a.wgsl:2:3: error: bad' >&2; exit 1"}, &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Equal(t, "a.wgsl:2:3: error: bad\n", stderr.String())
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-spirv", "a.wgsl"}, {"-spirv", "=x", "true"}, {"-reflected"}} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(args, &stdout, &stderr), "%q", args)
		require.NotEmpty(t, stderr.String())
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run([]string{filepath.Join(t.TempDir(), "no-such-tool")}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "spirvcheck: ")
}

func requireShell(t *testing.T) string {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		oracle.Missing(t, "no sh to run as the checked command")
	}
	return sh
}
