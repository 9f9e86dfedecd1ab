package compiler_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// compileWithin compiles src and fails the test when that takes longer than limit: the
// compiler must not take time exponential in the nesting of its input.
func compileWithin(t *testing.T, src string, limit time.Duration) (*compiler.Result, error) {
	t.Helper()
	type outcome struct {
		res *compiler.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := compiler.Compile(compiler.Source{Name: "deep.wgsl", Text: []byte(src)}, compiler.Options{})
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-time.After(limit):
		t.Fatalf("compilation takes more than %v:\n%s", limit, src)
		return nil, nil
	}
}

// TestDeepNesting compiles functions whose constructs nest as deep as the spec's limit
// allows (127 braces), each leaving by a return or a break at the bottom: the passes that
// ask whether control comes back out of a construct ask it of every nested one.
func TestDeepNesting(t *testing.T) {
	const depth = 120
	shapes := []struct{ name, open, close string }{
		{"if", "if c {", "}"},
		{"loop", "loop {", "}"},
		{"for", "for (var k = 0; k < 2; k++) {", "}"},
		{"switch", "switch i32(c) { default {", "}}"},
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			n := depth
			if sh.name == "switch" {
				n = depth / 2 // two braces per level
			}
			src := fmt.Sprintf("fn f(c: bool) -> i32 { %s if c { return 1; } else { return 2; } %s return 3; }\n"+
				"@group(0) @binding(0) var<storage, read_write> o: i32;\n"+
				"@compute @workgroup_size(1) fn main() { o = f(o > 0); }\n",
				strings.Repeat(sh.open, n), strings.Repeat(sh.close, n))
			res, err := compileWithin(t, src, 20*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			spirvval.Check(t, res.SPIRV, "vulkan1.1")
		})
	}
}
