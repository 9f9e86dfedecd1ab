package lower_test

import (
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// FuzzLower: every program the checker accepts lowers to valid IR or to diagnostics,
// never a panic.
func FuzzLower(f *testing.F) {
	for _, path := range []string{"testdata/valid.txtar", "testdata/golden.txtar", "testdata/errors.txtar"} {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			f.Add(string(file.Data))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		ast, diags := syntax.Parse(diag.NewFile("fuzz.wgsl", []byte(src)), syntax.Options{})
		if diags.HasErrors() {
			return
		}
		p, diags := sema.Check(ast, sema.Options{})
		if diags.HasErrors() {
			return
		}
		m, diags := lower.Lower(p, lower.Options{})
		if diags.HasErrors() {
			return
		}
		if err := ir.Validate(m); err != nil {
			t.Fatalf("%v\n%s", err, ir.Print(m))
		}
	})
}
