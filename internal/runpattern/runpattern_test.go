package runpattern

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMatch(t *testing.T) {
	cases := []struct {
		pattern string
		match   []string
		nomatch []string
	}{
		{"", []string{"", "any"}, nil},
		{"Step", []string{"TestStep", "Step", "Steps"}, []string{"step", "Ste"}},
		{"^TestStep$", []string{"TestStep"}, []string{"TestSteps", "aTestStep"}},
		{"Add|Mul", []string{"testAdd", "Mul2"}, []string{"Sub"}},
		{"^(Add|Mul)[0-9]+$", []string{"Add12", "Mul0"}, []string{"Add", "Add1x", "Sub1"}},
		{`(?i)luminance`, []string{"Luminance", "LUMINANCE_srgb"}, []string{"lumen"}},
		{`(?i)[^k]`, []string{"a"}, []string{"k", "K", "\u212a", ""}}, // Kelvin sign folds to k
		{`colou?r\b`, []string{"color", "colour x"}, []string{"colours", "colour_x"}},
		{`a{2,3}b`, []string{"aab", "xaaab"}, []string{"ab"}},
		{`x{`, []string{"x{"}, []string{"x"}},
		{`ab(?i)*`, []string{"a", "abbB"}, []string{"b"}}, // the operator applies to b, across the flags
		{`\Qa.b\E+`, []string{"a.bbb"}, []string{"axb"}},
		{`(?m)^b$`, []string{"a\nb\nc"}, []string{"ab"}},
		{`^b$`, []string{"b"}, []string{"a\nb\nc"}},
		{`a.c`, []string{"abc"}, []string{"a\nc"}},
		{`(?s)a.c`, []string{"a\nc"}, nil},
		{`[[:upper:]][[:^alpha:]]`, []string{"A1", "xB_"}, []string{"AB", "a1"}},
		{`\x41\x{42}\103\_`, []string{"ABC_"}, nil},
		{`(a*)*b`, []string{strings.Repeat("a", 40) + "b"}, []string{strings.Repeat("a", 40)}},
	}
	for _, tt := range cases {
		p, err := Compile(tt.pattern)
		require.NoError(t, err, tt.pattern)
		for _, s := range tt.match {
			assert.True(t, p.MatchString(s), "%q should match %q", tt.pattern, s)
		}
		for _, s := range tt.nomatch {
			assert.False(t, p.MatchString(s), "%q should not match %q", tt.pattern, s)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, pattern := range []string{
		"(", ")", "a)", "a**", "a*??", "a{2}{3}", "*", "+a", "?", "{2}", "(?i)*", `\Q\E*`, "a|*",
		"[", "[]", "[z-a]", `\`, `a\`, `\q`, `\Z`, `\1`, `\8`, `\x{110000}`, `\x{}`, `\xZZ`, `\x4`,
		"(?P<>a)", "(?P<a-b>x)", "(?<1a", "a{1001}", "x{2,1}", "x{99999999999}",
		"(?-)", "(?i-)", "(?i--s)", "(?z)", "(?i", "[[:foo:]]", `[\b]`, `[\Q]`, "\xff",
		strings.Repeat("(", 1001) + strings.Repeat(")", 1001),
	} {
		_, err := Compile(pattern)
		assert.Error(t, err, "%q", pattern)
		_, goErr := regexp.Compile(pattern)
		assert.Error(t, goErr, "%q: package regexp accepts it", pattern)
	}
	// What wgslc's patterns leave out says so.
	for _, pattern := range []string{`\pL`, `\p{Greek}`, `[\PN]`, `\C`} {
		_, err := Compile(pattern)
		require.Error(t, err, pattern)
		assert.Contains(t, err.Error(), "not supported", pattern)
		_, goErr := regexp.Compile(pattern)
		if pattern != `\C` {
			assert.NoError(t, goErr, pattern)
		}
	}
	_, err := Compile(strings.Repeat("(a{100})", 1) + "{1000}")
	assert.ErrorContains(t, err, "too large")
}

// TestAgainstRegexp compares random patterns and names with package regexp: the same
// patterns compile, and each matches the same names.
func TestAgainstRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	names := func() []string {
		out := []string{""}
		const alphabet = "abAB_1 \n.k\u212a-"
		runes := []rune(alphabet)
		for range 24 {
			var b strings.Builder
			for range rng.IntN(9) {
				b.WriteRune(runes[rng.IntN(len(runes))])
			}
			out = append(out, b.String())
		}
		return out
	}
	compiled, rejected := 0, 0
	for range 20000 {
		pattern := randomPattern(rng, 3)
		ours, err := Compile(pattern)
		theirs, goErr := regexp.Compile(pattern)
		if goErr != nil {
			require.Error(t, err, "%q: package regexp rejects it (%v)", pattern, goErr)
			rejected++
			continue
		}
		require.NoError(t, err, "%q", pattern)
		compiled++
		for _, s := range names() {
			require.Equal(t, theirs.MatchString(s), ours.MatchString(s), "%q on %q", pattern, s)
		}
	}
	t.Logf("%d patterns compiled, %d rejected by both", compiled, rejected)
	require.Greater(t, compiled, 6000)
	require.Greater(t, rejected, 1000)
}

// randomPattern writes a pattern from pieces of the syntax, sometimes malformed.
func randomPattern(rng *rand.Rand, depth int) string {
	pieces := []string{"a", "b", "A", "_", "1", "k", ".", "-", " ", `\.`, `\_`, `\x41`, `\x{62}`, `\101`, `\n`,
		"[ab]", "[^a]", "[a-c]", "[A-Za]", "[-a]", "[a-]", "[]a]", "[^]b]", "[[:alpha:]]", "[[:^digit:]_]",
		`[\d.]`, `[\w-]`, `\d`, `\w`, `\s`, `\W`, `\S`, "^", "$", `\b`, `\B`, `\A`, `\z`, `\Qa.\E`,
		"(?i)", "(?-i)", "(?s)", "(?m)", "(?U)", "{", "}", "|", `\Q\E`,
	}
	malformed := []string{"{1}", "{1,2}", "{3,1}", "*", "+", "?", ")", "(", "[", `\`, `\q`, "(?", "[z-a]"}
	var b strings.Builder
	for range 1 + rng.IntN(5) {
		switch k := rng.IntN(20); {
		case k == 0:
			b.WriteString(malformed[rng.IntN(len(malformed))])
		case k < 12 || depth == 0:
			b.WriteString(pieces[rng.IntN(len(pieces))])
		case k < 16:
			opens := []string{"(", "(?:", "(?i:", "(?P<g>", "(?s-i:"}
			b.WriteString(opens[rng.IntN(len(opens))] + randomPattern(rng, depth-1) + ")")
		default:
			b.WriteString(randomPattern(rng, depth-1) + "|" + randomPattern(rng, depth-1))
		}
		if rng.IntN(3) == 0 {
			ops := []string{"*", "+", "?", "*?", "+?", "??", "{2}", "{0,2}", "{1,}", "{,2}", "{01}", "{2}?"}
			b.WriteString(ops[rng.IntN(len(ops))])
		}
	}
	return b.String()
}

// FuzzAgainstRegexp: no pattern panics, what package regexp rejects is rejected, and what
// both accept matches the same names.
func FuzzAgainstRegexp(f *testing.F) {
	for _, seed := range []string{"^Test(A|B)+$", `(?i)[[:^alpha:]\d]{2,3}?`, `\Qa.b\E*\x{41}\101`, "a{", "(?P<n>x)|y*", `\bk\B`} {
		f.Add(seed, "TestAB k")
	}
	f.Fuzz(func(t *testing.T, pattern, name string) {
		if len(pattern) > 256 || len(name) > 64 { // test names are short; so are patterns
			return
		}
		ours, err := Compile(pattern)
		theirs, goErr := regexp.Compile(pattern)
		if goErr != nil {
			if err == nil {
				t.Fatalf("%q: accepted, package regexp rejects it: %v", pattern, goErr)
			}
			return
		}
		if err != nil {
			if !strings.Contains(err.Error(), "not supported") && !strings.Contains(err.Error(), "too large") {
				t.Fatalf("%q: %v, package regexp accepts it", pattern, err)
			}
			return
		}
		if got, want := ours.MatchString(name), theirs.MatchString(name); got != want {
			t.Fatalf("%q on %q: %v, package regexp %v", pattern, name, got, want)
		}
	})
}
