package roundtrip

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// specCase is one pipeline of spec.wgsl: the overrides it sets, the same values as naga's
// --override arguments, and what the shader must write.
type specCase struct {
	name  string
	set   func(o *SpecOverrides)
	naga  string // naga --override NAME=VALUE,... (@id overrides by id); "" for none
	want  SpecOut
	flags []uint32 // the flag SpecIds Specialization sets
}

var specCases = []specCase{
	{name: "defaults", set: func(*SpecOverrides) {},
		want: SpecOut{Scale: 2, Bias: -3, Count: 4, Doubled: 8, Gain: 3, Enabled: 1, Invocations: 4, Size: 4}},
	{name: "literals", naga: "scale=3,5=7,count=5,enabled=0,wg=8",
		set: func(o *SpecOverrides) {
			o.SetScale(3)
			o.SetBias(7)
			o.SetCount(5)
			o.SetEnabled(false)
			o.SetWg(8)
		},
		// doubled and gain keep their defaults, computed from the new count and scale.
		want: SpecOut{Scale: 3, Bias: 7, Count: 5, Doubled: 10, Gain: 4.5, Enabled: 0, Invocations: 8, Size: 8}},
	{name: "expression defaults set", naga: "count=5,doubled=100,gain=0.25",
		set: func(o *SpecOverrides) {
			o.SetCount(5)
			o.SetDoubled(100)
			o.SetGain(0.25)
		},
		want:  SpecOut{Scale: 2, Bias: -3, Count: 5, Doubled: 100, Gain: 0.25, Enabled: 1, Invocations: 4, Size: 4},
		flags: []uint32{1<<16 + 2, 1<<16 + 3}},
}

// specMap turns the generated code's specialization data into the harness's.
func specMap(t testing.TB, s wgsl.Specialization) map[uint32][]byte {
	t.Helper()
	m := map[uint32][]byte{}
	for _, e := range s.Entries {
		require.NotContains(t, m, e.ID, "SpecId %d twice", e.ID)
		m[e.ID] = s.Data[e.Offset : e.Offset+e.Size]
	}
	return m
}

// runSpec runs spec.wgsl's SPIR-V with the given specialization and returns what it wrote;
// the interpreter must compute the same of ours.
func runSpec(t testing.TB, dev *vulkan.Device, words []uint32, spec map[uint32][]byte) ([]byte, error) {
	t.Helper()
	b := SpecShader.Out()
	vb, err := vulkan.BindingOf(b)
	require.NoError(t, err)
	var zero SpecOut
	vb.Data = make([]byte, b.Buffer.MinBindingSize)
	zero.Encode(vb.Data)
	run := vulkan.Run{SPIRV: words, Entry: SpecShader.Main().Name, Spec: spec, Groups: [3]uint32{1, 1, 1},
		Bindings: []vulkan.Binding{vb}}
	res, err := dev.Dispatch(run)
	if err != nil {
		return nil, err
	}
	if slices.Equal(words, SpecShader.Words()) {
		interpcheck.Compare(t, interpcheck.FromShader(t, &SpecShader.Shader), run, res)
	}
	return res.Bytes(b.Group, b.Binding), nil
}

// TestOverrideFlagMatters shows why Specialization sets flags: a value for an override whose
// default is an override-expression, given without its flag, is ignored.
func TestOverrideFlagMatters(t *testing.T) {
	dev := vulkan.Require(t)
	var o SpecOverrides
	o.SetDoubled(100)
	s, err := o.Specialization()
	require.NoError(t, err)
	spec := specMap(t, s)
	ov := SpecShader.Override("doubled")
	require.NotNil(t, ov)
	require.NotZero(t, ov.FlagID)
	for _, flag := range []bool{true, false} {
		if !flag {
			delete(spec, ov.FlagID)
		}
		out, err := runSpec(t, dev, SpecShader.Words(), spec)
		require.NoError(t, err)
		var got SpecOut
		got.Decode(out)
		if flag {
			assert.Equal(t, uint32(100), got.Doubled, "with the flag")
		} else {
			assert.Equal(t, uint32(8), got.Doubled, "without the flag: the default, count * 2u")
		}
	}
}

// TestSpecializationData checks what the generated Overrides type makes, without a device:
// an override whose default is an override-expression comes with its flag set to true.
func TestSpecializationData(t *testing.T) {
	for _, c := range specCases {
		var o SpecOverrides
		c.set(&o)
		s, err := o.Specialization()
		require.NoError(t, err)
		m := specMap(t, s)
		for _, id := range c.flags {
			assert.Equal(t, vulkan.SpecBool(true), m[id], "%s: flag SpecId %d", c.name, id)
		}
		for _, ov := range SpecShader.Overrides {
			if _, set := m[ov.ID]; ov.FlagID != 0 {
				_, flag := m[ov.FlagID]
				assert.Equal(t, set, flag, "%s: %s is set iff its flag is", c.name, ov.Name)
			}
		}
	}
	var o SpecOverrides
	_, ok := o.Doubled()
	assert.False(t, ok, "no value for an unset override with an expression default")
	o.SetDoubled(9)
	v, ok := o.Doubled()
	assert.Equal(t, []any{uint32(9), true}, []any{v, ok})
	assert.Equal(t, [3]uint32{4, 1, 1}, (&SpecOverrides{}).MainWorkgroupSize())
}

// TestSpecializationConstants runs the same SPIR-V with the overrides each case sets
// through the generated Overrides type: the literal defaults, new values (workgroup size
// included), and values for overrides whose defaults are override-expressions. Where naga is
// installed, naga's SPIR-V with the same values as --override gives the same bytes.
func TestSpecializationConstants(t *testing.T) {
	dev := vulkan.Require(t)
	naga := oracle.Naga.Optional(t)
	words := SpecShader.Words()
	for _, c := range specCases {
		t.Run(c.name, func(t *testing.T) {
			var o SpecOverrides
			c.set(&o)
			s, err := o.Specialization()
			require.NoError(t, err)
			require.Equal(t, c.want.Invocations, o.MainWorkgroupSize()[0])
			out, err := runSpec(t, dev, words, specMap(t, s))
			require.NoError(t, err)
			var got SpecOut
			got.Decode(out)
			assert.Equal(t, c.want, got)

			if naga == "" {
				return
			}
			var args []string
			if c.naga != "" {
				args = []string{"--override", c.naga}
			}
			nw, msg, ok := nagaCompile(t, naga, "spec", args...)
			require.True(t, ok, "naga cannot compile testdata/spec.wgsl with %s: %s", strings.Join(args, " "), msg)
			theirs, err := runSpec(t, dev, nw, nil)
			require.NoError(t, err, "lavapipe cannot run naga's SPIR-V")
			assert.Equal(t, out, theirs, "naga (%s) writes something else", fmt.Sprint(args))
		})
	}
}
