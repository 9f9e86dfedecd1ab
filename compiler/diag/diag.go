// Package diag holds source files, positions and the diagnostics every phase of the compiler
// reports: "file.wgsl:LINE:COL: error: message", the source line, a caret under the span, and
// notes with positions of their own.
//
// Positions are byte offsets into a File's text; they are turned into 1-based line and column
// numbers (columns count Unicode code points) only when a diagnostic is printed. A program of
// several files (a WESL program) puts them in one position space: each file has a base, the
// position of its first byte, and a set (NewSet) stands for all of them, resolving a position
// to its file when it is printed. A file compiled alone has base 0: its positions are its
// offsets.
package diag

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Pos is a byte offset into a File's text. NoPos marks a missing position.
type Pos int32

// NoPos is the position of things that have none (predeclared names, synthesised nodes).
const NoPos Pos = -1

// Span is the half-open byte range [Start, End) of a construct in a File.
type Span struct {
	Start, End Pos
}

// IsValid reports whether s points into a file.
func (s Span) IsValid() bool { return s.Start >= 0 }

// Join returns the smallest span covering both a and b.
func Join(a, b Span) Span {
	if !a.IsValid() {
		return b
	}
	if !b.IsValid() {
		return a
	}
	if b.Start < a.Start {
		a.Start = b.Start
	}
	if b.End > a.End {
		a.End = b.End
	}
	return a
}

// File is one source text with a name used in diagnostics, or a set of files (NewSet).
type File struct {
	Name string
	Text []byte
	// Base is the position of Text[0]: 0 for a file of its own, the file's place in the
	// position space of its program otherwise (positions Base to Base+len(Text) are its).
	Base Pos
	// Importer is the file that imports this one on the shortest way from the program's
	// root, ImportSpan the import there; nil for the root and a file of its own. Every
	// diagnostic in the file is printed with a note per import on the way from the root.
	Importer   *File
	ImportSpan Span

	parts []*File // a set's files, by base
	lines []Pos   // byte offset of the start of each line, computed on first use
}

// NewSet returns a File that stands for files, which have distinct, increasing bases and
// do not overlap: its positions are resolved to the file that holds them. Its name is the
// first file's (the program's root).
func NewSet(files ...*File) *File {
	return &File{Name: files[0].Name, parts: files}
}

// Files returns the files of a set, or f alone.
func (f *File) Files() []*File {
	if f.parts == nil {
		return []*File{f}
	}
	return f.parts
}

// Resolve returns the file that holds position off: f itself unless f is a set. A position
// that no file of the set holds (NoPos) resolves to the first file.
func (f *File) Resolve(off Pos) *File {
	if f == nil || f.parts == nil {
		return f
	}
	i := sort.Search(len(f.parts), func(i int) bool { return f.parts[i].Base > off }) - 1
	if i < 0 {
		i = 0
	}
	return f.parts[i]
}

// Offset returns the byte offset into f.Text of a position of f.
func (f *File) Offset(p Pos) int { return int(p - f.Base) }

// NewFile returns a File for name and text. The text is not copied.
func NewFile(name string, text []byte) *File {
	return &File{Name: name, Text: text}
}

func (f *File) lineStarts() []Pos {
	if f.lines == nil {
		f.lines = append(f.lines, 0)
		t := f.Text
		for i := 0; i < len(t); i++ {
			switch t[i] {
			case '\n', '\v', '\f':
				f.lines = append(f.lines, Pos(i+1))
			case '\r':
				if i+1 < len(t) && t[i+1] == '\n' {
					i++
				}
				f.lines = append(f.lines, Pos(i+1))
			case 0xC2: // U+0085 NEXT LINE
				if i+1 < len(t) && t[i+1] == 0x85 {
					i++
					f.lines = append(f.lines, Pos(i+1))
				}
			case 0xE2: // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
				if i+2 < len(t) && t[i+1] == 0x80 && (t[i+2] == 0xA8 || t[i+2] == 0xA9) {
					i += 2
					f.lines = append(f.lines, Pos(i+1))
				}
			}
		}
	}
	return f.lines
}

// Position is a resolved, printable location: 1-based line and column (in code points).
type Position struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

