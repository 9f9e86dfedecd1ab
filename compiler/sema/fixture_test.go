package sema_test

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Fixtures live in testdata/<topic>/. A fixture is either a .wgsl file or a txtar archive
// holding one or more .wgsl files whose comment sets options, one per line:
//
//	options: uniform_standard_layout webgpu_limits
//
// Files under testdata/legacy2021/ are parsed in the 2021 draft dialect, all others in
// modern WGSL. Files under testdata/limits/ are checked with WebGPULimits, which makes the
// spec's limits errors.
//
// Expected diagnostics are comments in the source, in the manner of go/types' testdata:
//
//	let x: u32 = -1; // ERROR "cannot|does not fit"
//	return; x = 1;   // WARNING "unreachable"
//	/* ERROR@+2 "..." */      expected two lines below the comment
//	/* ERROR@:14 "..." */     expected at column 14 of the comment's line
//
// A diagnostic about the whole module, without a position, is expected on line 1.
// The quoted text is a Go regexp (a Go string literal, or a raw `...` literal) matched
// against the message; several annotations may share a comment or a line. Every expected
// diagnostic must be reported on its line (and column, when given), and every error or
// warning reported must be expected on its line. A fixture without annotations must check
// cleanly.

var showDiags = flag.Bool("show", false, "log every diagnostic of every fixture")

// A source is one WGSL text of a fixture.
type source struct {
	name    string // path relative to testdata, with "/file.wgsl" appended for txtar members
	topic   string // first directory under testdata
	text    []byte
	dialect syntax.Dialect
	opts    sema.Options
	expect  []expectation
}

// An expectation is one annotation.
type expectation struct {
	severity diag.Severity
	line     int
	column   int // 0: any
	re       *regexp.Regexp
}

func (e expectation) String() string {
	pos := strconv.Itoa(e.line)
	if e.column > 0 {
		pos += ":" + strconv.Itoa(e.column)
	}
	return fmt.Sprintf("%s %s %q", pos, e.severity, e.re)
}

func (s *source) hasErrors() bool {
	for _, e := range s.expect {
		if e.severity == diag.Error {
			return true
		}
	}
	return false
}

// loadSources reads every fixture under testdata.
func loadSources(t testing.TB) []*source {
	t.Helper()
	var out []*source
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, "testdata"+string(filepath.Separator)))
		topic, _, _ := strings.Cut(rel, "/")
		dialect := syntax.DialectModern
		if topic == "legacy2021" {
			dialect = syntax.DialectLegacy2021
		}
		switch filepath.Ext(path) {
		case ".wgsl":
			text, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out = append(out, newSource(t, rel, topic, text, dialect, sema.Options{WebGPULimits: topic == "limits"}))
		case ".txtar":
			a, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			opts := txtarOptions(t, rel, string(a.Comment))
			n := 0
			for _, f := range a.Files {
				if strings.HasSuffix(f.Name, ".wgsl") {
					out = append(out, newSource(t, rel+"/"+f.Name, topic, f.Data, dialect, opts))
					n++
				}
			}
			if n == 0 {
				t.Errorf("%s: no .wgsl files", rel)
			}
		default:
			t.Errorf("%s: not a fixture (want .wgsl or .txtar)", rel)
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, out)
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func txtarOptions(t testing.TB, name, comment string) sema.Options {
	var opts sema.Options
	for _, line := range strings.Split(comment, "\n") {
		v, ok := strings.CutPrefix(strings.TrimSpace(line), "options:")
		if !ok {
			continue
		}
		for _, o := range strings.Fields(v) {
			switch o {
			case "uniform_standard_layout":
				opts.UniformStandardLayout = true
			case "webgpu_limits":
				opts.WebGPULimits = true
			default:
				t.Errorf("%s: unknown option %q", name, o)
			}
		}
	}
	return opts
}

func newSource(t testing.TB, name, topic string, text []byte, d syntax.Dialect, opts sema.Options) *source {
	s := &source{name: name, topic: topic, text: text, dialect: d, opts: opts}
	var err error
	s.expect, err = parseAnnotations(text)
	if err != nil {
		t.Errorf("%s: %v", name, err)
	}
	return s
}

// annotationRx matches one annotation inside a comment.
var annotationRx = regexp.MustCompile("(ERROR|WARNING)(@([+-][0-9]+)?(:[0-9]+)?)?\\s+(\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)")

// parseAnnotations finds the annotations in the comments of a WGSL text. WGSL has no
// string literals, so comments are found lexically; block comments nest.
func parseAnnotations(text []byte) ([]expectation, error) {
	var out []expectation
	line := 1
	add := func(comment string, at int) error {
		for _, m := range annotationRx.FindAllStringSubmatch(comment, -1) {
			e := expectation{severity: diag.Error, line: at}
			if m[1] == "WARNING" {
				e.severity = diag.Warning
			}
			if m[3] != "" {
				d, _ := strconv.Atoi(m[3])
				e.line += d
			}
			if m[4] != "" {
				e.column, _ = strconv.Atoi(m[4][1:])
			}
			pat, err := strconv.Unquote(m[5])
			if err != nil {
				return fmt.Errorf("line %d: bad annotation %s: %v", at, m[0], err)
			}
			if e.re, err = regexp.Compile(pat); err != nil {
				return fmt.Errorf("line %d: %v", at, err)
			}
			out = append(out, e)
		}
		return nil
	}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\n':
			line++
		case text[i] == '/' && i+1 < len(text) && text[i+1] == '/':
			j := i
			for j < len(text) && text[j] != '\n' {
				j++
			}
			if err := add(string(text[i+2:j]), line); err != nil {
				return nil, err
			}
			i = j - 1
		case text[i] == '/' && i+1 < len(text) && text[i+1] == '*':
			start, depth := line, 0
			j := i
			for ; j < len(text); j++ {
				switch {
				case text[j] == '\n':
					line++
				case text[j] == '/' && j+1 < len(text) && text[j+1] == '*':
					depth++
					j++
				case text[j] == '*' && j+1 < len(text) && text[j+1] == '/':
					depth--
					j++
				}
				if depth == 0 {
					break
				}
			}
			if err := add(string(text[i:min(j+1, len(text))]), start); err != nil {
				return nil, err
			}
			i = j
		}
	}
	return out, nil
}

