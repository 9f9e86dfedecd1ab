package sema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// spirvLimitCases are the counts where SPIR-V's universal limits stop a shader on every
// target, well beyond the spec's limits (which only warn without WebGPULimits): a module
// with limit of them checks with warnings only, one with limit+1 has the error.
var spirvLimitCases = []struct {
	name  string
	limit int
	gen   func(n int) string
	err   string
}{
	{"struct_members", 16383, func(n int) string {
		var b strings.Builder
		b.WriteString("struct S {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tm%d: f32,\n", i)
		}
		b.WriteString("}\nvar<private> s: S;\n")
		return b.String()
	}, "members; SPIR-V allows at most 16383"},
	{"case_selectors", 16383, func(n int) string {
		var b strings.Builder
		b.WriteString("fn f(x: i32) {\n\tswitch x {\n\t\tcase ")
		for i := range n - 1 {
			fmt.Fprintf(&b, "%d, ", i)
		}
		b.WriteString("default: {}\n\t}\n}\n")
		return b.String()
	}, "case selectors (default included); SPIR-V allows at most 16383"},
	{"array_constructor_elements", 65532, func(n int) string {
		return fmt.Sprintf("fn f(x: f32) -> f32 { return array(%sx)[2]; }\n", strings.Repeat("x, ", n-1))
	}, "elements; SPIR-V allows at most 65532"},
	{"nesting_depth", 255, func(n int) string {
		return fmt.Sprintf("alias T = %sf32%s;\n", strings.Repeat("array<", n), strings.Repeat(", 1>", n))
	}, "SPIR-V allows composite types at most 255 deep"},
}

func TestSPIRVLimits(t *testing.T) {
	for _, lc := range spirvLimitCases {
		for _, n := range []int{lc.limit, lc.limit + 1} {
			t.Run(fmt.Sprintf("%s/%d", lc.name, n), func(t *testing.T) {
				s := newSource(t, lc.name+".wgsl", "limits", []byte(lc.gen(n)), syntax.DialectModern, sema.Options{})
				var errs, warnings []string
				for _, d := range s.check() {
					if d.Severity.String() == "error" {
						errs = append(errs, d.Message)
					} else {
						warnings = append(warnings, d.Message)
					}
				}
				if n == lc.limit {
					if len(errs) > 0 || len(warnings) == 0 {
						t.Fatalf("at SPIR-V's limit: want only the spec limit's warning, got errors %q, warnings %q", errs, warnings)
					}
					return
				}
				if len(errs) != 1 || !strings.Contains(errs[0], lc.err) {
					t.Fatalf("want one error containing %q, got %q", lc.err, errs)
				}
			})
		}
	}
}
