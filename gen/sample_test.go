package gen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sampleDir holds the committed output for examples/particles/particles.wgsl: the generated
// API as users will see it, with its own tests and the benchmarks.
const sampleDir = "internal/particles"

// TestSample checks that the sample package is what gen generates today (go test -update
// rewrites it).
func TestSample(t *testing.T) {
	s := wgslShader(t, "../examples/particles/particles.wgsl")
	s.SPIRV = minimalSPIRV("step")
	out, err := Generate([]Shader{s}, Options{Package: "particles"})
	require.NoError(t, err)
	files := append([]File{{Name: "particles_wgsl.go", Content: out.Go}}, out.Files...)
	for _, f := range files {
		path := filepath.Join(sampleDir, f.Name)
		if *update {
			require.NoError(t, os.WriteFile(path, f.Content, 0o644))
			continue
		}
		have, err := os.ReadFile(path)
		require.NoError(t, err, "run go test -update")
		assert.Equal(t, string(f.Content), string(have), "%s is stale: run go test -update", path)
	}
}
