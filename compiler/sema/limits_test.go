package sema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// limitCase is a fixture of the spec's "Limits" too big to keep as a file: gen(n) writes a
// module with n of the counted things, annotated like the fixtures under testdata; the
// module with limit of them must check cleanly and the one with limit+1 report the
// annotated error. tintLimit is the largest count Tint accepts, which the test confirms
// when tint is on PATH, with tintGen when Tint counts in its own way.
type limitCase struct {
	name      string
	limit     int
	tintLimit int
	gen       func(n int, over bool) string
	tintGen   func(n int) string
}

// annotation returns the ERROR comment for the over-limit module, nothing otherwise.
func annotation(over bool, re string) string {
	if !over {
		return ""
	}
	return " // ERRORx `" + re + "`"
}

var limitCases = []limitCase{
	{
		// Tint's limit is 16383 members.
		name: "struct_members", limit: 1023, tintLimit: 16383,
		gen: func(n int, over bool) string {
			var b strings.Builder
			fmt.Fprintf(&b, "struct S {%s\n", annotation(over, fmt.Sprintf("^structure 'S' has %d members; the limit is 1023$", n)))
			for i := range n {
				fmt.Fprintf(&b, "\tm%d: f32,\n", i)
			}
			b.WriteString("}\nvar<private> s: S;\n")
			return b.String()
		},
	},
	{
		// The sum of the selectors of every clause, default included, whether it is a
		// clause of its own or one selector of a case list (spec "Limits"). Tint counts
		// clauses instead (its message says "case selectors"), at most 16383: it accepts
		// 16384 selectors in 8192 clauses and rejects 16384 clauses of one selector.
		name: "case_selectors", limit: 1023, tintLimit: 16383,
		tintGen: func(n int) string {
			var b strings.Builder
			b.WriteString("fn f(x: i32) {\n\tswitch x {\n")
			for i := range n - 1 {
				fmt.Fprintf(&b, "\t\tcase %d: {}\n", i)
			}
			b.WriteString("\t\tdefault: {}\n\t}\n}\n")
			return b.String()
		},
		gen: func(n int, over bool) string {
			var b strings.Builder
			fmt.Fprintf(&b, "fn f(x: i32) {\n\tswitch x {%s\n", annotation(over, fmt.Sprintf(`^switch has %d case selectors \(default included\); the limit is 1023$`, n)))
			// Clauses of one, two and three selectors; the last clause ends with default.
			v := 0
			for left := n; left > 0; {
				k := min(1+v%3, left)
				b.WriteString("\t\tcase ")
				for j := range k {
					if j > 0 {
						b.WriteString(", ")
					}
					if left == k && j == k-1 {
						b.WriteString("default")
					} else {
						fmt.Fprintf(&b, "%d", v)
						v++
					}
				}
				b.WriteString(": {}\n")
				left -= k
			}
			b.WriteString("\t}\n}\n")
			return b.String()
		},
	},
	{
		// Elements of an array value constructor, inferred or spelled; a zero-value
		// constructor has none, however long its array. Tint's limit is 32767.
		name: "array_constructor_elements", limit: 2047, tintLimit: 32767,
		gen: func(n int, over bool) string {
			elems := strings.Repeat("1, ", n-1) + "1"
			msg := fmt.Sprintf(`^array value constructor has %d elements; the limit is 2047$`, n)
			return fmt.Sprintf("const inferred = array(%s);%s\nconst spelled = array<u32, %d>(%s);%s\nconst zero = array<u32, 60000>();\n",
				elems, annotation(over, msg), n, elems, annotation(over, msg))
		},
	},
}

func TestLimits(t *testing.T) {
	tint := oracle.Tint.Optional(t) // under CI=true a missing tint fails the test
	for _, lc := range limitCases {
		for _, n := range []int{lc.limit, lc.limit + 1} {
			over := n > lc.limit
			t.Run(fmt.Sprintf("%s/%d", lc.name, n), func(t *testing.T) {
				text := []byte(lc.gen(n, over))
				s := newSource(t, "limits/"+lc.name+".wgsl", "limits", text, syntax.DialectModern, sema.Options{WebGPULimits: true})
				if over != s.hasErrors() {
					t.Fatalf("the generated module has the wrong annotations")
				}
				requireMatch(t, s.expect, s.check())
				if tint == "" {
					return
				}
				// Tint's verdict: it accepts up to its own limit, which is larger.
				accepted, diags := runTint(t, tint, t.TempDir(), text)
				if want := n <= lc.tintLimit; accepted != want {
					t.Errorf("tint accepted=%v, want %v (its limit %d): %v", accepted, want, lc.tintLimit, diags)
				}
			})
		}
		if tint != "" {
			// And rejects one more than its limit, which confirms the limit in the comment.
			t.Run(fmt.Sprintf("%s/tint_%d", lc.name, lc.tintLimit+1), func(t *testing.T) {
				gen := func(n int) string { return lc.gen(n, false) }
				if lc.tintGen != nil {
					gen = lc.tintGen
				}
				if accepted, _ := runTint(t, tint, t.TempDir(), []byte(gen(lc.tintLimit+1))); accepted {
					t.Errorf("tint accepts %d, past the limit %d the test records for it", lc.tintLimit+1, lc.tintLimit)
				}
			})
		}
	}
}
