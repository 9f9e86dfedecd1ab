package syntax

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// bnfProductions lists the production names defined in syntax.bnf ("name :" at the start
// of a line).
func bnfProductions(bnf string) []string {
	var names []string
	for _, line := range strings.Split(bnf, "\n") {
		name, rest, ok := strings.Cut(line, " :")
		if !ok || strings.TrimSpace(rest) != "" || name == "" || strings.ContainsAny(name, " \t/|'") {
			continue
		}
		names = append(names, name)
	}
	return names
}

// TestBNFCoverage checks that the parser enters every production of syntax.bnf while
// parsing the modern fixtures of testdata/parse: a production added to the grammar fails
// this test until a fixture exercises it and the parser records it.
func TestBNFCoverage(t *testing.T) {
	bnf := readReference(t, "wgsl/syntax.bnf")
	prods := bnfProductions(bnf)
	require.Greater(t, len(prods), 100, "too few productions found in syntax.bnf")

	seen := map[string]int{}
	trace := func(p string) { seen[p]++ }
	for _, fx := range loadFixtures(t) {
		if _, hasErrors := fx.section("errors"); hasErrors || fx.dialect == DialectLegacy2021 {
			continue
		}
		for _, src := range fx.sources() {
			if f, _ := parseFixtureFile(src, fx.dialect, nil); f.Dialect != DialectModern {
				continue
			}
			_, diags := parseFixtureFile(src, fx.dialect, trace)
			require.False(t, diags.HasErrors(), "%s: %s", fx.path, errorText(diags))
		}
	}
	var missing []string
	known := map[string]bool{}
	for _, p := range prods {
		known[p] = true
		if seen[p] == 0 {
			missing = append(missing, p)
		}
	}
	var unknown []string
	for p := range seen {
		if !known[p] {
			unknown = append(unknown, p)
		}
	}
	sort.Strings(unknown)
	require.Empty(t, unknown, "the parser traces names that are not productions of syntax.bnf")
	require.Empty(t, missing, "productions of syntax.bnf not exercised by any fixture")
	t.Logf("syntax.bnf: all %d productions exercised by the fixtures", len(prods))
}
