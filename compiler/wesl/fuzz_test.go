package wesl_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// FuzzLink links any tree of files (a txtar archive: the first file is the root, a
// wesl.toml among them is read) and checks what must hold for any input: no panic or hang;
// every diagnostic placed in a file of the program (or none); a program that links prints
// as WGSL that parses; the syntax check alone (ParseOnly) never panics either.
func FuzzLink(f *testing.F) {
	paths, _ := filepath.Glob("testdata/link/*.txtar")
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ar := txtar.Parse(data)
		if len(ar.Files) == 0 || len(ar.Files) > 16 {
			return
		}
		files := fstest.MapFS{}
		for _, file := range ar.Files {
			if !fsValid(file.Name) {
				return
			}
			files[file.Name] = &fstest.MapFile{Data: file.Data}
		}
		root := ar.Files[0].Name
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic("wesl: Link did not finish in 10 s")
			}
		}()
		opts := wesl.Options{Features: map[string]bool{"a": true, "b": false}}
		prog, diags := wesl.Link(wesl.FromFS(files), root, opts)
		checkPlaced(t, diags)
		if prog != nil && !diags.HasErrors() {
			out, _ := prog.WGSLWithMap()
			if prog.Root.Syntax.Dialect == syntax.DialectModern {
				if _, pd := syntax.Parse(diag.NewFile("linked.wgsl", out), syntax.Options{Dialect: syntax.DialectModern}); pd.HasErrors() {
					t.Fatalf("linked WGSL does not parse: %v\n%s", pd, out)
				}
			}
		}
		checkPlaced(t, wesl.ParseOnly(wesl.FromFS(files), root, files[root].Data, syntax.DialectAuto))
	})
}

// fsValid reports whether name is a file name an fstest.MapFS can hold.
func fsValid(name string) bool {
	return name != "" && name != "." && filepath.ToSlash(filepath.Clean(name)) == name && !filepath.IsAbs(name) && name[0] != '.'
}

// checkPlaced fails when a diagnostic's position is not in its file.
func checkPlaced(t *testing.T, diags diag.List) {
	t.Helper()
	for _, d := range diags {
		if d.File == nil {
			continue
		}
		f := d.File.Resolve(d.Span.Start)
		if d.Span.Start >= 0 && (d.Span.Start < f.Base || int(d.Span.Start-f.Base) > len(f.Text)) {
			t.Fatalf("diagnostic %q at %d is outside %s [%d, %d]", d.Message, d.Span.Start, f.Name, f.Base, int(f.Base)+len(f.Text))
		}
		for _, n := range d.Notes {
			nf := n.File.Resolve(n.Span.Start)
			if n.Span.Start >= 0 && (n.Span.Start < nf.Base || int(n.Span.Start-nf.Base) > len(nf.Text)) {
				t.Fatalf("note %q at %d is outside %s", n.Message, n.Span.Start, nf.Name)
			}
		}
	}
}