func (p Position) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Position resolves a position to a file, a line and a column.
func (f *File) Position(p Pos) Position {
	if f == nil {
		return Position{}
	}
	f = f.Resolve(p)
	if p < 0 {
		return Position{File: f.Name}
	}
	off := p - f.Base
	if off < 0 {
		off = 0
	}
	if int(off) > len(f.Text) {
		off = Pos(len(f.Text))
	}
	lines := f.lineStarts()
	i := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	start := lines[i]
	col := utf8.RuneCount(f.Text[start:off]) + 1
	return Position{File: f.Name, Line: i + 1, Column: col}
}

// Line returns the text of the 1-based line n without its line break (of the first file of
// a set).
func (f *File) Line(n int) string {
	f = f.Resolve(NoPos)
	lines := f.lineStarts()
	if n < 1 || n > len(lines) {
		return ""
	}
	start := int(lines[n-1])
	end := len(f.Text)
	if n < len(lines) {
		end = int(lines[n])
	}
	s := string(f.Text[start:end])
	return strings.TrimRight(s, "\r\n\v\f\u0085\u2028\u2029")
}

// Severity orders diagnostics from the most to the least serious.
type Severity uint8

const (
	Error Severity = iota
	Warning
	Info
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	default:
		return "note"
	}
}

// Related is a secondary location attached to a diagnostic ("note: previous declaration here").
type Related struct {
	File    *File
	Span    Span
	Message string
}

// Diagnostic is one message about a span of a file.
type Diagnostic struct {
	Severity Severity
	File     *File
	Span     Span
	Message  string
	// Rule names the diagnostic filter rule that produced it (for example
	// "derivative_uniformity"), when there is one.
	Rule  string
	Notes []Related
}

// Position is the resolved start of the diagnostic's span.
func (d *Diagnostic) Position() Position { return d.File.Position(d.Span.Start) }

// Error formats the diagnostic on one line: "file:line:col: error: message".
func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s: %s", d.Position(), d.Severity, d.Message)
}

// Print writes the diagnostic with its source line, a caret under its span, and its notes,
// then, for a diagnostic in an imported file, a note per import on the way from the root.
func (d *Diagnostic) Print(w io.Writer) {
	printOne(w, d.File, d.Span, d.Severity.String(), d.Message)
	for _, n := range d.Notes {
		printOne(w, n.File, n.Span, "note", n.Message)
	}
	for _, n := range d.importNotes() {
		printOne(w, n.File, n.Span, "note", n.Message)
	}
}

// importNotes are the notes of the imports that lead from the program's root to the file of
// the diagnostic.
func (d *Diagnostic) importNotes() []Related {
	var out []Related
	if d.File == nil {
		return nil
	}
	for f := d.File.Resolve(d.Span.Start); f.Importer != nil && len(out) < 64; f = f.Importer {
		out = append(out, Related{File: f.Importer, Span: f.ImportSpan, Message: f.Name + " is imported here"})
	}
	return out
}

