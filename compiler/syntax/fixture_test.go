package syntax

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the errors and print sections of testdata fixtures")

// A fixture is a txtar archive in testdata/parse. Its comment may hold a line
// "dialect: modern|legacy2021|auto" (default auto). Every *.wgsl file in it is parsed; the
// optional "errors" file lists the expected diagnostics of all of them, one per line as
// "file:line:col: error: message", and the optional "print" file holds the printed form
// of the single .wgsl file. Without an "errors" file the sources must parse cleanly.
type fixture struct {
	path    string
	archive *txtar.Archive
	dialect Dialect
}

func (fx fixture) sources() []txtar.File {
	var out []txtar.File
	for _, f := range fx.archive.Files {
		if strings.HasSuffix(f.Name, ".wgsl") {
			out = append(out, f)
		}
	}
	return out
}

func (fx fixture) section(name string) (string, bool) {
	for _, f := range fx.archive.Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	return "", false
}

func loadFixtures(t testing.TB) []fixture {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "parse", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	sort.Strings(paths)
	var out []fixture
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		require.NoError(t, err)
		fx := fixture{path: p, archive: a, dialect: DialectAuto}
		for _, line := range strings.Split(string(a.Comment), "\n") {
			if v, ok := strings.CutPrefix(line, "dialect:"); ok {
				switch strings.TrimSpace(v) {
				case "modern":
					fx.dialect = DialectModern
				case "legacy2021":
					fx.dialect = DialectLegacy2021
				case "auto":
				default:
					t.Fatalf("%s: unknown dialect %q", p, v)
				}
			}
		}
		out = append(out, fx)
	}
	return out
}

func parseFixtureFile(f txtar.File, d Dialect, trace func(string)) (*File, diag.List) {
	return parse(diag.NewFile(f.Name, f.Data), Options{Dialect: d}, trace)
}

func TestFixtures(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		t.Run(filepath.Base(fx.path), func(t *testing.T) {
			var got strings.Builder
			var printed string
			for _, src := range fx.sources() {
				f, diags := parseFixtureFile(src, fx.dialect, nil)
				for _, d := range diags {
					got.WriteString(d.Error())
					got.WriteByte('\n')
					for _, n := range d.Notes {
						got.WriteString("\tnote: " + n.File.Position(n.Span.Start).String() + ": " + n.Message + "\n")
					}
					assert.True(t, d.Span.Start >= 0 && d.Span.End >= d.Span.Start && int(d.Span.End) <= len(src.Data), "bad span %v", d.Span)
				}
				var b bytes.Buffer
				err := Print(&b, f)
				if err != nil {
					b.WriteString("// print error: " + err.Error() + "\n")
				}
				printed = b.String()
			}
			if *update {
				fx.set("errors", got.String())
				if _, ok := fx.section("print"); ok {
					fx.set("print", printed)
				}
				require.NoError(t, os.WriteFile(fx.path, txtar.Format(fx.archive), 0o644))
				return
			}
			if golden.Off() {
				return
			}
			want, _ := fx.section("errors")
			assert.Equal(t, want, got.String(), "diagnostics")
			if want, ok := fx.section("print"); ok {
				assert.Equal(t, want, printed, "printed form")
			}
		})
	}
}

// set replaces (or, when text is non-empty, adds) a section of the archive.
func (fx fixture) set(name, text string) {
	files := fx.archive.Files[:0]
	found := false
	for _, f := range fx.archive.Files {
		if f.Name == name {
			found = true
			if text == "" {
				continue
			}
			f.Data = []byte(text)
		}
		files = append(files, f)
	}
	if !found && text != "" {
		files = append(files, txtar.File{Name: name, Data: []byte(text)})
	}
	fx.archive.Files = files
}

// TestFixturesRoundTrip prints every fixture that parses without errors and checks that
// parse ∘ print is a fixed point.
func TestFixturesRoundTrip(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		if _, hasErrors := fx.section("errors"); hasErrors {
			continue
		}
		for _, src := range fx.sources() {
			checkRoundTrip(t, fx.path+"/"+src.Name, string(src.Data), fx.dialect)
		}
	}
}
