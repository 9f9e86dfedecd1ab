package gencheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const shader = `struct P { v: vec3<f32>, s: f32 }
@group(0) @binding(0) var<storage, read_write> p: P;
@compute @workgroup_size(1) fn main() { p.s = p.v.x; }
`

// TestCheck generates a package the way go generate would, then checks it: missing, fresh,
// and stale after the shader changes.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds wgslgen")
	}
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("builds wgslgen with the go command, which a Bazel sandbox does not have")
	}
	wgslgen, err := build(t.TempDir())
	require.NoError(t, err)
	dir := t.TempDir()
	doc := "// Package p is a test.\npackage p\n\n//go:generate " + Command + " -o p_wgsl.go shaders/p.wgsl\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "doc.go"), []byte(doc), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "shaders"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "p.wgsl"), []byte(shader), 0o644))

	lines, err := Lines(dir)
	require.NoError(t, err)
	assert.Equal(t, []Line{{File: "doc.go", Package: "p", Args: []string{"-o", "p_wgsl.go", "shaders/p.wgsl"}}}, lines)

	problems, err := check(wgslgen, dir)
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0], "p_wgsl.go is missing")

	gen := exec.Command(wgslgen, lines[0].Args...)
	gen.Dir = dir
	out, err := gen.CombinedOutput()
	require.NoError(t, err, "%s", out)
	problems, err = check(wgslgen, dir)
	require.NoError(t, err)
	assert.Empty(t, problems)

	changed := []byte(shader[:len(shader)-2] + " p.v.y = 1.0; }\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "p.wgsl"), changed, 0o644))
	problems, err = check(wgslgen, dir)
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0], "p.spv is stale")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "doc.go"), []byte("package p\n"), 0o644))
	_, err = check(wgslgen, dir)
	assert.ErrorContains(t, err, "no //go:generate")
}
