package migrate_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/migrate"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/golden"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/*.txtar")

// check parses and checks a 2021-draft source, failing the test on errors.
func check(t testing.TB, name string, src []byte) (*syntax.File, *sema.Program) {
	t.Helper()
	file := diag.NewFile(name, src)
	ast, diags := syntax.Parse(file, syntax.Options{Dialect: syntax.DialectLegacy2021})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	prog, diags := sema.Check(ast, sema.Options{})
	require.False(t, diags.HasErrors(), "check:\n%v", diags)
	return ast, prog
}

// migrateText migrates a 2021-draft source and returns the modern text and the diagnostics.
func migrateText(t testing.TB, name string, src []byte) ([]byte, diag.List) {
	t.Helper()
	ast, prog := check(t, name, src)
	return migrate.Migrate(ast, prog)
}

func diagText(l diag.List) string {
	var b bytes.Buffer
	l.Print(&b)
	return b.String()
}

// TestGolden migrates testdata/*.txtar: in.wgsl, compared with out.wgsl (or the errors
// section when the migration fails). With -update, the expected sections are rewritten.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(path)
			require.NoError(t, err)
			sections := map[string][]byte{}
			for _, f := range a.Files {
				sections[f.Name] = f.Data
			}
			in, ok := sections["in.wgsl"]
			require.True(t, ok, "no in.wgsl")
			out, diags := migrateText(t, "in.wgsl", in)
			got := map[string][]byte{}
			if diags.HasErrors() {
				got["errors"] = []byte(diagText(diags))
			} else {
				got["out.wgsl"] = out
				tintAccepts(t, out)
			}
			if *update {
				a.Files = []txtar.File{{Name: "in.wgsl", Data: in}}
				for _, name := range []string{"out.wgsl", "errors"} {
					if data, ok := got[name]; ok {
						a.Files = append(a.Files, txtar.File{Name: name, Data: data})
					}
				}
				require.NoError(t, os.WriteFile(path, txtar.Format(a), 0o644))
				return
			}
			if golden.Off() {
				return
			}
			for _, name := range []string{"out.wgsl", "errors"} {
				assert.Equal(t, string(sections[name]), string(got[name]), name)
			}
		})
	}
}

// tintAccepts runs tint over modern WGSL, when it is installed outside CI (see
// oracle.Tool.Optional).
func tintAccepts(t testing.TB, text []byte) {
	t.Helper()
	tint := oracle.Tint.Optional(t)
	if tint == "" {
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.wgsl")
	require.NoError(t, os.WriteFile(in, text, 0o644))
	out, err := exec.Command(tint, "-o", filepath.Join(dir, "out.wgsl"), in).CombinedOutput()
	require.NoError(t, err, "tint rejects the migrated shader:\n%s\n%s", out, text)
}

// TestUniformityWarning: the warning that the migration turns a uniformity analysis off
// is at the shader's construct that modern WGSL would reject, with its line under it.
func TestUniformityWarning(t *testing.T) {
	a, err := txtar.ParseFile("testdata/uniformity.txtar")
	require.NoError(t, err)
	out, diags := migrateText(t, "in.wgsl", a.Files[0].Data)
	require.NotNil(t, out, diagText(diags))
	require.Len(t, diags, 1)
	d := diags[0]
	assert.Equal(t, diag.Warning, d.Severity)
	assert.Equal(t, "in.wgsl:8:13", d.Position().String())
	assert.Contains(t, d.Message, "the migration turns derivative_uniformity off")
	var b strings.Builder
	d.Print(&b)
	assert.Contains(t, b.String(), "    color = textureSample(t, s, uv);\n            ^~~~~~~~~~~~~")
}
