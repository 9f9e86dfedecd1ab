package syntax

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// printFile prints f, returning the text and Print's error.
func printFile(t testing.TB, f *File) (string, error) {
	t.Helper()
	var b bytes.Buffer
	err := Print(&b, f)
	return b.String(), err
}

// checkRoundTrip verifies that printing the tree of src and parsing the result again is
// error-free and that print ∘ parse is a fixed point from there on. Trees with 2021-draft
// constructs that have no modern form must make Print report ErrLegacyConstruct instead.
func checkRoundTrip(t *testing.T, name, src string, d Dialect) {
	t.Helper()
	f, diags := parseString(name, src, d)
	require.False(t, diags.HasErrors(), "%s: %s", name, errorText(diags))
	out1, err := printFile(t, f)
	if err != nil {
		require.True(t, errors.Is(err, ErrLegacyConstruct), "%s: %v", name, err)
		return
	}
	f2, diags := parseString(name+" (printed)", out1, DialectModern)
	require.False(t, diags.HasErrors(), "%s: printed text does not parse:\n%s\n%s", name, errorText(diags), out1)
	out2, err := printFile(t, f2)
	require.NoError(t, err)
	require.Equal(t, out1, out2, "%s: print(parse(print(x))) != print(x)", name)
	checkPositions(t, name, src, f, f2)
}

// checkPositions: PrintMapped's text is Print's, and its map takes every name the text
// refers to (an identifier expression of printed, the text parsed again) to the same name
// in src, the source of f.
func checkPositions(t *testing.T, name, src string, f, printed *File) {
	t.Helper()
	var b bytes.Buffer
	m, err := PrintMapped(&b, f)
	require.NoError(t, err)
	require.Equal(t, string(printed.Source.Text), b.String(), "%s: PrintMapped prints what Print does", name)
	n := 0
	InspectFile(printed, func(x Node) bool {
		id, ok := x.(*IdentExpr)
		if !ok {
			return true
		}
		n++
		pos, ok := m.Source(id.Loc.Start)
		if assert.True(t, ok, "%s: no position for %s at %d", name, id.Name.Name, id.Loc.Start) {
			assert.True(t, strings.HasPrefix(src[pos:], id.Name.Name), "%s: %s at %d of the text is %q at %d of the source",
				name, id.Name.Name, id.Loc.Start, src[pos:min(len(src), int(pos)+len(id.Name.Name))], pos)
		}
		return true
	})
}

func TestRoundTripSpecExamples(t *testing.T) {
	bs := readReference(t, "wgsl/index.bs")
	n := 0
	for _, e := range specExamples(bs) {
		if !e.has("wgsl") || e.has("expect-error") {
			continue
		}
		checkRoundTrip(t, "index.bs example", wrapSpecExample(e), DialectModern)
		n++
	}
	t.Logf("%d spec examples round-trip", n)
}

func TestRoundTripSeedExamples(t *testing.T) {
	text := readReference(t, "seeds/000_2bdf7c9d925e3a16.txt")
	n, legacyOnly := 0, 0
	for _, b := range seedBlocks(text) {
		if seedKind(b.Text) != "wgsl" {
			continue
		}
		for _, w := range seedWrappings {
			src := w.wrap(b.Text)
			f, diags := parseString("seed", src, DialectLegacy2021)
			if diags.HasErrors() {
				continue
			}
			if _, err := printFile(t, f); err != nil {
				legacyOnly++
			}
			checkRoundTrip(t, "seed block", src, DialectLegacy2021)
			n++
			break
		}
	}
	t.Logf("%d draft examples printed as modern WGSL; %d of them hold constructs with no modern form", n, legacyOnly)
}
