package builtins

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// The tests in this file read the WGSL spec source and check the table against it: every
// builtin function the spec defines, with its parameter names and attributes, every built-in
// value, every extension name.

// specSource returns the text of the WGSL spec (see oracle.Reference).
func specSource(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(oracle.Reference(t, "wgsl/index.bs"))
	require.NoError(t, err)
	return string(data)
}

// section returns the text from start up to the next end, or to the end of src when end is
// empty.
func section(t *testing.T, src, start, end string) string {
	t.Helper()
	i := strings.Index(src, start)
	require.GreaterOrEqual(t, i, 0, "spec has no %q", start)
	if end == "" {
		return src[i:]
	}
	j := strings.Index(src[i+len(start):], end)
	require.GreaterOrEqual(t, j, 0, "spec has no %q after %q", end, start)
	return src[i : i+len(start)+j]
}

var headingName = regexp.MustCompile("(?m)^#{2,5} `(\\w+)`")

// specSignature is what the audit compares of one overload: its attributes, name,
// parameter names and whether it returns something.
func specKey(attrs []string, name string, params []string, result bool) string {
	sort.Strings(attrs)
	k := strings.Join(attrs, " ") + " fn " + name + "(" + strings.Join(params, ", ") + ")"
	if result {
		k += " -> _"
	}
	return strings.TrimSpace(k)
}

// codeBlocks returns the WGSL code of the builtin chapter that is not in an example: the
// contents of <xmp> elements and ```wgsl fences.
func codeBlocks(chapter string) []string {
	var blocks []string
	var cur []string
	inExample, inCode := false, false
	for _, line := range strings.Split(chapter, "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trim, "<div class='example") || strings.HasPrefix(trim, `<div class="example`):
			inExample = true
		case inExample && strings.HasPrefix(trim, "</div>"):
			inExample = false
		case inExample:
		case inCode && (strings.Contains(trim, "</xmp>") || trim == "```"):
			cur = append(cur, strings.Split(trim, "</xmp>")[0])
			blocks = append(blocks, strings.Join(cur, " "))
			cur, inCode = nil, false
		case inCode:
			cur = append(cur, trim)
		case strings.Contains(trim, "<xmp"):
			rest := trim[strings.Index(trim, ">")+1:]
			if before, ok := strings.CutSuffix(rest, "</xmp>"); ok {
				blocks = append(blocks, before)
			} else {
				cur, inCode = []string{rest}, true
			}
		case trim == "```wgsl":
			cur, inCode = nil, true
		}
	}
	return blocks
}

var fnRe = regexp.MustCompile(`((?:@\w+\s+)*)\bfn\s+(\w+)\s*`)

// specSignatures parses the overload signatures in the chapter's code blocks.
func specSignatures(chapter string) map[string]bool {
	out := map[string]bool{}
	for _, code := range codeBlocks(chapter) {
		for _, m := range fnRe.FindAllStringSubmatchIndex(code, -1) {
			attrs := strings.Fields(code[m[2]:m[3]])
			name := code[m[4]:m[5]]
			rest := code[m[1]:]
			if strings.HasPrefix(rest, "<") { // template list, possibly nested
				depth := 0
				for i, c := range rest {
					if c == '<' {
						depth++
					} else if c == '>' {
						depth--
						if depth == 0 {
							rest = strings.TrimSpace(rest[i+1:])
							break
						}
					}
				}
			}
			close := strings.IndexByte(rest, ')')
			if !strings.HasPrefix(rest, "(") || close < 0 {
				continue
			}
			params := specParams(rest[1:close])
			result := strings.HasPrefix(strings.TrimSpace(rest[close+1:]), "->")
			if name == "T" || name == "S" { // the zero-value and structure constructors
				continue
			}
			out[specKey(attrs, name, params, result)] = true
		}
	}
	return out
}

