package compiler_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
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

// TestWebGPULimits: beyond the spec's limits, a shader compiles for Vulkan with a
// positioned warning; WebGPULimits makes it an error at the same place.
func TestWebGPULimits(t *testing.T) {
	src := compiler.Source{Name: "limits.wgsl", Text: []byte(`var<workgroup> wg: array<u32, 8192>;
@compute @workgroup_size(64) fn main() { wg[0] = 1u; var a: array<f32, 32767>; a[1] = 2.0; wg[1] = u32(a[1]); }
`)}
	res, err := compiler.Compile(src, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	spirvval.Check(t, res.SPIRV, "vulkan1.1")
	var warned []string
	for _, d := range res.Warnings {
		if d.Span.Start < 0 {
			t.Errorf("warning without a position: %s", d.Message)
		}
		warned = append(warned, d.Error())
	}
	want := []string{
		"limits.wgsl:2:33: warning: entry point 'main' uses 32768 bytes of workgroup variables; the limit is 16384",
		"limits.wgsl:2:61: warning: variable 'a' takes 131068 bytes; the limit is 8192 bytes for the variables of a function",
	}
	if len(warned) != len(want) {
		t.Fatalf("warnings %q, want %d", warned, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(warned[i], w) {
			t.Errorf("warning %q, want it to start with %q", warned[i], w)
		}
	}
	_, err = compiler.Compile(src, compiler.Options{WebGPULimits: true})
	list, ok := err.(diag.List)
	if !ok || len(list) != 2 {
		t.Fatalf("with WebGPULimits: %v, want the two errors", err)
	}
	for i, d := range list {
		if d.Severity != diag.Error || !strings.HasPrefix(d.Error(), strings.Replace(want[i], "warning", "error", 1)) {
			t.Errorf("with WebGPULimits: %s", d.Error())
		}
	}
}

// TestNoEntryPoint: a module without entry points (shared structures) has nothing to run, so
// no SPIR-V, which Vulkan would refuse without an OpEntryPoint; its reflection describes it.
// A command asked for its SPIR-V reports NothingToRun, with a position.
func TestNoEntryPoint(t *testing.T) {
	src := compiler.Source{Name: "shared.wgsl", Text: []byte("struct Light { color: vec3f, intensity: f32 }\n" +
		"@group(0) @binding(0) var<uniform> light: Light;\nfn brightness() -> f32 { return light.intensity; }\n")}
	res, err := compiler.Compile(src, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.SPIRV != nil {
		t.Errorf("%d words of SPIR-V for a module without entry points", len(res.SPIRV))
	}
	if len(res.Reflection.Structs) != 1 || len(res.Reflection.Bindings) != 1 || len(res.Reflection.EntryPoints) != 0 {
		t.Errorf("reflection: %d structures, %d bindings, %d entry points", len(res.Reflection.Structs), len(res.Reflection.Bindings), len(res.Reflection.EntryPoints))
	}
	if d := compiler.NothingToRun(src); !strings.HasPrefix(d.Error(), "shared.wgsl:1:1: error: the module has no entry point") {
		t.Errorf("NothingToRun: %s", d.Error())
	}
}