func printOne(w io.Writer, f *File, span Span, sev, msg string) {
	if f == nil {
		fmt.Fprintf(w, "%s: %s\n", sev, msg)
		return
	}
	f = f.Resolve(span.Start)
	p := f.Position(span.Start)
	fmt.Fprintf(w, "%s: %s: %s\n", p, sev, msg)
	if p.Line == 0 {
		return
	}
	line := f.Line(p.Line)
	fmt.Fprintf(w, "%s\n", sanitize(line))
	// The caret line mirrors tabs of the source line so the caret lands under the span.
	var b strings.Builder
	col := 1
	for _, r := range line {
		if col >= p.Column {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		col++
	}
	width := 1
	if span.End > span.Start {
		endPos := f.Position(span.End)
		if endPos.Line == p.Line {
			width = endPos.Column - p.Column
		} else {
			width = utf8.RuneCountInString(line) - p.Column + 1
		}
		if width < 1 {
			width = 1
		}
	}
	b.WriteByte('^')
	for i := 1; i < width; i++ {
		b.WriteByte('~')
	}
	fmt.Fprintf(w, "%s\n", b.String())
}

// sanitize replaces bytes that would corrupt a terminal (NUL, other controls, invalid UTF-8)
// so printing a diagnostic for binary input stays readable.
func sanitize(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || (r < 0x20 && r != '\t') || r == 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			b.WriteRune('\uFFFD')
		case (r < 0x20 && r != '\t') || r == 0x7f:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// List is a set of diagnostics; as an error it stands for all of its errors.
type List []*Diagnostic

// Error returns the first error on one line, and how many more follow.
func (l List) Error() string {
	errs := l.Errors()
	switch len(errs) {
	case 0:
		return "no errors"
	case 1:
		return errs[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", errs[0].Error(), len(errs)-1)
}

// Errors returns the diagnostics of severity Error.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders diagnostics by file, then position, keeping the order of equal positions.
func (l List) Sort() {
	if len(l) < 2 {
		return // the usual case, no diagnostic: no sorting code to run
	}
	slices.SortStableFunc(l, func(a, b *Diagnostic) int {
		an, bn := "", ""
		if a.File != nil {
			an = a.File.Resolve(a.Span.Start).Name
		}
		if b.File != nil {
			bn = b.File.Resolve(b.Span.Start).Name
		}
		if c := strings.Compare(an, bn); c != 0 {
			return c
		}
		return cmp.Compare(a.Span.Start, b.Span.Start)
	})
}

// Print writes every diagnostic in the list, each with its source line and caret.
func (l List) Print(w io.Writer) {
	for _, d := range l {
		d.Print(w)
	}
}

// JSONDiagnostic is the machine-readable form of a diagnostic, for tools.
type JSONDiagnostic struct {
	Severity string        `json:"severity"`
	Message  string        `json:"message"`
	Rule     string        `json:"rule,omitempty"`
	Start    Position      `json:"start"`
	End      Position      `json:"end"`
	Notes    []JSONRelated `json:"notes,omitempty"`
}

// JSONRelated is the machine-readable form of a note.
type JSONRelated struct {
	Message string   `json:"message"`
	Start   Position `json:"start"`
	End     Position `json:"end"`
}

// JSON encodes the list as a JSON array of JSONDiagnostic, one stable form for tools.
func (l List) JSON() ([]byte, error) {
	out := make([]JSONDiagnostic, 0, len(l))
	for _, d := range l {
		jd := JSONDiagnostic{
			Severity: d.Severity.String(),
			Message:  d.Message,
			Rule:     d.Rule,
			Start:    d.File.Position(d.Span.Start),
			End:      d.File.Position(d.Span.End),
		}
		for _, n := range append(d.Notes[:len(d.Notes):len(d.Notes)], d.importNotes()...) {
			jd.Notes = append(jd.Notes, JSONRelated{
				Message: n.Message,
				Start:   n.File.Position(n.Span.Start),
				End:     n.File.Position(n.Span.End),
			})
		}
		out = append(out, jd)
	}
	return json.MarshalIndent(out, "", "  ")
}

// Reporter collects diagnostics for one file; phases embed it or hold one.
type Reporter struct {
	File  *File
	Diags List
	// Limit stops collecting errors after this many (0: no limit), so runaway input cannot
	// produce unbounded output.
	Limit int

	errors int
}

// Errorf records an error at span.
func (r *Reporter) Errorf(span Span, format string, args ...any) *Diagnostic {
	return r.add(Error, span, fmt.Sprintf(format, args...))
}

// Warningf records a warning at span.
func (r *Reporter) Warningf(span Span, format string, args ...any) *Diagnostic {
	return r.add(Warning, span, fmt.Sprintf(format, args...))
}

// Add records a diagnostic of any severity at span.
func (r *Reporter) Add(sev Severity, span Span, msg string) *Diagnostic {
	return r.add(sev, span, msg)
}

func (r *Reporter) add(sev Severity, span Span, msg string) *Diagnostic {
	d := &Diagnostic{Severity: sev, File: r.File, Span: span, Message: msg}
	if sev == Error {
		if r.Limit > 0 && r.errors >= r.Limit {
			return d // dropped: the caller may still attach notes harmlessly
		}
		r.errors++
	}
	r.Diags = append(r.Diags, d)
	return d
}

// ErrorCount is the number of errors recorded so far.
func (r *Reporter) ErrorCount() int { return r.errors }

// Note attaches a related location to d.
func (d *Diagnostic) Note(f *File, span Span, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, Related{File: f, Span: span, Message: fmt.Sprintf(format, args...)})
	return d
}

// EditDistance is the Levenshtein distance between a and b, for suggesting a name close to
// a misspelt one. Beyond 64 bytes it does not count and returns a distance larger than any
// suggestion allows.
func EditDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
