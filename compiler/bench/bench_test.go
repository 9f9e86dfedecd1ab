package bench_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// TestShaders: every benchmark shader compiles to SPIR-V that spirv-val accepts, and naga, the
// compiler they are compared with, accepts them too.
func TestShaders(t *testing.T) {
	for _, s := range bench.All() {
		t.Run(s.Name, func(t *testing.T) {
			res, err := compiler.Compile(compiler.Source{Name: s.Name, Text: s.Text}, compiler.Options{})
			require.NoError(t, err)
			spirvval.Check(t, res.SPIRV, "vulkan1.1")
			naga := oracle.Naga.Require(t)
			dir := t.TempDir()
			in := filepath.Join(dir, s.Name)
			require.NoError(t, os.WriteFile(in, s.Text, 0o644))
			out, err := exec.Command(naga, in, filepath.Join(dir, "out.spv")).CombinedOutput()
			require.NoError(t, err, "%s", out)
		})
	}
}

func TestLarge(t *testing.T) {
	s := bench.Large()
	require.GreaterOrEqual(t, len(s.Text), bench.LargeSize)
	require.True(t, bytes.Equal(s.Text, bench.Generate(bench.LargeSize)), "Generate is not deterministic")
}
