package gen

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata and the sample package")

func generateCase(t testing.TB, c genCase) *Output {
	out, err := Generate(c.shaders(t), c.options())
	require.NoError(t, err)
	return out
}

func TestGolden(t *testing.T) {
	for _, c := range genCases {
		t.Run(c.name, func(t *testing.T) {
			out := generateCase(t, c)
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, out.Go, 0o644))
				return
			}
			if golden.Off() {
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -update to create it")
			assert.Equal(t, string(want), string(out.Go), "run go test -update if the change is intended")
		})
	}
}
