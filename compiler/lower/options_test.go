package lower_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/lower"
)

func TestEntryPointFilter(t *testing.T) {
	// The two entry points bind different buffers to the same slot: only one is kept.
	src := `
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(0) var<storage, read_write> b: array<f32>;
var<private> shared_p: u32;
fn helper() -> u32 { shared_p += 1u; return shared_p; }
fn unused() {}
@compute @workgroup_size(1)
fn first() { a[0] = helper(); }
@compute @workgroup_size(1)
fn second() { b[0] = 1.0; }`
	m := lowerOK(t, src, lower.Options{EntryPoint: "first"})
	var funcs, globals []string
	for _, f := range m.Funcs {
		funcs = append(funcs, f.Name)
	}
	for _, g := range m.Globals {
		globals = append(globals, g.Name)
	}
	assert.Equal(t, []string{"helper", "first"}, funcs)
	assert.Equal(t, []string{"a", "shared_p"}, globals)
	compile(t, src, lower.Options{EntryPoint: "second"}, backend.Vulkan1_0)
}

// TestPositions: each instruction gets the position of the statement or expression it comes
// from (a binary operator's position is its operator's) and its span, each function its
// name's.
func TestPositions(t *testing.T) {
	src := `@group(0) @binding(0) var<storage, read_write> a: array<u32>;
fn twice(x: u32) -> u32 {
  return x + x;
}
@compute @workgroup_size(1)
fn main() {
  if a[0] > 3u {
    a[1] = twice(a[2]);
  }
}
`
	offset := func(snippet string) ir.Pos {
		i := strings.Index(src, snippet)
		require.GreaterOrEqual(t, i, 0, snippet)
		return ir.PosOf(diag.Pos(i))
	}
	m := lowerOK(t, src, lower.Options{})
	got := map[string]ir.Pos{}
	for _, f := range m.Funcs {
		got["func "+f.Name] = f.Pos
		ir.Walk(f.Body, func(in *ir.Inst) {
			require.True(t, in.Pos.IsValid(), "%s in %s", in.Op, f.Name)
			if _, ok := got[in.Op.String()]; !ok {
				got[in.Op.String()] = in.Pos // the first of each opcode
			}
		})
	}
	want := map[string]ir.Pos{
		"func twice": offset("twice("),
		"func main":  offset("main("),
		"add":        offset("+ x"),
		"gt":         offset("> 3u"),
		"if":         offset("if a[0]"),
		"call":       offset("twice(a[2])"),
		"store":      offset("a[1] ="),
		"exit_if":    offset("}\n}"), // the then block ends at its brace
	}
	for k, p := range want {
		assert.Equal(t, p, got[k], "%s", k)
	}
	// return x + x in twice, then main's implicit return at its closing brace.
	var returns []ir.Pos
	for _, f := range m.Funcs {
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op == ir.OpReturn {
				returns = append(returns, in.Pos)
			}
		})
	}
	assert.Equal(t, []ir.Pos{offset("return x"), ir.PosOf(diag.Pos(len(src) - 2))}, returns)

	// The spans: the expression (a binary one whole, around its operator), the statement.
	spans := map[string]string{}
	for _, f := range m.Funcs {
		ir.Walk(f.Body, func(in *ir.Inst) {
			if _, ok := spans[in.Op.String()]; !ok {
				s := in.Span().Diag()
				spans[in.Op.String()] = src[s.Start:s.End]
			}
		})
	}
	assert.Equal(t, "x + x", spans["add"])
	assert.Equal(t, "a[0] > 3u", spans["gt"])
	assert.Equal(t, "twice(a[2])", spans["call"])
	assert.Equal(t, "a[1] = twice(a[2])", spans["store"])
	assert.Equal(t, "}", spans["exit_if"])
}
