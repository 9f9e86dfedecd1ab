package wgsl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slots is a table whose @group(0) @binding(0) is a uniform of the vertex entry point and
// another of the compute entry points, as WGSL allows for entry points that share no
// pipeline.
func slots() *Shader {
	return &Shader{
		Source: "slots.wgsl",
		EntryPoints: []EntryPoint{
			{Name: "vs", Stage: Vertex, Bindings: []BindingRef{{0, 0}}},
			{Name: "step", Stage: Compute, WorkgroupSize: [3]Dim{{Value: 64}, {Value: 1}, {Value: 1}}, Bindings: []BindingRef{{0, 0}, {0, 1}}},
			{Name: "tile", Stage: Compute, WorkgroupSize: [3]Dim{{Override: "side"}, {Override: "side"}, {Value: 1}}, Bindings: []BindingRef{{0, 0}, {0, 2}}},
		},
		BindGroups: []BindGroup{{Entries: []Binding{
			{Binding: 0, Name: "view", Visibility: Vertex},
			{Binding: 0, Name: "sim", Visibility: Compute},
			{Binding: 1, Name: "points", Visibility: Compute},
		}}},
		Overrides: []Override{{Name: "side", Key: "side", Type: "u32", Default: "8"}},
	}
}

func TestBindingsOf(t *testing.T) {
	s := slots()
	names := func(e *EntryPoint) []string {
		bs, err := s.BindingsOf(e)
		require.NoError(t, err)
		var out []string
		for _, b := range bs {
			out = append(out, b.Name)
		}
		return out
	}
	assert.Equal(t, []string{"view"}, names(&s.EntryPoints[0]))
	assert.Equal(t, []string{"sim", "points"}, names(&s.EntryPoints[1]))
	assert.Equal(t, "view", s.Binding(0, 0).Name, "the first declared")

	_, err := s.BindingsOf(&s.EntryPoints[2])
	assert.EqualError(t, err, "wgsl: slots.wgsl: entry point tile uses @group(0) @binding(2), which the table does not have")
	_, err = s.BindingsOf(&EntryPoint{Name: "vs", Stage: Compute})
	assert.EqualError(t, err, "wgsl: slots.wgsl has no compute entry point vs")
	s.BindGroups[0].Entries[0].Visibility = Compute
	_, err = s.BindingsOf(&s.EntryPoints[1])
	assert.EqualError(t, err, "wgsl: slots.wgsl: entry point step uses @group(0) @binding(0), which holds 2 variables visible to compute entry points: the table cannot tell which")

	// Two compute entry points with different variables at one number: the names tell.
	s.EntryPoints[0].Stage = Compute
	s.EntryPoints[0].BindingNames = []string{"view"}
	s.EntryPoints[1].BindingNames = []string{"sim", "points"}
	assert.Equal(t, []string{"view"}, names(&s.EntryPoints[0]))
	assert.Equal(t, []string{"sim", "points"}, names(&s.EntryPoints[1]))
}

func TestWorkgroupSize(t *testing.T) {
	s := slots()
	step, tile := &s.EntryPoints[1], &s.EntryPoints[2]
	size, err := s.WorkgroupSize(step, nil)
	require.NoError(t, err)
	assert.Equal(t, [3]uint32{64, 1, 1}, size)
	size, err = s.WorkgroupSize(tile, nil)
	require.NoError(t, err)
	assert.Equal(t, [3]uint32{8, 8, 1}, size, "the override's default")
	size, err = s.WorkgroupSize(tile, map[string]float64{"side": 4.75})
	require.NoError(t, err)
	assert.Equal(t, [3]uint32{4, 4, 1}, size, "converted as WebGPU converts a u32 constant")

	for _, c := range []struct {
		edit   func(s *Shader)
		values map[string]float64
		want   string
	}{
		{nil, map[string]float64{"side": -1}, "override side: -1 is out of the range of u32"},
		{nil, map[string]float64{"side": 0}, "workgroup size 0 of tile is not positive"},
		{func(s *Shader) { s.Overrides[0].Default, s.Overrides[0].Required = "", true }, nil,
			"the workgroup size of tile is the override side, which has no default: it needs a value"},
		{func(s *Shader) { s.Overrides[0].Default, s.Overrides[0].FlagID = "", 7 }, nil,
			"the workgroup size of tile is the override side, whose default is an override-expression Go does not evaluate: give side a value"},
		{func(s *Shader) { s.EntryPoints[2].WorkgroupSize[1] = Dim{Expr: "side * 2u"} }, nil,
			"the workgroup size of tile is the override-expression side * 2u, which Go does not evaluate"},
		{func(s *Shader) { s.Overrides = nil }, nil, "the workgroup size of tile is the override side, which the table does not have"},
	} {
		s := slots()
		if c.edit != nil {
			c.edit(s)
		}
		_, err := s.WorkgroupSize(&s.EntryPoints[2], c.values)
		assert.ErrorContains(t, err, "wgsl: slots.wgsl: "+c.want)
	}
	_, err = s.WorkgroupSize(&s.EntryPoints[0], nil)
	assert.EqualError(t, err, "wgsl: slots.wgsl has no compute entry point vs")

	assert.Equal(t, [3]uint32{10, 6, 1}, WorkgroupCount([3]uint32{4, 4, 1}, [3]uint32{37, 21, 1}))
	assert.Equal(t, [3]uint32{1, 0, 1}, WorkgroupCount([3]uint32{64, 1, 1}, [3]uint32{64, 0, 1}))
	assert.Equal(t, [3]uint32{2, 1, 1}, WorkgroupCount([3]uint32{1 << 31, 1, 1}, [3]uint32{1<<32 - 1, 1, 1}), "no overflow")
}

func TestDefaultValue(t *testing.T) {
	for def, want := range map[string]float64{"8": 8, "-3": -3, "1024": 1024, "0.5": 0.5, "true": 1, "false": 0} {
		v, ok := (&Override{Default: def}).DefaultValue()
		assert.True(t, ok, def)
		assert.Equal(t, want, v, def)
	}
	_, ok := (&Override{Required: true}).DefaultValue()
	assert.False(t, ok)
}
