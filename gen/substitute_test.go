package gen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/corpus"
)

// runtimeOverrides returns the runtime table of a shader's overrides, as the generated code
// holds it: what WGSLWith works on.
func runtimeOverrides(s Shader) *wgsl.Shader {
	ws := &wgsl.Shader{Source: s.Name, WGSL: string(s.WGSL.Text)}
	for _, o := range s.Reflection.Overrides {
		t := s.WGSL.Overrides[o.Name]
		ws.Overrides = append(ws.Overrides, wgsl.Override{Name: o.Name, Key: o.Key, ID: uint32(o.ID), Type: o.Type.Scalar,
			Required: o.Required, FlagID: uint32(o.FlagID), Decl: t.Decl, Init: t.Init})
	}
	return ws
}

// TestSubstitutedWGSLCompiles substitutes the overrides of every shader of the test corpus and
// of the cases that has some: with their defaults (and 1 for the required ones), and with 1 for
// every one where the compiler accepts those values as compile-time overrides. The text compiles
// with this project's compiler, has no override left, and tint accepts it.
func TestSubstitutedWGSLCompiles(t *testing.T) {
	shaders, err := corpus.All()
	if err != nil {
		t.Skipf("the module's sources are not visible here (a sandboxed run): %v", err)
	}
	tint, tintErr := exec.LookPath("tint")
	if tintErr != nil && os.Getenv("CI") == "true" {
		t.Fatal("tint is not on PATH (required under CI=true)")
	}
	checked := 0
	for _, sh := range shaders {
		if sh.Annotated() {
			continue
		}
		s, err := prepare(sh.Base(), sh.Text, compiler.Vulkan13)
		if err != nil || len(s.Reflection.Overrides) == 0 {
			continue
		}
		table := runtimeOverrides(s)
		required, all := map[string]float64{}, map[string]float64{}
		literals := map[string]string{}
		for _, o := range s.Reflection.Overrides {
			all[o.Name] = 1
			literals[o.Name] = map[string]string{"bool": "true"}[o.Type.Scalar]
			if literals[o.Name] == "" {
				literals[o.Name] = "1"
			}
			if o.Required {
				required[o.Name] = 1
			}
		}
		values := []map[string]float64{required}
		if _, err := compiler.Compile(compiler.Source{Name: sh.Base(), Text: sh.Text}, compiler.Options{Target: compiler.Vulkan13, Overrides: literals}); err == nil {
			values = append(values, all)
		}
		for _, v := range values {
			text, err := table.WGSLWith(v)
			require.NoError(t, err, sh.Name)
			res, err := compiler.Compile(compiler.Source{Name: sh.Base(), Text: []byte(text)}, compiler.Options{Target: compiler.Vulkan13})
			if err != nil && strings.Contains(err.Error(), "in constant expression") {
				// A default whose evaluation fails (the spec's example of pipeline-creation
				// errors): in WebGPU a pipeline fails; as consts the text fails.
				t.Logf("%s: the defaults do not evaluate: %v", sh.Name, err)
				continue
			}
			require.NoError(t, err, "%s with %v:\n%s", sh.Name, v, text)
			assert.Empty(t, res.Reflection.Overrides, sh.Name)
			if tintErr == nil {
				dir := t.TempDir()
				in := filepath.Join(dir, "in.wgsl")
				require.NoError(t, os.WriteFile(in, []byte(text), 0o644))
				out, err := exec.Command(tint, "-o", filepath.Join(dir, "out.wgsl"), in).CombinedOutput()
				assert.NoError(t, err, "tint rejects %s with %v:\n%s\n%s", sh.Name, v, out, text)
			}
			checked++
		}
	}
	t.Logf("substituted the overrides of %s texts", strconv.Itoa(checked))
	require.Greater(t, checked, 10)
}
