package compiler_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

const reflectedOverrides = `enable subgroups;
enable subgroup_size_control;
@id(7) override a: u32 = 4;
override b: u32 = a * 2;
override k: u32 = 3;
override sg: u32 = 8;
override scale: f32 = 1.5;
@group(0) @binding(0) var<storage, read_write> buf: array<f32>;
@compute @workgroup_size(a * k, b, 1) @subgroup_size(sg)
fn main(@builtin(global_invocation_id) id: vec3u) {
  buf[id.x] = f32(b + a) * scale;
}
@compute @workgroup_size(16)
fn other(@builtin(global_invocation_id) id: vec3u) {
  buf[id.x] = f32(k);
}
`

// TestReflectionMatchesModule: with --override and --entry-point, the reflection describes
// the SPIR-V it comes with: its entry points only; an override given a value is a constant
// with that value, not a specialisation constant; sizes the values decide are numbers; a
// default the values decide is literal. Every override reflected is a SpecId of the module
// (and its flag, when it has one), and reflecting without compiling gives the same.
func TestReflectionMatchesModule(t *testing.T) {
	type dims = []reflect.WorkgroupDim
	for _, tc := range []struct {
		name      string
		opts      compiler.Options
		entries   []string
		workgroup dims // of main
		subgroup  reflect.WorkgroupDim
		overrides []string
		defaults  map[string]string // "" for none
		constants map[string]string
	}{{
		name:      "no values",
		entries:   []string{"main", "other"},
		workgroup: dims{{Expr: "a * k", Overrides: []string{"a", "k"}}, {Override: "b"}, {Value: 1}},
		subgroup:  reflect.WorkgroupDim{Override: "sg"},
		overrides: []string{"a", "b", "k", "sg", "scale"},
		defaults:  map[string]string{"a": "4", "b": "", "k": "3", "sg": "8", "scale": "1.5"},
		constants: map[string]string{},
	}, {
		name:      "a by its id",
		opts:      compiler.Options{Overrides: map[string]string{"7": "8"}},
		entries:   []string{"main", "other"},
		workgroup: dims{{Expr: "a * k", Overrides: []string{"k"}}, {Override: "b"}, {Value: 1}},
		subgroup:  reflect.WorkgroupDim{Override: "sg"},
		overrides: []string{"b", "k", "sg", "scale"},
		defaults:  map[string]string{"b": "16", "k": "3", "sg": "8", "scale": "1.5"},
		constants: map[string]string{"a": "8"},
	}, {
		name:      "one entry point, sizes known",
		opts:      compiler.Options{Overrides: map[string]string{"a": "1", "k": "2", "sg": "2", "scale": "0.5"}, EntryPoint: "main"},
		entries:   []string{"main"},
		workgroup: dims{{Value: 2}, {Override: "b"}, {Value: 1}},
		subgroup:  reflect.WorkgroupDim{Value: 2},
		overrides: []string{"b"},
		defaults:  map[string]string{"b": "2"},
		constants: map[string]string{"a": "1", "k": "2", "sg": "2", "scale": "0.5"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Target = "vulkan1.3"
			src := compiler.Source{Name: "overrides.wgsl", Text: []byte(reflectedOverrides)}
			res, err := compiler.Compile(src, tc.opts)
			require.NoError(t, err)
			spirvval.Check(t, res.SPIRV, "vulkan1.3")
			r := res.Reflection

			var entries []string
			for _, ep := range r.EntryPoints {
				entries = append(entries, ep.Name)
				if ep.Name == "main" {
					assert.Equal(t, tc.workgroup, ep.WorkgroupSize)
					require.NotNil(t, ep.SubgroupSize)
					assert.Equal(t, tc.subgroup, *ep.SubgroupSize)
				}
			}
			assert.Equal(t, tc.entries, entries)

			mod, err := spirv.Parse(res.SPIRV)
			require.NoError(t, err)
			specIDs := map[uint32]bool{}
			for _, d := range mod.Find(spirv.OpDecorate) {
				if ops := d.Operands(); spirv.Decoration(ops[1]) == spirv.DecorationSpecId {
					specIDs[ops[2]] = true
				}
			}
			var overrides []string
			for _, o := range r.Overrides {
				overrides = append(overrides, o.Name)
				assert.True(t, specIDs[uint32(o.ID)], "override %s: the module has no SpecId %d", o.Name, o.ID)
				if o.FlagID != 0 {
					assert.True(t, specIDs[uint32(o.FlagID)], "override %s: the module has no flag SpecId %d", o.Name, o.FlagID)
				}
				def := ""
				if o.Default != nil {
					def = o.Default.String()
				}
				assert.Equal(t, tc.defaults[o.Name], def, "default of %s", o.Name)
			}
			assert.Equal(t, tc.overrides, overrides)
			constants := map[string]string{}
			for _, c := range r.Constants {
				constants[c.Name] = c.Value.String()
			}
			assert.Equal(t, tc.constants, constants)
			for name := range tc.constants {
				assert.False(t, slices.Contains(overrides, name))
			}

			only, _, err := compiler.Reflect(src, tc.opts)
			require.NoError(t, err)
			want, err := json.Marshal(r)
			require.NoError(t, err)
			got, err := json.Marshal(only)
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(got), "Reflect and Compile disagree")
		})
	}
}
