package transform_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// lowerWGSL checks and lowers src (named test.wgsl) with opts.
func lowerWGSL(t *testing.T, src string, opts lower.Options) (*ir.Module, *sema.Program) {
	t.Helper()
	ast, diags := syntax.Parse(diag.NewFile("test.wgsl", []byte(src)), syntax.Options{})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	p, diags := sema.Check(ast, sema.Options{})
	require.False(t, diags.HasErrors(), "check:\n%v", diags)
	m, diags := lower.Lower(p, opts)
	require.False(t, diags.HasErrors(), "lower:\n%v", diags)
	return m, p
}

// substitute runs SubstituteOverrides on m, lowered from p, with the checker's limits.
func substitute(m *ir.Module, p *sema.Program, values map[string]constant.Value) diag.List {
	return transform.SubstituteOverrides(m, transform.Substitution{Values: values, File: p.File.Source, Layouts: p.Layouts,
		Limits: transform.PipelineLimits{WorkgroupInvocations: sema.MaxWorkgroupInvocations}})
}

const substituteSrc = `
override a: u32 = 1;
override b = a * 4u;
override c: f32;
override i: u32 = 0;
override yes: bool = false;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(b)
fn main() {
	var v = vec4f(o[0]);
	let k = i;
	v[k] = c * f32(b);
	o[1] = v.x + f32(a + 1u);
	if yes && a > 2u { o[2] = select(1.0, 2.0, i > 1u); }
}`

// TestSubstituteOverrides: a, c, i and yes become constants, the override-expressions they
// decide fold (in Module.Exprs and in the function: a + 1u, the && of yes and a > 2u, the
// select), b, which a pipeline can still set, gets its default 12 without a flag (c * f32(b)
// stays), and the index k, a let that i makes 7, is clamped into the vector.
func TestSubstituteOverrides(t *testing.T) {
	var p *sema.Program
	build := func() *ir.Module {
		var m *ir.Module
		m, p = lowerWGSL(t, substituteSrc, lower.Options{})
		return m
	}
	values := map[string]constant.Value{"a": constant.MakeU32(3), "c": constant.MakeF32(0.5),
		"i": constant.MakeU32(7), "yes": constant.MakeBool(true)}
	m := golden(t, "substitute_overrides", build, func(m *ir.Module) {
		require.Empty(t, substitute(m, p, values))
	})
	var names []string
	for _, o := range m.Substituted {
		names = append(names, fmt.Sprintf("%s=%s", o.Name, ir.FormatScalar(o.Type, m.Const(o.Default).Bits)))
	}
	assert.Equal(t, []string{"a=3u", "c=0.5f", "i=7u", "yes=true"}, names)
	require.Len(t, m.Overrides, 1)
	b := m.Overrides[0]
	assert.Equal(t, "b", b.Name)
	assert.Equal(t, int64(12), m.Const(b.Default).Int())
	assert.Zero(t, b.FlagID)
	require.NoError(t, transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}))
	assert.Equal(t, b.Value, m.Funcs[0].WorkgroupSize[0])
}

// TestSubstituteOverridesWithout: with no values the module is left alone.
func TestSubstituteOverridesWithout(t *testing.T) {
	m, p := lowerWGSL(t, substituteSrc, lower.Options{})
	before := ir.Print(m)
	require.Empty(t, substitute(m, p, nil))
	assert.Equal(t, before, ir.Print(m))
}

