package sema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// checkNoInternalError parses and checks src, failing on a panic or an internal error.
func checkNoInternalError(t testing.TB, name string, src []byte) {
	file, _ := syntax.Parse(diag.NewFile(name, src), syntax.Options{})
	_, diags := Check(file, Options{})
	for _, d := range diags {
		require.NotContains(t, d.Message, "internal error", "%s: %s", name, d.Error())
		require.True(t, d.Span.Start >= 0 && int(d.Span.End) <= len(src), "%s: span out of the file: %s", name, d.Error())
	}
}

// corpus lists every WGSL file of the repository's test data, parse errors included: the
// checker must cope with the partial trees the parser returns for them.
func corpus(t testing.TB) []string {
	var files []string
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || len(d.Name()) > 6 && d.Name()[:6] == "bazel-") {
			return filepath.SkipDir
		}
		if !d.IsDir() && filepath.Ext(path) == ".wgsl" {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	return files
}

func TestCheckerSurvivesEveryCorpusFile(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads every .wgsl file of the repository")
	files := corpus(t)
	require.Greater(t, len(files), 200, "the repository's .wgsl files were not found")
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		checkNoInternalError(t, f, src)
	}
	t.Logf("%d files", len(files))
}

// FuzzCheck runs the front end and the checker on arbitrary input: diagnostics or a program,
// never a panic (which Check would report as an internal error).
func FuzzCheck(f *testing.F) {
	for _, path := range corpus(f) {
		if src, err := os.ReadFile(path); err == nil && len(src) < 1<<16 {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkNoInternalError(t, "fuzz.wgsl", src)
	})
}

// TestCheckerSurvivesFuzzFindings: inputs the fuzzer found, each once a panic.
func TestCheckerSurvivesFuzzFindings(t *testing.T) {
	for _, src := range []string{
		"fn A{let", // a let without a name or value: the uniformity analysis met a missing expression
		"fn A{for", // a for statement cut before its '(' had no body
	} {
		checkNoInternalError(t, "finding.wgsl", []byte(src))
	}
}
