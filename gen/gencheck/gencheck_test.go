package gencheck

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
)

const shader = `struct P { v: vec3<f32>, s: f32 }
@group(0) @binding(0) var<storage, read_write> p: P;
@compute @workgroup_size(1) fn main() { p.s = p.v.x; }
`

// TestCheck generates a package the way go generate would, then checks it: missing, fresh,
// and stale after the shader changes.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	doc := "// Package p is a test.\npackage p\n\n//go:generate go tool wgslgen -o p_wgsl.go shaders/p.wgsl\n" +
		"//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -embed=inline q.wgsl\n//go:generate stringer -type X\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "doc.go"), []byte(doc), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "shaders"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "p.wgsl"), []byte(shader), 0o644))
	q := []byte("@group(0) @binding(0) var<storage, read_write> q: array<u32>;\n@compute @workgroup_size(1) fn main() { q[0] = 1u; }\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "q.wgsl"), q, 0o644))

	lines, err := Lines(dir)
	require.NoError(t, err)
	assert.Equal(t, []Line{
		{File: "doc.go", Line: 4, Package: "p", Args: []string{"-o", "p_wgsl.go", "shaders/p.wgsl"}},
		{File: "doc.go", Line: 5, Package: "p", Args: []string{"-embed=inline", "q.wgsl"}},
	}, lines)

	problems, err := check(dir)
	require.NoError(t, err)
	require.Len(t, problems, 2)
	assert.Contains(t, problems[0], "p_wgsl.go is missing")
	assert.Contains(t, problems[1], "q_wgsl.go is missing")

	for _, l := range lines {
		var out bytes.Buffer
		require.Equal(t, wgslgen.ExitOK, wgslgen.RunIn(dir, l.Package, l.Args, &out), out.String())
	}
	problems, err = check(dir)
	require.NoError(t, err)
	assert.Empty(t, problems)
	Check(t, dir)

	changed := []byte(shader[:len(shader)-2] + " p.v.y = 1.0; }\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "p.wgsl"), changed, 0o644))
	problems, err = check(dir)
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0], "p.spv is stale")
	assert.Contains(t, problems[0], "p_wgsl.go is stale", "the WGSL text in it changed")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "doc.go"), []byte("package p\n"), 0o644))
	_, err = check(dir)
	assert.ErrorContains(t, err, "no //go:generate")
}
