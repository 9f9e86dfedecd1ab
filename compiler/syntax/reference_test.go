package syntax

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

func readReference(t testing.TB, rel string) string {
	t.Helper()
	b, err := os.ReadFile(oracle.Reference(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// specExample is one WGSL example of the modern spec (index.bs).
type specExample struct {
	Line    int      // line of the <div> in index.bs
	Heading string   // heading attribute, if any
	Classes []string // classes of the example div
	Text    string   // the code inside <xmp>
}

func (e specExample) has(class string) bool {
	for _, c := range e.Classes {
		if c == class {
			return true
		}
	}
	return false
}

var (
	exampleDivRE = regexp.MustCompile(`(?s)<div class=['"]([^'"]*\bexample\b[^'"]*)['"]([^>]*)>`)
	headingRE    = regexp.MustCompile(`heading=['"]([^'"]*)['"]`)
	xmpRE        = regexp.MustCompile(`(?s)\A\s*<xmp highlight=wgsl>(.*?)</xmp>`)
)

// specExamples extracts the examples of index.bs: a <div class='example ...'> whose body
// starts with an <xmp highlight=wgsl> block.
func specExamples(bs string) []specExample {
	var out []specExample
	for _, m := range exampleDivRE.FindAllStringSubmatchIndex(bs, -1) {
		classes := strings.Fields(bs[m[2]:m[3]])
		attrs := bs[m[4]:m[5]]
		x := xmpRE.FindStringSubmatch(bs[m[1]:])
		if x == nil {
			continue
		}
		e := specExample{
			Line:    strings.Count(bs[:m[0]], "\n") + 1,
			Classes: classes,
			Text:    x[1],
		}
		if h := headingRE.FindStringSubmatch(attrs); h != nil {
			e.Heading = h[1]
		}
		out = append(out, e)
	}
	return out
}

// seedExample is one code block of the 2021 draft (a ``` block of the seed text).
type seedExample struct {
	Line int
	Text string
}

// seedBlocks extracts the ``` code blocks of the 2021 draft's text. The text puts the
// first line of code on the line of the opening fence.
func seedBlocks(text string) []seedExample {
	var out []seedExample
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		start := i
		var b strings.Builder
		b.WriteString(strings.TrimPrefix(lines[i], "```"))
		b.WriteByte('\n')
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			b.WriteString(lines[i])
			b.WriteByte('\n')
		}
		out = append(out, seedExample{Line: start + 1, Text: b.String()})
	}
	return out
}
