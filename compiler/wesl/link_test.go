package wesl_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

var update = flag.Bool("update", false, "rewrite the want.wgsl of the link fixtures")

// A link fixture (testdata/link/*.txtar) is a tree of files and what linking it gives:
//
//	-- main.wesl --        the root module (or main.wgsl, or the one "root" names)
//	-- util/noise.wesl --  other files of the tree (modules, wesl.toml, other packages)
//	-- options --          optional lines: "root PATH", "feature NAME[=false]",
//	                       "mangle underscore", "nocheck" (the linked WGSL is not a valid
//	                       program on purpose), "noentry"
//	-- want.wgsl --        the linked WGSL, exactly
//	-- want.errors --      or the diagnostics: one line each, FILE:LINE:COL: SEVERITY: and a
//	                       part of the message
//
// Every linked program is also parsed again and, unless "nocheck", checked and compiled:
// linking then compiling must give the SPIR-V that compiling the linked WGSL as one file
// gives, and that SPIR-V must pass spirv-val.
type fixture struct {
	name     string
	files    fstest.MapFS
	root     string
	opts     wesl.Options
	check    bool
	want     []byte
	wantErrs []string
	hasWant  bool
}

func loadFixtures(t *testing.T) []*fixture {
	t.Helper()
	paths, err := filepath.Glob("testdata/link/*.txtar")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	var out []*fixture
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		require.NoError(t, err)
		fx := &fixture{name: strings.TrimSuffix(filepath.Base(p), ".txtar"), files: fstest.MapFS{}, check: true}
		for _, f := range ar.Files {
			switch f.Name {
			case "options":
				for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
					k, v, _ := strings.Cut(strings.TrimSpace(line), " ")
					switch k {
					case "root":
						fx.root = v
					case "feature":
						if fx.opts.Features == nil {
							fx.opts.Features = map[string]bool{}
						}
						name, val, _ := strings.Cut(v, "=")
						fx.opts.Features[name] = val != "false"
					case "mangle":
						fx.opts.Mangle, err = wesl.ParseMangling(v)
						require.NoError(t, err)
					case "nocheck":
						fx.check = false
					case "":
					default:
						t.Fatalf("%s: unknown option %q", p, line)
					}
				}
			case "want.wgsl":
				fx.want, fx.hasWant = f.Data, true
			case "want.errors":
				for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
					fx.wantErrs = append(fx.wantErrs, strings.TrimSpace(line))
				}
			default:
				fx.files[f.Name] = &fstest.MapFile{Data: f.Data}
			}
		}
		if fx.root == "" {
			fx.root = "main.wesl"
			if _, ok := fx.files["main.wgsl"]; ok {
				fx.root = "main.wgsl"
			}
		}
		require.True(t, fx.hasWant != (fx.wantErrs != nil), "%s: give want.wgsl or want.errors", p)
		out = append(out, fx)
	}
	return out
}

func (fx *fixture) link() (*wesl.Program, diag.List) {
	return wesl.Link(wesl.FromFS(fx.files), fx.root, fx.opts)
}

func TestLinkFixtures(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		t.Run(fx.name, func(t *testing.T) {
			t.Parallel()
			prog, diags := fx.link()
			if fx.wantErrs != nil {
				assertDiagnostics(t, fx.wantErrs, diags)
				return
			}
			require.False(t, diags.HasErrors(), "%v", diags)
			got := prog.WGSL()
			if *update {
				updateFixture(t, fx, got)
			} else {
				assert.Equal(t, string(fx.want), string(got))
			}
			// The linked WGSL is WGSL: it parses as one file.
			_, pd := syntax.Parse(diag.NewFile("linked.wgsl", got), syntax.Options{Dialect: syntax.DialectModern})
			require.False(t, pd.HasErrors(), "linked WGSL does not parse: %v\n%s", pd, got)
			if fx.check {
				checkSameSPIRV(t, fx, got)
			}
		})
	}
}

// checkSameSPIRV compiles the fixture's program (linked as syntax trees) and its linked WGSL
// (one file) and requires the same SPIR-V, valid.
func checkSameSPIRV(t *testing.T, fx *fixture, linked []byte) {
	t.Helper()
	opts := compiler.Options{Features: fx.opts.Features, Mangle: fx.opts.Mangle, FS: wesl.FromFS(fx.files)}
	root, err := fx.files.Open(fx.root)
	require.NoError(t, err)
	root.Close()
	res, err := compiler.Compile(compiler.Source{Name: fx.root, Text: fx.files[fx.root].Data}, opts)
	require.NoError(t, err)
	one, err := compiler.Compile(compiler.Source{Name: "linked.wgsl", Text: linked}, compiler.Options{})
	require.NoError(t, err)
	require.Equal(t, one.SPIRV, res.SPIRV, "linking then compiling differs from compiling the linked WGSL")
	if res.SPIRV != nil {
		spirvval.Check(t, res.SPIRV)
	}
}

