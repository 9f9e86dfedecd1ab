package transform_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestSpecConstants: half's default needs float arithmetic, so it is computed where half is
// read, each time (third's default reads half: its default is computed there too, half's
// inside it), and so are those of neg (a float negation) and wide (an integer converted to a
// float); p's initializer is stored by main, which uses p, and not by other, which does not;
// the subgroup size, an override, is not known; twice's and narrow's (an integer conversion,
// a bool one) defaults stay override-expressions.
func TestSpecConstants(t *testing.T) {
	const src = `
enable subgroups;
enable subgroup_size_control;
override k: u32 = 3;
override twice = k * 2u;
override scale: f32 = 1.5;
override half = scale / 2.0;
override third = half / 1.5;
override sg: u32 = 32;
override neg = -scale;
override wide = f32(k);
override narrow = i32(k) + i32(k > 2u);
var<private> p = half + 1.0;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(64) @subgroup_size(sg)
fn main() { o[0] = half + third + p + f32(twice) + neg + wide + f32(narrow); }
@compute @workgroup_size(1)
fn other() { o[1] = half; }`
	var p *sema.Program
	build := func() *ir.Module {
		var m *ir.Module
		m, p = lowerWGSL(t, src, lower.Options{})
		return m
	}
	m := golden(t, "spec_constants", build, func(m *ir.Module) {
		require.Empty(t, transform.SpecConstants(m, p.File.Source))
	})
	overrides := map[string]*ir.Override{}
	for _, o := range m.Overrides {
		overrides[o.Name] = o
	}
	half, flag := overrides["half"], overrides[abi.OverrideFlagName("half")]
	require.NotNil(t, flag)
	assert.Zero(t, half.Default)
	assert.Zero(t, half.FlagID)
	assert.Equal(t, abi.OverrideFlagID(half.ID), flag.ID)
	assert.Equal(t, types.Bool, flag.Type)
	assert.False(t, m.Const(flag.Default).Bool())
	for _, name := range []string{"twice", "narrow"} {
		assert.NotZero(t, overrides[name].FlagID, name)
		assert.NotZero(t, overrides[name].Default, name)
	}
	for _, name := range []string{"neg", "wide"} {
		assert.NotNil(t, overrides[abi.OverrideFlagName(name)], name)
		assert.Zero(t, overrides[name].Default, name)
	}
	for _, f := range m.Funcs {
		assert.Zero(t, f.SubgroupSize)
		ir.Walk(f.Body, func(in *ir.Inst) { assert.NotEqual(t, ir.OpOverride, in.Op) })
	}
	require.NoError(t, transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}))
}

// TestSpecConstantsOutside: an override that no kept entry point uses loses a default
// specialisation constants cannot compute, and gets no flag.
func TestSpecConstantsOutside(t *testing.T) {
	m, p := lowerWGSL(t, `
override scale: f32 = 1.5;
override half = scale / 2.0;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1) fn a() { o[0] = half; }
@compute @workgroup_size(1) fn b() { o[1] = 1.0; }`, lower.Options{EntryPoint: "b"})
	require.Empty(t, transform.SpecConstants(m, p.File.Source))
	var names []string
	for _, o := range m.Overrides {
		names = append(names, o.Name)
		assert.Zero(t, o.FlagID, o.Name)
	}
	assert.Equal(t, []string{"scale", "half"}, names)
	assert.Zero(t, m.Overrides[1].Default)
	assert.Empty(t, m.Exprs.Insts)
}

// TestSpecConstantsErrors: what specialisation constants cannot compute where the SPIR-V
// needs a specialisation constant (a workgroup size, an array count) is an error there, and
// the module is left as it was.
func TestSpecConstantsErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"workgroup-size-builtin", `override n: u32 = 4;
override m = max(n, 2u);
@compute @workgroup_size(m)
fn main() {}`, "test.wgsl:3:26: error: this @workgroup_size cannot be computed by SPIR-V specialisation constants " +
			"(it needs float arithmetic or a builtin function); give the overrides it uses values at compile time (--override NAME=VALUE)"},
		{"workgroup-size-runtime-default", `override f: f32 = 2.0;
override n: u32 = u32(f * 3.0);
@compute @workgroup_size(n)
fn main() {}`, "test.wgsl:3:26: error: this @workgroup_size cannot be computed"},
		{"array-count-float", `override f: f32 = 2.0;
var<workgroup> a: array<f32, u32(f * 2.0)>;
@compute @workgroup_size(1)
fn main() { a[0] = 1.0; }`, "test.wgsl:2:30: error: this array count cannot be computed by SPIR-V specialisation constants"},
		{"array-count-runtime-default", `override f: f32 = 2.0;
override n = u32(f * 2.0);
var<workgroup> a: array<f32, n>;
@compute @workgroup_size(1)
fn main() { a[0] = 1.0; }`, "test.wgsl:3:1: error: the count of array<f32, n> is override 'n', whose default SPIR-V specialisation constants cannot compute " +
			"(it needs float arithmetic or a builtin function); give it a value at compile time (--override n=VALUE)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, p := lowerWGSL(t, tc.src, lower.Options{})
			before := ir.Print(m)
			diags := transform.SpecConstants(m, p.File.Source)
			require.Len(t, diags, 1, "%v", diags)
			assert.True(t, strings.HasPrefix(diags[0].Error(), tc.want), "%s", diags[0].Error())
			assert.Equal(t, before, ir.Print(m), "the module changed despite errors")
			err := transform.ForSPIRV(m, transform.Options{File: p.File.Source})
			var list diag.List
			require.ErrorAs(t, err, &list)
			assert.Equal(t, diags.Error(), list.Error())
		})
	}
}