// check parses and checks a source, returning its errors and warnings. The checker runs
// only on sources that parse cleanly.
func (s *source) check() diag.List {
	f, diags := syntax.Parse(diag.NewFile(s.name, s.text), syntax.Options{Dialect: s.dialect})
	if !diags.HasErrors() {
		opts := s.opts
		opts.MaxErrors = 1000
		_, more := sema.Check(f, opts)
		diags = append(diags, more...)
	}
	var out diag.List
	for _, d := range diags {
		if d.Severity == diag.Error || d.Severity == diag.Warning {
			out = append(out, d)
		}
	}
	return out
}

// match pairs diagnostics with expectations. It returns the expectations no diagnostic
// satisfied and the diagnostics no expectation allowed. An expectation may cover several
// identical reports on its line.
// requireMatch reports, as test errors, the annotations got misses and the diagnostics no
// annotation expects.
func requireMatch(t *testing.T, expect []expectation, got diag.List) {
	t.Helper()
	missing, unexpected := match(expect, got)
	for _, e := range missing {
		t.Errorf("missing %s", e)
	}
	for _, d := range unexpected {
		t.Errorf("unexpected %s", d.Error())
	}
}

func match(expect []expectation, got diag.List) (missing []expectation, unexpected diag.List) {
	matched := make([]bool, len(expect))
	for _, d := range got {
		p := position(d)
		ok := false
		for i, e := range expect {
			if e.severity == d.Severity && e.line == p.Line && (e.column == 0 || e.column == p.Column) && e.re.MatchString(d.Message) {
				matched[i], ok = true, true
			}
		}
		if !ok {
			unexpected = append(unexpected, d)
		}
	}
	for i, e := range expect {
		if !matched[i] {
			missing = append(missing, e)
		}
	}
	return missing, unexpected
}

func TestFixtures(t *testing.T) {
	type tally struct{ files, failed, errors, warnings int }
	topics := map[string]*tally{}
	total := &tally{}
	for _, s := range loadSources(t) {
		ran := false
		ok := t.Run(s.name, func(t *testing.T) {
			ran = true
			var got diag.List
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("checker panicked: %v", r)
					}
				}()
				got = s.check()
			}()
			if *showDiags {
				for _, d := range got {
					t.Log(d.Error())
				}
			}
			missing, unexpected := match(s.expect, got)
			for _, e := range missing {
				var same []string
				for _, d := range got {
					if position(d).Line == e.line {
						same = append(same, fmt.Sprintf("%s: %s", d.Severity, d.Message))
					}
				}
				msg := "nothing reported on that line"
				if len(same) > 0 {
					msg = "reported instead: " + strings.Join(same, "; ")
				}
				t.Errorf("%s:%s: missing %s matching %q (%s)", s.name, posString(e), e.severity, e.re, msg)
			}
			for _, d := range unexpected {
				t.Errorf("unexpected %s", d.Error())
			}
		})
		if !ran {
			continue // filtered out by -run
		}
		tl := topics[s.topic]
		if tl == nil {
			tl = &tally{}
			topics[s.topic] = tl
		}
		for _, x := range []*tally{tl, total} {
			x.files++
			if !ok {
				x.failed++
			}
			for _, e := range s.expect {
				if e.severity == diag.Error {
					x.errors++
				} else {
					x.warnings++
				}
			}
		}
	}
	names := make([]string, 0, len(topics))
	for n := range topics {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "%-14s %6s %6s %7s %9s\n", "topic", "files", "failed", "errors", "warnings")
	for _, n := range append(names, "total") {
		x := total
		if n != "total" {
			x = topics[n]
		}
		fmt.Fprintf(&b, "%-14s %6d %6d %7d %9d\n", n, x.files, x.failed, x.errors, x.warnings)
	}
	t.Logf("fixture summary:\n%s", b.String())
}

// position is where a diagnostic is expected: its start, or line 1 for a diagnostic
// about the whole module, which has no position.
func position(d *diag.Diagnostic) diag.Position {
	p := d.Position()
	if p.Line == 0 {
		p.Line, p.Column = 1, 1
	}
	return p
}

func posString(e expectation) string {
	if e.column > 0 {
		return fmt.Sprintf("%d:%d", e.line, e.column)
	}
	return strconv.Itoa(e.line)
}

func TestParseAnnotations(t *testing.T) {
	src := "let a = 1; // ERROR \"x|y\" WARNING `z\\d`\n" +
		"/* ERROR@+2 \"below\" */ /* ERROR@:7 \"col\" */\n" +
		"/* nested /* comment */ still\n ERROR@-1 \"up\" */\n" +
		"// plain comment, error in prose is not an annotation\n"
	got, err := parseAnnotations([]byte(src))
	require.NoError(t, err)
	var strs []string
	for _, e := range got {
		strs = append(strs, e.String())
	}
	assert.Equal(t, []string{
		`1 error "x|y"`, `1 warning "z\\d"`, `4 error "below"`, `2:7 error "col"`, `2 error "up"`,
	}, strs)
	_, err = parseAnnotations([]byte(`// ERROR "(" `))
	assert.Error(t, err)
}
