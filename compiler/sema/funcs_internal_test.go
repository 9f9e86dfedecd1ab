package sema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// TestCallsAndGlobalsListedOnce checks that a function's Calls and Globals list each callee
// and global once, in the order of first use, below and above the length where addOnce
// starts indexing them.
func TestCallsAndGlobalsListedOnce(t *testing.T) {
	for _, n := range []int{1, 3, 16, 17, 40} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var src, body strings.Builder
			var wantCalls, wantGlobals []string
			for i := range n {
				fmt.Fprintf(&src, "var<private> g_%d: f32;\nfn f_%d() {}\n", i, i)
				wantCalls = append(wantCalls, fmt.Sprintf("f_%d", i))
				wantGlobals = append(wantGlobals, fmt.Sprintf("g_%d", i))
			}
			// Each callee and global used twice, the second time after all the others.
			for range 2 {
				for i := range n {
					fmt.Fprintf(&body, "f_%d(); g_%d = 1.0;\n", i, i)
				}
			}
			fmt.Fprintf(&src, "fn main() {\n%s}\n", body.String())
			file, diags := syntax.Parse(diag.NewFile("calls.wgsl", []byte(src.String())), syntax.Options{})
			require.False(t, diags.HasErrors(), "%v", diags)
			prog, diags := Check(file, Options{})
			require.False(t, diags.HasErrors(), "%v", diags)
			var main *Func
			for _, f := range prog.Funcs {
				if f.Name() == "main" {
					main = f
				}
			}
			require.NotNil(t, main)
			var calls, globals []string
			for _, f := range main.Calls {
				calls = append(calls, f.Name())
			}
			for _, g := range main.Globals {
				globals = append(globals, g.Name())
			}
			assert.Equal(t, wantCalls, calls)
			assert.Equal(t, wantGlobals, globals)
		})
	}
}
