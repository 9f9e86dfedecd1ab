package sema_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
//	options: uniform_standard_layout webgpu_limits tests
//
// Files under testdata/legacy2021/ are parsed in the 2021 draft dialect, all others in
// modern WGSL. Files under testdata/limits/ are checked with WebGPULimits, which makes the
// spec's limits errors.
//
// Expected diagnostics are comments in the source, in the manner of go/types' testdata:
//
//	let x: u32 = -1; // ERROR "value -1 does not fit in u32"
//	return; x = 1;   // WARNING "unreachable"
//	let y = x;       // ERRORx "cannot .* to i32"
//	/* ERROR@+2 "..." */      expected two lines below the comment
//	/* ERROR@:14 "..." */     expected at column 14 of the comment's line
//
// ERROR and WARNING take a literal text, which the message must contain; ERRORx and
// WARNINGx a Go regexp matched against the message. The text is a Go string literal, or a
// raw `...` literal. A diagnostic about the whole module, without a position, is expected on
// line 1. Several annotations may share a comment or a line. Every expected diagnostic must be
// reported on its line (and column, when given), and every error or warning reported must be
// expected on its line. A fixture without annotations must check cleanly.
//
// go test -run TestFixtures -fix rewrites every ERRORx and WARNINGx annotation that matches
// as the ERROR or WARNING of the whole message (or messages) it matches: write a regexp while
// a message is in flux, then pin it.

var (
	showDiags = flag.Bool("show", false, "log every diagnostic of every fixture")
	fix       = flag.Bool("fix", false, "rewrite each ERRORx and WARNINGx annotation as the literal message it matches")
)

// A source is one WGSL text of a fixture.
type source struct {
	name    string // path relative to testdata, with "/file.wgsl" appended for txtar members
	path    string // the file on disk: the .wgsl file or the txtar archive
	member  string // the txtar member, or ""
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
	column   int            // 0: any
	text     string         // ERROR, WARNING: a text the message contains
	re       *regexp.Regexp // ERRORx, WARNINGx: a regexp the message matches
	// keyword is the annotation's keyword with its position (ERROR@+2), and start and end
	// the annotation's byte range in the source, for -fix.
	keyword    string
	start, end int
}

func (e expectation) String() string {
	pos := strconv.Itoa(e.line)
	if e.column > 0 {
		pos += ":" + strconv.Itoa(e.column)
	}
	return pos + " " + e.want()
}

// want says what e expects: `error "text"` or `error matching "regexp"`.
func (e expectation) want() string {
	if e.re != nil {
		return fmt.Sprintf("%s matching %q", e.severity, e.re)
	}
	return fmt.Sprintf("%s %q", e.severity, e.text)
}