// assertDiagnostics matches diagnostics against FILE:LINE:COL: SEVERITY: MESSAGE-PART lines,
// in order.
func assertDiagnostics(t *testing.T, want []string, diags diag.List) {
	t.Helper()
	var got []string
	for _, d := range diags {
		got = append(got, d.Error())
	}
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		loc, msg, _ := strings.Cut(want[i], ": ")
		sev, part, _ := strings.Cut(msg, ": ")
		ok = strings.HasPrefix(got[i], loc+": "+sev+": ") && strings.Contains(got[i], part)
	}
	if !ok {
		var b bytes.Buffer
		diags.Print(&b)
		t.Errorf("diagnostics differ\nwant:\n  %s\ngot:\n  %s\n\n%s", strings.Join(want, "\n  "), strings.Join(got, "\n  "), b.String())
	}
}

// update rewrites the want.wgsl of the fixtures from the linker's output (a reviewer then
// reads the diff).
func updateFixture(t *testing.T, fx *fixture, got []byte) {
	p := path.Join("testdata/link", fx.name+".txtar")
	ar, err := txtar.ParseFile(p)
	require.NoError(t, err)
	for i := range ar.Files {
		if ar.Files[i].Name == "want.wgsl" {
			ar.Files[i].Data = got
		}
	}
	require.NoError(t, os.WriteFile(p, txtar.Format(ar), 0o644))
}

// TestSourceMaps: for every fixture, each mapped run of the linked WGSL starts with the
// text its source position holds (a renamed identifier: the name the map records).
func TestSourceMaps(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		if !fx.hasWant {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			prog, diags := fx.link()
			require.False(t, diags.HasErrors(), "%v", diags)
			out, sm := prog.WGSLWithMap()
			require.Equal(t, string(prog.WGSL()), string(out), "the map does not change the text")
			outLines := strings.Split(string(out), "\n")
			srcLines := map[int][]string{}
			for i, c := range sm.SourcesContent {
				srcLines[i] = strings.Split(c, "\n")
			}
			segs := decodeMappings(t, sm.Mappings)
			require.NotEmpty(t, segs)
			for i, s := range segs {
				if s.src < 0 {
					continue
				}
				line := outLines[s.line]
				// The run ends where the next segment of the line starts.
				end := len(line)
				if i+1 < len(segs) && segs[i+1].line == s.line {
					end = segs[i+1].col
				}
				got := line[s.col:end]
				src := srcLines[s.src][s.srcLine][s.srcCol:]
				if s.name >= 0 {
					assert.True(t, strings.HasPrefix(src, sm.Names[s.name]), "%d:%d: name %q is not at %s:%d:%d", s.line+1, s.col+1, sm.Names[s.name], sm.Sources[s.src], s.srcLine+1, s.srcCol+1)
					continue
				}
				assert.True(t, strings.HasPrefix(src, got), "%d:%d: %q is not at %s:%d:%d (%q)", s.line+1, s.col+1, got, sm.Sources[s.src], s.srcLine+1, s.srcCol+1, src)
			}
		})
	}
}

type mapSeg struct{ line, col, src, srcLine, srcCol, name int }

// decodeMappings decodes a version 3 source map's mappings (ASCII columns).
func decodeMappings(t *testing.T, m string) []mapSeg {
	const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	var out []mapSeg
	var src, srcLine, srcCol, name int
	for li, line := range strings.Split(m, ";") {
		col := 0
		if line == "" {
			continue
		}
		for _, seg := range strings.Split(line, ",") {
			var vals []int
			v, shift := 0, 0
			for _, c := range seg {
				d := strings.IndexRune(digits, c)
				require.GreaterOrEqual(t, d, 0)
				v |= (d & 31) << shift
				if d&32 != 0 {
					shift += 5
					continue
				}
				if v&1 != 0 {
					vals = append(vals, -(v >> 1))
				} else {
					vals = append(vals, v>>1)
				}
				v, shift = 0, 0
			}
			col += vals[0]
			s := mapSeg{line: li, col: col, src: -1, name: -1}
			if len(vals) >= 4 {
				src += vals[1]
				srcLine += vals[2]
				srcCol += vals[3]
				s.src, s.srcLine, s.srcCol = src, srcLine, srcCol
			}
			if len(vals) == 5 {
				name += vals[4]
				s.name = name
			}
			out = append(out, s)
		}
	}
	return out
}

// TestLinkedWGSLAcceptedByTintAndNaga: the linked WGSL of every fixture that is a valid
// program is accepted by Tint and by Naga (which also translates it to SPIR-V).
func TestLinkedWGSLAcceptedByTintAndNaga(t *testing.T) {
	tint := oracle.Tint.Require(t)
	naga := oracle.Naga.Require(t)
	for _, fx := range loadFixtures(t) {
		if !fx.hasWant || !fx.check {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			t.Parallel()
			prog, diags := fx.link()
			require.False(t, diags.HasErrors(), "%v", diags)
			dir := t.TempDir()
			in := filepath.Join(dir, "linked.wgsl")
			require.NoError(t, os.WriteFile(in, prog.WGSL(), 0o644))
			out, err := exec.Command(tint, "-o", filepath.Join(dir, "tint.wgsl"), in).CombinedOutput()
			assert.NoError(t, err, "tint: %s\n%s", out, prog.WGSL())
			out, err = exec.Command(naga, in, filepath.Join(dir, "naga.spv")).CombinedOutput()
			assert.NoError(t, err, "naga: %s\n%s", out, prog.WGSL())
		})
	}
}
