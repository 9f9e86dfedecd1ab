package lower_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/constant"
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

func TestOverrideSubstitution(t *testing.T) {
	src := `
override a: u32 = 1;
override b = a * 4u;
override c: f32;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(b)
fn main() { o[0] = c * f32(b); }`
	m := lowerOK(t, src, lower.Options{Overrides: map[string]constant.Value{
		"a": constant.MakeAbstractInt(3), "c": constant.MakeAbstractFloat(0.5),
	}})
	// a and c are constants now; b, still overridable, defaults to 12.
	require.Len(t, m.Overrides, 1)
	b := m.Overrides[0]
	assert.Equal(t, "b", b.Name)
	assert.Equal(t, int64(12), m.Const(b.Default).Int())
	assert.Equal(t, b.Value, m.Funcs[0].WorkgroupSize[0])
	assert.Empty(t, m.Exprs.Insts)
	assert.Contains(t, ir.Print(m), "mul 0.5f")
}

func TestOverrideValueText(t *testing.T) {
	p := check(t, `
@id(12) override byID: i32;
override u: u32;
override i: i32;
override f: f32;
override h: bool;`)
	for _, tc := range []struct {
		name, text string
		want       constant.Value
	}{
		{"u", "7", constant.MakeU32(7)},
		{"u", "7u", constant.MakeU32(7)},
		{"u", "0x10", constant.MakeU32(16)},
		{"i", "-3", constant.MakeI32(-3)},
		{"i", "2.9", constant.MakeI32(2)},
		{"f", "1.5", constant.MakeF32(1.5)},
		{"f", "2.5f", constant.MakeF32(2.5)},
		{"f", "3", constant.MakeF32(3)},
		{"h", "true", constant.MakeBool(true)},
		{"h", "0", constant.MakeBool(false)},
		{"12", "-4", constant.MakeI32(-4)},
		{"byID", "-4", constant.MakeI32(-4)},
	} {
		v, err := lower.OverrideValue(p, tc.name, tc.text)
		require.NoError(t, err, "%s=%s", tc.name, tc.text)
		assert.True(t, constant.Identical(tc.want, v), "%s=%s: got %v", tc.name, tc.text, v)
	}
	for _, tc := range []struct{ name, text, msg string }{
		{"u", "-1", "out of the range of u32"},
		{"f", "abc", "is not a number or bool"},
		{"nope", "1", "no override named 'nope'"},
		{"0", "1", "no override named '0'"}, // u has id 0, but no @id attribute
	} {
		_, err := lower.OverrideValue(p, tc.name, tc.text)
		assert.ErrorContains(t, err, tc.msg)
	}
}

// TestPositions: Options.Positions gives each instruction the position of the statement or
// expression it comes from (a binary operator's position is its operator's), and each
// function its name's; without it there are none.
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
	m := lowerOK(t, src, lower.Options{Positions: true})
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

	m = lowerOK(t, src, lower.Options{})
	for _, f := range m.Funcs {
		assert.False(t, f.Pos.IsValid())
		ir.Walk(f.Body, func(in *ir.Inst) { assert.False(t, in.Pos.IsValid(), "%s", in.Op) })
	}
}