// TestSubstituteOverridesErrors: each error is at what failed, with a note giving the value
// of each override that made it fail, in the order the source names them, once each; what
// fails only in the default of an override that no kept entry point uses is no error, and
// that default is dropped.
func TestSubstituteOverridesErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		opts      lower.Options
		values    map[string]constant.Value
		want      string // the diagnostics, printed on one line each, notes after " | "
	}{
		{"division", `
override d: i32 = 1;
override e: i32 = 2;
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(1) fn main() { o[0] = (e + 7) / (d * e - d - d); }`,
			lower.Options{}, map[string]constant.Value{"d": constant.MakeI32(1), "e": constant.MakeI32(2)},
			"test.wgsl:5:48: error: with the override values given: division by zero in constant expression: 9i / 0i" +
				" | test.wgsl:3:10: note: 'e' is 2i, as --override sets it | test.wgsl:2:10: note: 'd' is 1i, as --override sets it"},
		{"select-order", `
override s: u32 = 1;
override t: u32 = 2;
override z: u32 = 0;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() { o[0] = 1u / select(s, t, z > 0u); }`,
			lower.Options{}, map[string]constant.Value{"s": constant.MakeU32(0), "t": constant.MakeU32(0), "z": constant.MakeU32(0)},
			"test.wgsl:6:48: error: with the override values given: division by zero in constant expression: 1u / 0u" +
				" | test.wgsl:2:10: note: 's' is 0u, as --override sets it | test.wgsl:3:10: note: 't' is 0u, as --override sets it" +
				" | test.wgsl:4:10: note: 'z' is 0u, as --override sets it"},
		{"builtin-argument", `
override lo: f32 = 0.0;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn main() { o[0] = ldexp(o[1], i32(lo)); }`,
			lower.Options{}, map[string]constant.Value{"lo": constant.MakeF32(200)},
			"test.wgsl:4:60: error: with the override values given: ldexp: exponent is greater than 128 (the bias + 1 of f32)" +
				" | test.wgsl:2:10: note: 'lo' is 200.0f, as --override sets it"},
		{"outside", `
override d: i32 = 1;
override q = 10 / d;
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(1) fn a() { o[0] = q; }
@compute @workgroup_size(1) fn b() { o[1] = d; }`,
			lower.Options{EntryPoint: "b"}, map[string]constant.Value{"d": constant.MakeI32(0)}, ""},
		{"array-count-default", `
override n: u32 = 0;
var<workgroup> w: array<f32, n>;
@compute @workgroup_size(1) fn main() { w[0] = 1.0; }`,
			lower.Options{}, nil,
			"test.wgsl:3:19: error: override 'n' sizes array<f32, n> but its default is not positive (0); SPIR-V needs a positive default length: " +
				"give it a default of at least 1, or set it with --override n=VALUE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, p := lowerWGSL(t, tc.src, tc.opts)
			before := ir.Print(m)
			diags := substitute(m, p, tc.values)
			var got []string
			for _, d := range diags {
				line := d.Error()
				for _, n := range d.Notes {
					line += fmt.Sprintf(" | %s: note: %s", n.File.Position(n.Span.Start), n.Message)
				}
				got = append(got, line)
			}
			assert.Equal(t, tc.want, strings.Join(got, "\n"))
			if tc.want != "" {
				assert.Equal(t, before, ir.Print(m), "the module changed despite errors")
				return
			}
			q := m.Overrides[0]
			require.Equal(t, "q", q.Name)
			assert.True(t, q.Outside)
			assert.Zero(t, q.Default, "the default that fails is dropped")
			require.NoError(t, transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}))
		})
	}
}

// TestSubstituteOverridesGivenDefault: the default of an override given a value is never
// evaluated, as at pipeline creation (the spec's example: `override b = 1 / a;` with a = 0 is
// no error when b is set too); left unset, it is.
func TestSubstituteOverridesGivenDefault(t *testing.T) {
	const src = `
override a: i32 = 1;
override b = 1 / a;
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(1) fn main() { o[0] = b + a; }`
	m, p := lowerWGSL(t, src, lower.Options{})
	diags := substitute(m, p, map[string]constant.Value{"a": constant.MakeI32(0), "b": constant.MakeI32(5)})
	require.Empty(t, diags)
	require.NoError(t, transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}))
	assert.Empty(t, m.Overrides, "both overrides are substituted")

	m, p = lowerWGSL(t, src, lower.Options{})
	diags = substitute(m, p, map[string]constant.Value{"a": constant.MakeI32(0)})
	require.Len(t, diags, 1)
	assert.Contains(t, diags[0].Error(), "with the override values given: division by zero in constant expression: 1i / 0i")
}

// TestSubstituteOverridesShortCircuit: a && or || folds when both operands are known, as
// constant evaluation folds them, to the value the left one selects; not when only the one
// that decides is (a pipeline still sets b).
func TestSubstituteOverridesShortCircuit(t *testing.T) {
	const src = `
override a: bool = true;
override b: i32 = 3;
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(1)
fn main() { if a && b > 2 { o[0] = 1; } if a || b > 2 { o[1] = 2; } }`
	// conds returns the conditions of main's statement ifs: "?" when not known.
	conds := func(values map[string]constant.Value) []string {
		m, p := lowerWGSL(t, src, lower.Options{})
		require.Empty(t, substitute(m, p, values))
		var out []string
		for _, in := range m.Funcs[0].Body.Insts {
			if in.Op == ir.OpIf && len(in.Results()) == 0 {
				if c := m.Const(in.Args[0]); c != nil {
					out = append(out, fmt.Sprint(c.Bool()))
				} else {
					out = append(out, "?")
				}
			}
		}
		return out
	}
	assert.Equal(t, []string{"?", "?"}, conds(nil))
	assert.Equal(t, []string{"?", "?"}, conds(map[string]constant.Value{"a": constant.MakeBool(false)}))
	assert.Equal(t, []string{"?", "?"}, conds(map[string]constant.Value{"a": constant.MakeBool(true)}))
	assert.Equal(t, []string{"false", "false"}, conds(map[string]constant.Value{"a": constant.MakeBool(false), "b": constant.MakeI32(0)}))
	assert.Equal(t, []string{"false", "true"}, conds(map[string]constant.Value{"a": constant.MakeBool(true), "b": constant.MakeI32(0)}))
}
