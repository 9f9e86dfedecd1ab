package builtins

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/types"
)

var everything = Context{
	Extensions: ExtensionSet(0).With(ExtF16).With(ExtSubgroups),
	Features:   AllFeatures,
}

// instances calls f with the binding of each of o.Instances().
func instances(o *Overload, f func(b *binding)) {
	for _, in := range o.Instances() {
		f(&in.b)
	}
}

// TestEveryOverloadResolvesToItself instantiates every overload of the table (Instances), calls
// it with arguments of exactly its parameter types and checks that resolution picks that
// overload, unambiguously, with that result. It proves the table has no overlapping overloads
// and that every overload is reachable.
func TestEveryOverloadResolvesToItself(t *testing.T) {
	n := 0
	for _, name := range Names() {
		b, _ := lookupTable(name)
		for _, o := range b.Overloads {
			ins := o.Instances()
			assert.NotEmpty(t, ins, "%s has no instance", o.Signature())
			for _, in := range ins {
				n++
				res, err := Resolve(everything, in.Call())
				sig := o.signature(&in.b)
				if !assert.NoError(t, err, sig) {
					continue
				}
				assert.Same(t, o, res.Overload, "%s resolved to %s", sig, res.Overload.signature(nil))
				if in.Result == nil {
					assert.Nil(t, res.Result, sig)
				} else {
					assert.True(t, types.Identical(in.Result, res.Result), "%s: result %v", sig, res.Result)
				}
			}
		}
	}
	t.Logf("%d instantiations resolved", n)
	assert.Greater(t, n, 1000)
}

// Every overload's variables must be determined by its arguments (or explicit types):
// otherwise resolution would have several equally good candidates.
func TestTableWellFormed(t *testing.T) {
	for _, o := range allOverloads() {
		assert.LessOrEqual(t, len(o.vars), maxVars, o.Name)
		assert.NotZero(t, o.Stages, o.Name)
		if o.result == nil {
			assert.False(t, o.MustUse, "%s: @must_use without a result", o.Name)
			assert.False(t, o.Const, "%s: @const without a result", o.Name)
		}
		for _, p := range o.Params {
			assert.NotEmpty(t, p.Name, o.Name)
		}
	}
	// Everything the spec marks @const is also what the constant evaluator must fold.
	var consts int
	for _, o := range allOverloads() {
		if o.Const {
			consts++
		}
	}
	assert.Greater(t, consts, 200)
}

func TestExtensionsAndFeatures(t *testing.T) {
	for _, e := range Extensions() {
		got, ok := ParseExtension(e.String())
		require.True(t, ok)
		assert.Equal(t, e, got)
	}
	for _, f := range Features() {
		got, ok := ParseFeature(f.String())
		require.True(t, ok)
		assert.Equal(t, f, got)
		assert.True(t, AllFeatures.Has(f))
	}
	_, ok := ParseExtension("f64")
	assert.False(t, ok)
	s := ExtensionSet(0).With(ExtSubgroupSizeControl)
	assert.True(t, s.Has(ExtSubgroups), "subgroup_size_control enables subgroups")
	assert.True(t, s.Has(NoExtension))
	assert.False(t, s.Has(ExtF16))
	assert.Equal(t, "fragment and compute", (Fragment | Compute).String())
}

func TestValues(t *testing.T) {
	v, ok := LookupValue("position")
	require.True(t, ok)
	assert.True(t, v.Allowed(Vertex, Output))
	assert.True(t, v.Allowed(Fragment, Input))
	assert.False(t, v.Allowed(Vertex, Input))
	assert.True(t, v.TypeOK(types.Vec(4, types.F32)))
	assert.False(t, v.TypeOK(types.Vec(3, types.F32)))

	v, _ = LookupValue("clip_distances")
	assert.Equal(t, ExtClipDistances, v.Extension)
	assert.True(t, v.TypeOK(&types.Array{Elem: types.F32, Count: 8}))
	assert.False(t, v.TypeOK(&types.Array{Elem: types.F32, Count: 9}))
	assert.False(t, v.TypeOK(&types.Array{Elem: types.F32}))

	v, _ = LookupValue("subgroup_id")
	assert.Equal(t, ExtSubgroups, v.Extension)
	assert.True(t, v.Features.Has(SubgroupID))

	v, _ = LookupValue("sample_mask")
	assert.True(t, v.Allowed(Fragment, Input) && v.Allowed(Fragment, Output))

	v, _ = LookupValue("global_invocation_index")
	assert.True(t, v.Features.Has(LinearIndexing))

	_, ok = LookupValue("vertex_id")
	assert.False(t, ok)
	assert.Len(t, Values(), 20)
}
