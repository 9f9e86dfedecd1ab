package corpus

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/bench"
)

// TestGather: the corpus holds the module's .wgsl files, the .wgsl members of its txtar
// archives and the benchmark shaders, each once, ordered by name; not the fuzzers' inputs; and
// Write lays it out under the names.
func TestGather(t *testing.T) {
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("reads the test data of every package of the source tree, which a Bazel sandbox does not have")
	}
	shaders, err := Gather("../..")
	require.NoError(t, err)
	byName := map[string][]byte{}
	var names []string
	for _, s := range shaders {
		_, dup := byName[s.Name]
		require.False(t, dup, s.Name)
		byName[s.Name] = s.Text
		names = append(names, s.Name)
		assert.True(t, strings.HasSuffix(s.Name, ".wgsl"), s.Name)
		assert.NotContains(t, s.Name, "testdata/fuzz/", s.Name)
	}
	assert.True(t, slices.IsSorted(names))

	file, err := os.ReadFile("../../compiler/reflect/testdata/shaders/resources.wgsl")
	require.NoError(t, err)
	assert.Equal(t, file, byName["compiler/reflect/testdata/shaders/resources.wgsl"])
	assert.Contains(t, string(byName["compiler/lower/testdata/valid.txtar/operators.wgsl"]), "fn ops(a: i32")
	assert.Equal(t, bench.Large().Text, byName[BenchDir+"/large.wgsl"])
	particles, err := os.ReadFile("../../examples/particles/particles.wgsl")
	require.NoError(t, err)
	assert.Equal(t, particles, byName["examples/particles/particles.wgsl"])

	dir := t.TempDir()
	require.NoError(t, Write(dir, shaders[:20]))
	for _, s := range shaders[:20] {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(s.Name)))
		require.NoError(t, err)
		assert.Equal(t, s.Text, got)
	}
}