// matches reports whether msg is what e expects.
func (e expectation) matches(msg string) bool {
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.text)
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
			src := newSource(t, rel, topic, text, dialect, sema.Options{WebGPULimits: topic == "limits"})
			src.path = path
			out = append(out, src)
		case ".txtar":
			a, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			opts := txtarOptions(t, rel, string(a.Comment))
			n := 0
			for _, f := range a.Files {
				if strings.HasSuffix(f.Name, ".wgsl") {
					src := newSource(t, rel+"/"+f.Name, topic, f.Data, dialect, opts)
					src.path, src.member = path, f.Name
					out = append(out, src)
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
			case "tests":
				opts.Tests = true
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
var annotationRx = regexp.MustCompile("\\b(ERROR|WARNING)(x?)(@([+-][0-9]+)?(:[0-9]+)?)?\\s+(\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)")

// parseAnnotations finds the annotations in the comments of a WGSL text. WGSL has no
// string literals, so comments are found lexically; block comments nest.
func parseAnnotations(text []byte) ([]expectation, error) {
	var out []expectation
	line := 1
	// add reads the annotations of the comment at offset off, on line at.
	add := func(comment string, off, at int) error {
		for _, ix := range annotationRx.FindAllStringSubmatchIndex(comment, -1) {
			sub := func(i int) string {
				if ix[2*i] < 0 {
					return ""
				}
				return comment[ix[2*i]:ix[2*i+1]]
			}
			e := expectation{severity: diag.Error, line: at, start: off + ix[0], end: off + ix[1]}
			if sub(1) == "WARNING" {
				e.severity = diag.Warning
			}
			e.keyword = sub(1) + sub(3)
			if d := sub(4); d != "" {
				n, _ := strconv.Atoi(d)
				e.line += n
			}
			if c := sub(5); c != "" {
				e.column, _ = strconv.Atoi(c[1:])
			}
			text, err := strconv.Unquote(sub(6))
			if err != nil {
				return fmt.Errorf("line %d: bad annotation %s: %v", at, sub(0), err)
			}
			if sub(2) == "" {
				if text == "" {
					return fmt.Errorf("line %d: empty annotation %s", at, sub(0))
				}
				e.text = text
			} else if e.re, err = regexp.Compile(text); err != nil {
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
			if err := add(string(text[i+2:j]), i+2, line); err != nil {
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
			if err := add(string(text[i:min(j+1, len(text))]), i, start); err != nil {
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
			if e.severity == d.Severity && e.line == p.Line && (e.column == 0 || e.column == p.Column) && e.matches(d.Message) {
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
	fixed := map[string]map[string][]byte{} // -fix: path -> txtar member ("" for .wgsl) -> text
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
			if *fix {
				if text, ok := pinned(s, got); ok {
					if fixed[s.path] == nil {
						fixed[s.path] = map[string][]byte{}
					}
					fixed[s.path][s.member] = text
					s.text = text
					var err error
					s.expect, err = parseAnnotations(text)
					require.NoError(t, err)
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
				t.Errorf("%s:%s: missing %s (%s)", s.name, posString(e), e.want(), msg)
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
	writeFixed(t, fixed)
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

// pinned returns the text of s with each ERRORx and WARNINGx annotation that matches a
// diagnostic of got replaced by the ERROR or WARNING of each distinct message it matches,
// and whether it changed anything.
func pinned(s *source, got diag.List) ([]byte, bool) {
	type edit struct {
		start, end int
		repl       string
	}
	var edits []edit
	for _, e := range s.expect {
		if e.re == nil {
			continue
		}
		var msgs []string
		for _, d := range got {
			p := position(d)
			if e.severity == d.Severity && e.line == p.Line && (e.column == 0 || e.column == p.Column) &&
				e.re.MatchString(d.Message) && !slices.Contains(msgs, d.Message) {
				msgs = append(msgs, d.Message)
			}
		}
		if len(msgs) == 0 {
			continue // reported as missing
		}
		parts := make([]string, len(msgs))
		for i, m := range msgs {
			parts[i] = e.keyword + " " + strconv.Quote(m)
		}
		edits = append(edits, edit{e.start, e.end, strings.Join(parts, " ")})
	}
	if len(edits) == 0 {
		return nil, false
	}
	text := slices.Clone(s.text)
	for i := len(edits) - 1; i >= 0; i-- { // annotations are in text order
		e := edits[i]
		text = append(text[:e.start], append([]byte(e.repl), text[e.end:]...)...)
	}
	return text, true
}

// writeFixed writes the fixtures -fix changed: .wgsl files, and txtar archives with the
// changed members.
func writeFixed(t *testing.T, fixed map[string]map[string][]byte) {
	for path, members := range fixed {
		if text, ok := members[""]; ok {
			require.NoError(t, os.WriteFile(path, text, 0o644))
			continue
		}
		a, err := txtar.ParseFile(path)
		require.NoError(t, err)
		for i, f := range a.Files {
			if text, ok := members[f.Name]; ok {
				a.Files[i].Data = text
			}
		}
		require.NoError(t, os.WriteFile(path, txtar.Format(a), 0o644))
	}
	if len(fixed) > 0 {
		t.Logf("-fix rewrote %d files", len(fixed))
	}
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
	src := "let a = 1; // ERRORx \"x|y\" WARNINGx `z\\d`\n" +
		"/* ERROR@+2 \"below\" */ /* ERROR@:7 \"col (a|b)\" */\n" +
		"/* nested /* comment */ still\n WARNING@-1 \"up\" */\n" +
		"// plain comment, error in prose is not an annotation\n"
	got, err := parseAnnotations([]byte(src))
	require.NoError(t, err)
	var strs []string
	for _, e := range got {
		strs = append(strs, e.String())
	}
	assert.Equal(t, []string{
		`1 error matching "x|y"`, `1 warning matching "z\\d"`, `4 error "below"`, `2:7 error "col (a|b)"`, `2 warning "up"`,
	}, strs)
	// A literal is a substring, a regexp a regexp.
	assert.True(t, got[3].matches("the col (a|b) here"))
	assert.False(t, got[3].matches("col a"))
	assert.True(t, got[0].matches("y"))
	assert.Equal(t, "ERROR@:7", got[3].keyword)
	assert.Equal(t, `ERROR@:7 "col (a|b)"`, src[got[3].start:got[3].end])
	_, err = parseAnnotations([]byte(`// ERRORx "(" `))
	assert.Error(t, err)
	_, err = parseAnnotations([]byte(`// ERROR "" `))
	assert.Error(t, err)
}

// -fix pins each regexp annotation to the messages it matches, in .wgsl files and in txtar
// members, and leaves literal annotations and those that match nothing alone.
func TestFixPins(t *testing.T) {
	src := []byte("let a = 1; // ERRORx \"val.e\" keep this\n" +
		"/* WARNINGx@+1 `.*` */\n" +
		"let b = 2; // ERROR \"lit\" ERRORx \"nothing\"\n")
	s := &source{text: src}
	var err error
	s.expect, err = parseAnnotations(src)
	require.NoError(t, err)
	f := diag.NewFile("t.wgsl", src)
	at := func(off int) diag.Span { return diag.Span{Start: diag.Pos(off), End: diag.Pos(off + 1)} }
	line3 := bytes.Index(src, []byte("let b"))
	got := diag.List{
		{Severity: diag.Error, File: f, Span: at(4), Message: `a value "quoted"`},
		{Severity: diag.Warning, File: f, Span: at(line3), Message: "one"},
		{Severity: diag.Warning, File: f, Span: at(line3 + 4), Message: "two"},
	}
	text, ok := pinned(s, got)
	require.True(t, ok)
	assert.Equal(t, "let a = 1; // ERROR \"a value \\\"quoted\\\"\" keep this\n"+
		"/* WARNING@+1 \"one\" WARNING@+1 \"two\" */\n"+
		"let b = 2; // ERROR \"lit\" ERRORx \"nothing\"\n", string(text))

	dir := t.TempDir()
	wgsl, archive := filepath.Join(dir, "a.wgsl"), filepath.Join(dir, "b.txtar")
	require.NoError(t, os.WriteFile(wgsl, src, 0o644))
	require.NoError(t, os.WriteFile(archive, []byte("options: x\n-- one.wgsl --\nold\n-- two.wgsl --\nkept\n"), 0o644))
	writeFixed(t, map[string]map[string][]byte{wgsl: {"": text}, archive: {"one.wgsl": []byte("new\n")}})
	b, err := os.ReadFile(wgsl)
	require.NoError(t, err)
	assert.Equal(t, string(text), string(b))
	b, err = os.ReadFile(archive)
	require.NoError(t, err)
	assert.Equal(t, "options: x\n-- one.wgsl --\nnew\n-- two.wgsl --\nkept\n", string(b))
}