// specParams returns the parameter names of a parameter list; "e1 : T, ..., eN : T" becomes
// e1 ... eN when N is a number and "e1...eN" otherwise.
func specParams(list string) []string {
	var names []string
	depth, start := 0, 0
	var parts []string
	for i, c := range list {
		switch c {
		case '<':
			depth++
		case '>':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, list[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(list[start:]) != "" {
		parts = append(parts, list[start:])
	}
	for i := 0; i < len(parts); i++ {
		p := strings.TrimSpace(parts[i])
		if p == "..." && i > 0 && i+1 < len(parts) {
			first := names[len(names)-1]
			last, _, _ := strings.Cut(strings.TrimSpace(parts[i+1]), ":")
			last = strings.TrimSpace(last)
			prefix := strings.TrimRight(first, "0123456789")
			suffix := strings.TrimPrefix(last, prefix)
			if n, ok := atoi(suffix); ok {
				from, _ := atoi(strings.TrimPrefix(first, prefix))
				for k := from + 1; k <= n; k++ {
					names = append(names, prefix+itoa(k))
				}
			} else {
				names[len(names)-1] = first + "..." + last
			}
			i++
			continue
		}
		name, _, _ := strings.Cut(p, ":")
		names = append(names, strings.TrimSpace(name))
	}
	return names
}

func atoi(s string) (int, bool) {
	n := 0
	if s == "" {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func itoa(n int) string {
	if n >= 10 {
		return itoa(n/10) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// tableSignatures is the same view of our table.
func tableSignatures() map[string]bool {
	out := map[string]bool{}
	for _, o := range allOverloads() {
		var attrs, params []string
		if o.Const {
			attrs = append(attrs, "@const")
		}
		if o.MustUse {
			attrs = append(attrs, "@must_use")
		}
		for _, p := range o.Params {
			params = append(params, p.Name)
		}
		if o.Variadic {
			params[len(params)-1] = "e1...eN"
		}
		out[specKey(attrs, o.Name, params, o.result != nil)] = true
	}
	return out
}

func builtinChapter(t *testing.T, src string) string {
	return section(t, src, "# Built-in Functions # {#builtin-functions}", "# Grammar for Recursive Descent Parsing #")
}

func TestSpecBuiltinNames(t *testing.T) {
	chapter := builtinChapter(t, specSource(t))
	spec := map[string]bool{}
	for _, m := range headingName.FindAllStringSubmatch(chapter, -1) {
		spec[m[1]] = true
	}
	for name := range spec {
		assert.True(t, IsBuiltin(name), "the spec defines %s, the table does not", name)
	}
	for _, name := range Names() {
		assert.True(t, spec[name], "the table has %s, the spec has no section for it", name)
	}
	t.Logf("%d builtin functions and constructors in the spec, %d in the table", len(spec), len(Names()))
	assert.Greater(t, len(spec), 150)
}

func TestSpecSignatures(t *testing.T) {
	spec := specSignatures(builtinChapter(t, specSource(t)))
	ours := tableSignatures()
	require.Greater(t, len(spec), 200, "the spec's signatures were not found; did the markup change?")
	t.Logf("%d distinct signatures in the spec, %d in the table", len(spec), len(ours))
	for k := range spec {
		assert.True(t, ours[k], "spec overload missing from the table (attributes, name, parameter names, result): %s", k)
	}
	for k := range ours {
		assert.True(t, spec[k], "table overload not in the spec: %s", k)
	}
}

var valueRef = regexp.MustCompile(`\[=built-in values/(\w+)=\]`)

func TestSpecBuiltinValues(t *testing.T) {
	src := specSource(t)
	spec := map[string]bool{}
	table := section(t, src, "<caption>Built-in input and output values</caption>", "</table>")
	for _, m := range valueRef.FindAllStringSubmatch(table, -1) {
		spec[m[1]] = true
	}
	names := section(t, src, "### Built-in Value Names ###", "### Diagnostic Rule Names ###")
	for _, m := range regexp.MustCompile(`for="built-in values" lt=(\w+)>`).FindAllStringSubmatch(names, -1) {
		spec[m[1]] = true
	}
	require.Greater(t, len(spec), 15)
	for name := range spec {
		_, ok := LookupValue(name)
		assert.True(t, ok, "the spec defines built-in value %s, the table does not", name)
	}
	for _, v := range Values() {
		assert.True(t, spec[v.Name], "built-in value %s is not in the spec", v.Name)
	}
}

func TestSpecExtensionNames(t *testing.T) {
	src := specSource(t)
	names := section(t, src, "### Extension Names ###", "### Interpolation Type Names ###")
	enable := regexp.MustCompile(`<a for=extension lt=(\w+)>`).FindAllStringSubmatch(names, -1)
	lang := regexp.MustCompile(`<a for=language_extension lt=(\w+)>`).FindAllStringSubmatch(names, -1)
	require.NotEmpty(t, enable)
	require.NotEmpty(t, lang)
	var specExt, specLang, ours []string
	for _, m := range enable {
		specExt = append(specExt, m[1])
	}
	for _, m := range lang {
		specLang = append(specLang, m[1])
	}
	for _, e := range Extensions() {
		ours = append(ours, e.String())
	}
	assert.Equal(t, specExt, ours, "enable-extensions, in the spec's order")
	ours = nil
	for _, f := range Features() {
		ours = append(ours, f.String())
	}
	assert.Equal(t, specLang, ours, "language extensions, in the spec's order")

	// The language-extension table names the builtins each one adds: those need it.
	langTable := section(t, src, "<caption>Language extensions</caption>", "</table>")
	link := regexp.MustCompile(`\[\[#[\w-]+\|(\w+)\]\]`)
	for _, row := range strings.Split(langTable, "<tr>")[1:] {
		m := regexp.MustCompile(`language_extension">(\w+)<`).FindStringSubmatch(row)
		if m == nil {
			continue
		}
		f, ok := ParseFeature(m[1])
		require.True(t, ok)
		for _, l := range link.FindAllStringSubmatch(row, -1) {
			b, ok := Lookup(l[1])
			if !ok {
				continue
			}
			needs := false
			for _, o := range b.Overloads {
				needs = needs || o.Feature == f
			}
			assert.True(t, needs, "%s is added by %s but no overload needs it", b.Name, f)
		}
	}
}

// TestSpecStages checks the stage, extension and feature each section of the chapter
// imposes on its functions.
func TestSpecStages(t *testing.T) {
	chapter := builtinChapter(t, specSource(t))
	sections := []struct {
		heading, next, phrase string
		stages                Stage
		ext                   Extension
		feature               Feature
	}{
		{"## Derivative Built-in Functions ##", "## Texture Built-in Functions ##",
			"only be used in a [=fragment=] shader stage", Fragment, NoExtension, NoFeature},
		{"## Atomic Built-in Functions ##", "## Data Packing Built-in Functions ##",
			"must not=] be used in a [=vertex=] shader stage", Fragment | Compute, NoExtension, NoFeature},
		{"## Synchronization Built-in Functions ##", "## Subgroup Built-in Functions ##",
			"only be used in\nthe [=compute=] shader stage", Compute, NoExtension, NoFeature},
		{"## Subgroup Built-in Functions ##", "## Quad Operations ##",
			"only be used in a [=fragment=] or [=compute=] shader stage", Fragment | Compute, ExtSubgroups, NoFeature},
		{"## Quad Operations ##", "## Buffer View Built-in Functions ##",
			"only be used in a [=fragment=] or [=compute=] shader stage", Fragment | Compute, ExtSubgroups, NoFeature},
		{"## Buffer View Built-in Functions ##", "",
			"require the [=language_extension/buffer_view=] language feature", AllStages, NoExtension, BufferView},
	}
	for _, s := range sections {
		text := section(t, chapter, s.heading, s.next)
		assert.Contains(t, text, s.phrase, s.heading)
		for _, m := range headingName.FindAllStringSubmatch(text, -1) {
			b, ok := Lookup(m[1])
			require.True(t, ok, m[1])
			for _, o := range b.Overloads {
				assert.Equal(t, s.stages, o.Stages, "%s stages", o.Name)
				assert.Equal(t, s.ext, o.Extension, "%s extension", o.Name)
				if s.feature != NoFeature {
					assert.Equal(t, s.feature, o.Feature, "%s feature", o.Name)
				}
			}
		}
	}
	// The texture functions that compute derivatives say so in their own sections.
	for _, name := range []string{"textureSample", "textureSampleBias", "textureSampleCompare"} {
		text := section(t, chapter, "### `"+name+"` ###", "\n### ")
		assert.Contains(t, text, "only be used in a [=fragment=] shader stage", name)
		b, _ := Lookup(name)
		for _, o := range b.Overloads {
			assert.Equal(t, Fragment, o.Stages, name)
		}
	}
}
