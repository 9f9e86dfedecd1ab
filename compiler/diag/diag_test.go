package diag

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPositionCountsCodePoints(t *testing.T) {
	f := NewFile("a.wgsl", []byte("let é = 1;\r\n  x\u2028y"))
	assert.Equal(t, Position{"a.wgsl", 1, 1}, f.Position(0))
	// "let é = " is 9 bytes (é is two) and 8 code points: offset 9 is column 9.
	assert.Equal(t, Position{"a.wgsl", 1, 9}, f.Position(9))
	assert.Equal(t, Position{"a.wgsl", 2, 3}, f.Position(15))
	assert.Equal(t, Position{"a.wgsl", 3, 1}, f.Position(Pos(len(f.Text)-1)))
	assert.Equal(t, "  x", f.Line(2))
}

func TestPrintCaretUnderSpan(t *testing.T) {
	f := NewFile("s.wgsl", []byte("fn main() {\n\tlet x = foo;\n}\n"))
	var r Reporter
	r.File = f
	d := r.Errorf(Span{Start: 21, End: 24}, "unresolved identifier '%s'", "foo")
	d.Note(f, Span{Start: 0, End: 2}, "in this function")
	var b bytes.Buffer
	r.Diags.Print(&b)
	want := "s.wgsl:2:10: error: unresolved identifier 'foo'\n" +
		"\tlet x = foo;\n" +
		"\t        ^~~\n" +
		"s.wgsl:1:1: note: in this function\n" +
		"fn main() {\n" +
		"^~\n"
	assert.Equal(t, want, b.String())
	assert.Equal(t, "s.wgsl:2:10: error: unresolved identifier 'foo'", r.Diags.Error())
}

func TestListJSONAndLimit(t *testing.T) {
	f := NewFile("j.wgsl", []byte("x\x00y"))
	r := Reporter{File: f, Limit: 2}
	r.Errorf(Span{1, 2}, "NUL byte")
	r.Warningf(Span{0, 1}, "w")
	r.Errorf(Span{2, 3}, "second")
	r.Errorf(Span{2, 3}, "dropped")
	require.Len(t, r.Diags, 3)
	assert.Equal(t, 2, r.ErrorCount())
	js, err := r.Diags.JSON()
	require.NoError(t, err)
	assert.Contains(t, string(js), `"severity": "warning"`)
	assert.Contains(t, string(js), `"column": 2`)
	var b bytes.Buffer
	r.Diags[0].Print(&b)
	assert.Contains(t, b.String(), "x\uFFFDy")
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"textureSampel", "textureSample", 2}, {"vec3", "vec4", 1},
	} {
		assert.Equal(t, tc.d, EditDistance(tc.a, tc.b), "%q %q", tc.a, tc.b)
		assert.Equal(t, tc.d, EditDistance(tc.b, tc.a), "%q %q", tc.b, tc.a)
	}
	long := strings.Repeat("a", 65)
	assert.Greater(t, EditDistance(long, long), 1000, "beyond 64 bytes nothing is close")
}

// TestListSort: by file name, then position; diagnostics at one position keep their order,
// and those of no file come first.
func TestListSort(t *testing.T) {
	a := NewFile("a.wgsl", []byte("fn f() {}\nfn g() {}\n"))
	b := NewFile("b.wgsl", []byte("fn h() {}\n"))
	d := func(f *File, start Pos, msg string) *Diagnostic {
		return &Diagnostic{Severity: Error, File: f, Span: Span{Start: start, End: start}, Message: msg}
	}
	l := List{d(b, 3, "b3"), d(a, 12, "a12 first"), d(a, 3, "a3"), d(nil, 0, "none"), d(a, 12, "a12 second"), d(b, 0, "b0")}
	l.Sort()
	var got []string
	for _, x := range l {
		got = append(got, x.Message)
	}
	assert.Equal(t, []string{"none", "a3", "a12 first", "a12 second", "b0", "b3"}, got)
	List(nil).Sort()
	List{d(b, 3, "alone")}.Sort()
}
