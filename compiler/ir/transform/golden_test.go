package transform_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/ir"
	goldenpkg "github.com/wgslgo/wgslgo/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// golden builds a module, checks its IR text against the "before" file of
// testdata/<name>.txtar, runs pass, validates the result and checks it against "after".
func golden(t *testing.T, name string, build func() *ir.Module, pass func(m *ir.Module)) *ir.Module {
	t.Helper()
	m := build()
	require.NoError(t, ir.Validate(m), ir.Print(m))
	before := ir.Print(m)
	pass(m)
	after := ir.Print(m)
	require.NoError(t, ir.Validate(m), after)
	path := filepath.Join("testdata", name+".txtar")
	if *update {
		ar := &txtar.Archive{Files: []txtar.File{{Name: "before", Data: []byte(before)}, {Name: "after", Data: []byte(after)}}}
		require.NoError(t, os.WriteFile(path, txtar.Format(ar), 0o644))
		return m
	}
	if goldenpkg.Off() {
		return m
	}
	ar, err := txtar.ParseFile(path)
	require.NoError(t, err, "run go test -update to create the golden files")
	files := map[string]string{}
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
	}
	assert.Equal(t, files["before"], before, "before")
	assert.Equal(t, files["after"], after, "after")
	return m
}
