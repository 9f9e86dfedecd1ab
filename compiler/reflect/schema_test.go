package reflect_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/jsonschema"
)

func schema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.Compile(reflect.JSONSchema())
	require.NoError(t, err)
	return s
}

// TestGoldensMatchSchema validates every golden reflection of the package against the
// schema.
func TestGoldensMatchSchema(t *testing.T) {
	s := schema(t)
	files, err := filepath.Glob("testdata/shaders/*.json")
	require.NoError(t, err)
	files = append(files, "testdata/particles.golden")
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.NoError(t, s.Validate(data), f)
	}
	require.Greater(t, len(files), 10)
}

// TestCorpusMatchesSchema validates the reflection of every shader of the project's test
// corpus that compiles (the fixtures of every package, the examples, the benchmark shaders).
func TestCorpusMatchesSchema(t *testing.T) {
	s := schema(t)
	shaders, err := corpus.All()
	if err != nil {
		t.Skipf("the module's sources are not visible here (a sandboxed run): %v", err)
	}
	validated := 0
	for _, sh := range shaders {
		if sh.Annotated() {
			continue
		}
		m, _, err := compiler.Reflect(compiler.Source{Name: sh.Base(), Text: sh.Text}, compiler.Options{})
		if err != nil {
			continue // a fixture of an error, or of a later phase's limits
		}
		data, err := reflect.Marshal(m)
		require.NoError(t, err, sh.Name)
		assert.NoError(t, s.Validate(data), sh.Name)
		validated++
	}
	t.Logf("validated the reflection of %d of the corpus's %d shaders", validated, len(shaders))
	require.Greater(t, validated, 150)
}
