package syntax

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/internal/cputime"
)

// cpuTime is the CPU time of the process, which the limit tests bound rather than the wall
// time, which a busy machine stretches past any bound; the wall time where the CPU time is
// not measured.
func cpuTime() time.Duration {
	if d, ok := cputime.Process(); ok {
		return d
	}
	return time.Since(testStart)
}

var testStart = time.Now()

// TestNestingLimit feeds deeply nested input of every nesting construct: each must stop
// with the limit error, without exhausting the stack or taking long.
func TestNestingLimit(t *testing.T) {
	const n = 100000
	tests := []struct {
		name string
		src  string
	}{
		{"parens", "const x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";"},
		{"unclosed parens", "const x = " + strings.Repeat("(", n)},
		{"unary", "const x = " + strings.Repeat("-", n) + "1;"},
		{"negations", "const x = " + strings.Repeat("!", n) + "true;"},
		{"address-of", "fn f() { let p = " + strings.Repeat("&", n) + "x; }"},
		{"deref lhs", "fn f() { " + strings.Repeat("*", n) + "p = 1; }"},
		{"paren lhs", "fn f() { " + strings.Repeat("(", n) + "p = 1; }"},
		{"index", "const x = a" + strings.Repeat("[a", n) + strings.Repeat("]", n) + ";"},
		{"calls", "const x = " + strings.Repeat("f(", n) + strings.Repeat(")", n) + ";"},
		{"templates", "alias A = " + strings.Repeat("array<", n) + "f32" + strings.Repeat(">", n) + ";"},
		{"template args", "const x = " + strings.Repeat("vec2<", n) + "f32" + strings.Repeat(">", n) + "();"},
		{"blocks", "fn f() " + strings.Repeat("{", n) + strings.Repeat("}", n)},
		{"unclosed blocks", "fn f() " + strings.Repeat("{", n)},
		{"ifs", "fn f() {" + strings.Repeat("if true {", n) + strings.Repeat("}", n) + "}"},
		{"loops", "fn f() {" + strings.Repeat("loop {", n) + strings.Repeat("}", n) + "}"},
		{"legacy", "fn f() -> void { let x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "; }"},
		{"legacy attrs", "type A = " + strings.Repeat("array<[[stride(4)]] ", n) + "f32" + strings.Repeat(">", n) + ";"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := cpuTime()
			_, diags := Parse(diag.NewFile("deep.wgsl", []byte(tt.src)), Options{})
			require.True(t, diags.HasErrors())
			found := false
			for _, d := range diags {
				if d.Message == "nesting too deep (more than 256 levels)" {
					found = true
				}
			}
			assert.True(t, found, "no nesting error in %s", errorText(diags))
			assert.Less(t, cpuTime()-start, 2*time.Second)
		})
	}
	// Within the limit, nesting is fine.
	src := "const x = " + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + ";"
	_, diags := parseString("ok.wgsl", src, DialectModern)
	assert.Empty(t, diags)
	_, diags = Parse(diag.NewFile("small.wgsl", []byte(src)), Options{MaxNesting: 100})
	require.Len(t, diags, 1)
	assert.Equal(t, "small.wgsl:1:111: error: nesting too deep (more than 100 levels)", diags[0].Error())
}

// TestHostileInput checks that large garbage finishes quickly with a bounded number of
// diagnostics.
func TestHostileInput(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 1<<20)
	rng.Read(random)

	// Random tokens: plausible WGSL pieces in random order.
	pieces := []string{"fn", "(", ")", "{", "}", "<", ">", ">>", "<<", "[", "]", "[[", "]]", "a", "b", "1", "2.0",
		",", ";", ":", "=", "+", "-", "&&", "||", "var", "let", "if", "else", "loop", "struct", "@", "array", "vec4",
		"f32", "->", "void", "switch", "case", "default", "for", "while", "return", " ", "\n", "/*", "*/", "//"}
	var b strings.Builder
	for b.Len() < 1<<20 {
		b.WriteString(pieces[rng.Intn(len(pieces))])
		b.WriteByte(' ')
	}
	tokens := []byte(b.String())

	manyErrors := []byte(strings.Repeat("fn f() { let x = ; }\n", 50000))
	longExpr := []byte("const x = 1" + strings.Repeat(" + 1", 200000) + ";")
	templates := []byte("const x = " + strings.Repeat("a<b", 100000) + strings.Repeat(">", 100000) + ";")

	for name, src := range map[string][]byte{
		"random bytes":  random,
		"random tokens": tokens,
		"many errors":   manyErrors,
		"long expr":     longExpr,
		"templates":     templates,
	} {
		for _, d := range []Dialect{DialectAuto, DialectModern, DialectLegacy2021} {
			start := cpuTime()
			_, diags := Parse(diag.NewFile(name, src), Options{Dialect: d})
			elapsed := cpuTime() - start
			assert.Less(t, elapsed, 2*time.Second, "%s (%v)", name, d)
			assert.LessOrEqual(t, len(diags.Errors()), DefaultMaxErrors, "%s (%v)", name, d)
			t.Logf("%s (%v): %d bytes in %v of CPU, %d diagnostics", name, d, len(src), elapsed, len(diags))
		}
	}
}
