package syntax

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

func parseString(name, src string, d Dialect) (*File, diag.List) {
	return Parse(diag.NewFile(name, []byte(src)), Options{Dialect: d})
}

func errorText(l diag.List) string {
	var b strings.Builder
	for _, d := range l.Errors() {
		b.WriteString(d.Error())
		b.WriteByte('\n')
	}
	return b.String()
}

// wrapSpecExample turns an example of index.bs into a module according to its scope class.
func wrapSpecExample(e specExample) string {
	switch {
	case e.has("function-scope"):
		return "fn wrapper() {\n" + e.Text + "\n}\n"
	case e.has("type-scope"):
		return "alias wrapper_t =\n" + e.Text + "\n;\n"
	}
	return e.Text
}

// Headings of examples of index.bs marked expect-error whose error is a syntax error; they
// must not parse. The current draft has none: its expect-error examples show semantic
// errors (behaviour analysis, unknown extensions) and must parse.
var specSyntaxErrorExamples = map[string]bool{}

// TestSpecExamples parses every WGSL example of the modern spec: those the spec presents
// as valid must parse without errors, function-scope fragments inside a function and
// type-scope fragments as an alias.
func TestSpecExamples(t *testing.T) {
	bs := readReference(t, "wgsl/index.bs")
	examples := specExamples(bs)
	if len(examples) < 100 {
		t.Fatalf("found only %d examples in index.bs; has its markup changed?", len(examples))
	}
	var valid, expectError, semanticErrors, fragmentsWrapped, nonWGSL int
	for _, e := range examples {
		name := fmt.Sprintf("index.bs:%d", e.Line)
		if !e.has("wgsl") {
			// Unclassified illustrations (expression lists, examples of semantic errors):
			// they are syntactically valid as a module or as a list of expressions.
			nonWGSL++
			var first string
			for _, src := range []string{e.Text, "fn wrapper() {\n" + e.Text + "\n}\n", perLine(e.Text, "const wrapper_c = ", "\n;")} {
				_, diags := parseString(name, src, DialectModern)
				if !diags.HasErrors() {
					first = ""
					break
				}
				if first == "" {
					first = errorText(diags)
				}
			}
			if first != "" {
				t.Errorf("%s (%s): illustration parses neither as a module, a function body nor an expression list:\n%s", name, e.Heading, first)
			}
			continue
		}
		src := wrapSpecExample(e)
		if src != e.Text {
			fragmentsWrapped++
		}
		f, diags := parseString(name, src, DialectModern)
		if e.has("expect-error") {
			expectError++
			switch {
			case specSyntaxErrorExamples[e.Heading] && !diags.HasErrors():
				t.Errorf("%s (%s): expected a syntax error", name, e.Heading)
			case !specSyntaxErrorExamples[e.Heading] && diags.HasErrors():
				t.Errorf("%s (%s): expect-error example with a semantic error should parse:\n%s", name, e.Heading, errorText(diags))
			default:
				semanticErrors++
			}
			continue
		}
		if diags.HasErrors() {
			t.Errorf("%s (%s): valid example does not parse:\n%s\n%s", name, e.Heading, errorText(diags), src)
			continue
		}
		if f.Dialect != DialectModern {
			t.Errorf("%s: dialect %v", name, f.Dialect)
		}
		if auto, _ := parseString(name, src, DialectAuto); auto.Dialect != DialectModern {
			t.Errorf("%s (%s): auto-detected as %v", name, e.Heading, auto.Dialect)
		}
		valid++
	}
	t.Logf("index.bs: %d examples: %d valid WGSL examples parsed (%d of them fragments wrapped by scope), "+
		"%d expect-error examples (%d semantic errors parse, %d syntax errors rejected), %d unclassified illustrations parsed",
		len(examples), valid, fragmentsWrapped, expectError, semanticErrors, expectError-semanticErrors, nonWGSL)
}

// seedKind classifies a code block of the 2021 draft.
func seedKind(text string) string {
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == ":" || strings.HasPrefix(l, ": ") || strings.HasPrefix(l, "| ") {
			return "grammar"
		}
	}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "//") {
			continue
		}
		if strings.HasPrefix(l, "%") || strings.HasPrefix(l, "Op") || strings.HasPrefix(l, "`") {
			return "spirv"
		}
		if strings.HasPrefix(l, "int ") || strings.Contains(l, "(int ") || strings.HasPrefix(l, "TODO") {
			return "other language"
		}
	}
	return "wgsl"
}

// seedWrappings are the ways a code block of the draft is turned into a module, tried in
// order: as a module, as function statements, as a list of builtin function signatures,
// as a list of types and as a list of expressions.
var seedWrappings = []struct {
	name string
	wrap func(string) string
}{
	{"module", func(s string) string { return s }},
	{"function body", func(s string) string { return "fn wrapper() -> void {\n" + s + "\n}\n" }},
	{"signatures", func(s string) string { return perLine(s, "fn ", " {}") }},
	{"types", func(s string) string { return perLine(s, "type wrapper_t = ", "\n;") }},
	{"expressions", func(s string) string { return perLine(s, "const wrapper_c = ", "\n;") }},
}

func perLine(s, prefix, suffix string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		b.WriteString(prefix + l + suffix + "\n")
	}
	return b.String()
}

// TestSeedExamples parses every WGSL code block of the 2021 draft with
// DialectLegacy2021 and with auto-detection.
func TestSeedExamples(t *testing.T) {
	text := readReference(t, "seeds/000_2bdf7c9d925e3a16.txt")
	blocks := seedBlocks(text)
	counts := map[string]int{}
	wrapped := map[string]int{}
	for _, b := range blocks {
		kind := seedKind(b.Text)
		counts[kind]++
		if kind != "wgsl" {
			continue
		}
		name := fmt.Sprintf("seed:%d", b.Line)
		ok := false
		var firstErr string
		for _, w := range seedWrappings {
			src := w.wrap(b.Text)
			_, diags := parseString(name, src, DialectLegacy2021)
			if diags.HasErrors() {
				if firstErr == "" {
					firstErr = errorText(diags)
				}
				continue
			}
			ok = true
			wrapped[w.name]++
			f, autoDiags := parseString(name, src, DialectAuto)
			if autoDiags.HasErrors() {
				t.Errorf("%s: parses as legacy but not with auto-detection (detected %v):\n%s\n%s", name, f.Dialect, errorText(autoDiags), src)
			}
			break
		}
		if !ok {
			t.Errorf("%s: no wrapping parses; as a module:\n%s\n%s", name, firstErr, b.Text)
		}
	}
	t.Logf("2021 draft: %d code blocks: %d WGSL (%v), skipped %d grammar, %d SPIR-V or mixed, %d other",
		len(blocks), counts["wgsl"], wrapped, counts["grammar"], counts["spirv"], counts["other language"])
}
