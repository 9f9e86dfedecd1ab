package transform_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TestSpecConstants: half's default needs float arithmetic, so it is computed where half is
// read, each time (third's default reads half: its default is computed there too, half's
// inside it); p's initializer is stored by main, which uses p, and not by other, which does
// not; the subgroup size, an override, is not known; twice's default stays an
// override-expression.
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
var<private> p = half + 1.0;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(64) @subgroup_size(sg)
fn main() { o[0] = half + third + p + f32(twice); }
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
	assert.NotZero(t, overrides["twice"].FlagID)
	assert.NotZero(t, overrides["twice"].Default)
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

var errorComment = regexp.MustCompile(`// ERROR "([^"]*)"`)

// TestSpecConstantsErrors checks the programs of testdata/spec_constants_errors.txtar: exactly
// the diagnostics their // ERROR comments announce, on their lines.
func TestSpecConstantsErrors(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/spec_constants_errors.txtar")
	require.NoError(t, err)
	for _, f := range ar.Files {
		t.Run(strings.TrimSuffix(f.Name, ".wgsl"), func(t *testing.T) {
			want := map[int]string{}
			for i, line := range strings.Split(string(f.Data), "\n") {
				if m := errorComment.FindStringSubmatch(line); m != nil {
					want[i+1] = m[1]
				}
			}
			m, p := lowerWGSL(t, string(f.Data), lower.Options{})
			diags := transform.SpecConstants(m, p.File.Source)
			got := map[int]string{}
			for _, d := range diags {
				got[d.Position().Line] += d.Message
			}
			require.Len(t, got, len(want), "diagnostics:\n%v", diags)
			for line, msg := range want {
				assert.Contains(t, got[line], msg, "line %d", line)
			}
			err := transform.ForSPIRV(m, transform.Options{File: p.File.Source})
			require.Error(t, err)
			assert.Contains(t, err.Error(), "test.wgsl:")
		})
	}
}
