package migrate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/migrate"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// FuzzMigrate migrates every draft shader that checks: the migration never panics, and it
// either returns modern WGSL (which Migrate has checked) or says what modern WGSL cannot
// express; a migrated shader that does not check is a bug of the migration.
func FuzzMigrate(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range files {
		a, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range a.Files {
			if file.Name == "in.wgsl" {
				f.Add(file.Data)
			}
		}
	}
	fixtures, _ := filepath.Glob("../sema/testdata/legacy2021/*.wgsl")
	for _, path := range fixtures {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := diag.NewFile("fuzz.wgsl", src)
		ast, diags := syntax.Parse(file, syntax.Options{Dialect: syntax.DialectLegacy2021})
		if diags.HasErrors() {
			return
		}
		prog, diags := sema.Check(ast, sema.Options{})
		if diags.HasErrors() {
			return
		}
		out, positions, diags := migrate.MigrateMapped(ast, prog)
		if !diags.HasErrors() && len(out) == 0 {
			t.Fatal("no output and no error")
		}
		if out != nil {
			// Every name of the text has a place in the shader's file.
			migrated, _ := syntax.Parse(diag.NewFile("migrated.wgsl", out), syntax.Options{Dialect: syntax.DialectModern})
			syntax.InspectFile(migrated, func(n syntax.Node) bool {
				if id, ok := n.(*syntax.IdentExpr); ok {
					if pos, ok := positions.Source(id.Loc.Start); !ok || pos < 0 || int(pos) > len(src) {
						t.Fatalf("%s at %d of the migration has no place in the shader (%d, %v)\n%s", id.Name.Name, id.Loc.Start, pos, ok, src)
					}
				}
				return true
			})
		}
		for _, d := range diags {
			if strings.Contains(d.Message, "internal error") || strings.Contains(d.Message, "does not check as modern") {
				t.Fatalf("%s\n%s", d.Message, src)
			}
		}
	})
}
