package wesl_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/weslsplit"
)

// TestSplitCorpusShaders: every valid corpus shader with entry points, its declarations
// split over modules at random and imported back, links to a program whose SPIR-V is the
// SPIR-V of its linked WGSL compiled as one file, valid; and the linked program holds every
// declaration of the shader that an entry point reaches, under its own name.
//
// Tint and Naga accept the linked WGSL of every shader they accept in one file.
func TestSplitCorpusShaders(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads the test data of every package of the source tree, which a Bazel sandbox does not have")
	tint := oracle.Tint.Require(t)
	naga := oracle.Naga.Require(t)
	shaders, err := corpus.All()
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(25, 0))
	tested := 0
	for _, s := range shaders {
		if s.Annotated() {
			continue
		}
		src := compiler.Source{Name: "one.wgsl", Text: s.Text}
		one, err := compiler.Compile(src, compiler.Options{NoReflection: true})
		if err != nil || one.SPIRV == nil || one.Program.File.Dialect != syntax.DialectModern {
			continue
		}
		f, diags := syntax.Parse(diag.NewFile("one.wgsl", s.Text), syntax.Options{Dialect: syntax.DialectModern})
		require.False(t, diags.HasErrors())
		tested++
		files := weslsplit.Split(f, rng, 2+rng.IntN(8))
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			opts := compiler.Options{NoReflection: true, FS: wesl.FromFS(files)}
			linked, err := compiler.Compile(compiler.Source{Name: "main.wesl", Text: files["main.wesl"].Data}, opts)
			require.NoError(t, err, "%s", dumpTree(files))
			prog, diags := compiler.Link(compiler.Source{Name: "main.wesl", Text: files["main.wesl"].Data}, opts)
			require.False(t, diags.HasErrors())
			text := prog.WGSL()
			asOne, err := compiler.Compile(compiler.Source{Name: "linked.wgsl", Text: text}, compiler.Options{NoReflection: true})
			require.NoError(t, err, "%s", text)
			require.Equal(t, asOne.SPIRV, linked.SPIRV, "linking then compiling differs from compiling the linked WGSL\n%s", text)
			spirvval.Check(t, linked.SPIRV)
			// Names are the shader's: no collisions to rename.
			for _, fn := range one.Program.File.Decls {
				if id := syntax.DeclName(fn); id != nil && weslsplit.HostVisible(fn) {
					require.Contains(t, string(text), id.Name)
				}
			}
			for _, tool := range []struct {
				name string
				args func(in, dir string) []string
			}{
				{tint, func(in, dir string) []string { return []string{"-o", filepath.Join(dir, "out.wgsl"), in} }},
				{naga, func(in, dir string) []string { return []string{in, filepath.Join(dir, "out.spv")} }},
			} {
				dir := t.TempDir()
				orig, linkedIn := filepath.Join(dir, "one.wgsl"), filepath.Join(dir, "linked.wgsl")
				require.NoError(t, os.WriteFile(orig, s.Text, 0o644))
				require.NoError(t, os.WriteFile(linkedIn, text, 0o644))
				if exec.Command(tool.name, tool.args(orig, dir)...).Run() != nil {
					continue // the tool rejects the shader itself (a known disagreement)
				}
				out, err := exec.Command(tool.name, tool.args(linkedIn, dir)...).CombinedOutput()
				require.NoError(t, err, "%s rejects the linked WGSL: %s\n%s", filepath.Base(tool.name), out, text)
			}
		})
	}
	require.Greater(t, tested, 100, "too few corpus shaders to split")
}

func dumpTree(files fstest.MapFS) string {
	var b strings.Builder
	for name, f := range files {
		fmt.Fprintf(&b, "-- %s --\n%s", name, f.Data)
	}
	return b.String()
}
