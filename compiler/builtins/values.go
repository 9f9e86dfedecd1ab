package builtins

import (
	"sync"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// Direction says whether a built-in value flows into an entry point or out of it.
type Direction uint8

const (
	Input Direction = iota + 1
	Output
)

func (d Direction) String() string {
	if d == Output {
		return "output"
	}
	return "input"
}

// A ValueUse is one stage and direction in which a built-in value may appear.
type ValueUse struct {
	Stage Stage
	Dir   Direction
}

// A Value is a built-in value, named in @builtin(...): the spec's "Built-in input and output
// values" table.
type Value struct {
	Name string
	// Type is the value's type; nil for clip_distances, whose type is array<f32, N>, N <= 8
	// (see TypeOK).
	Type types.Type
	Uses []ValueUse
	// Extension and Features are what a use needs: an enable-extension, and language
	// extensions (subgroup_id needs the subgroups extension and the subgroup_id feature).
	Extension Extension
	Features  FeatureSet
}

// TypeOK reports whether t is a valid type for the value.
func (v *Value) TypeOK(t types.Type) bool {
	if v.Type != nil {
		return t == v.Type
	}
	a, ok := t.(*types.Array)
	return ok && a.Elem == types.F32 && a.Count >= 1 && a.Count <= 8
}

// Allowed reports whether the value may be used in stage s in direction d.
func (v *Value) Allowed(s Stage, d Direction) bool {
	for _, u := range v.Uses {
		if u.Stage == s && u.Dir == d {
			return true
		}
	}
	return false
}

// builtinValues are the built-in values, made on first use: their types come from the types
// package's functions, so a table made when the process starts would cost every process.
// (A sync.Once and a function, not sync.OnceValue, which is itself made at start.)
var (
	valuesOnce sync.Once
	values     []*Value
)

func builtinValues() []*Value {
	valuesOnce.Do(makeValues)
	return values
}

func makeValues() {
	u32, vec3u, vec4f := types.U32, types.Vec(3, types.U32), types.Vec(4, types.F32)
	values = []*Value{
		{Name: "vertex_index", Type: u32, Uses: []ValueUse{{Vertex, Input}}},
		{Name: "instance_index", Type: u32, Uses: []ValueUse{{Vertex, Input}}},
		{Name: "clip_distances", Uses: []ValueUse{{Vertex, Output}}, Extension: ExtClipDistances},
		{Name: "position", Type: vec4f, Uses: []ValueUse{{Vertex, Output}, {Fragment, Input}}},
		{Name: "front_facing", Type: types.Bool, Uses: []ValueUse{{Fragment, Input}}},
		{Name: "frag_depth", Type: types.F32, Uses: []ValueUse{{Fragment, Output}}},
		{Name: "primitive_index", Type: u32, Uses: []ValueUse{{Fragment, Input}}, Extension: ExtPrimitiveIndex},
		{Name: "sample_index", Type: u32, Uses: []ValueUse{{Fragment, Input}}},
		{Name: "sample_mask", Type: u32, Uses: []ValueUse{{Fragment, Input}, {Fragment, Output}}},
		{Name: "local_invocation_id", Type: vec3u, Uses: []ValueUse{{Compute, Input}}},
		{Name: "local_invocation_index", Type: u32, Uses: []ValueUse{{Compute, Input}}},
		{Name: "global_invocation_id", Type: vec3u, Uses: []ValueUse{{Compute, Input}}},
		{Name: "global_invocation_index", Type: u32, Uses: []ValueUse{{Compute, Input}},
			Features: FeatureSet(0).With(LinearIndexing)},
		{Name: "workgroup_id", Type: vec3u, Uses: []ValueUse{{Compute, Input}}},
		{Name: "workgroup_index", Type: u32, Uses: []ValueUse{{Compute, Input}},
			Features: FeatureSet(0).With(LinearIndexing)},
		{Name: "num_workgroups", Type: vec3u, Uses: []ValueUse{{Compute, Input}}},
		{Name: "subgroup_invocation_id", Type: u32, Uses: []ValueUse{{Compute, Input}, {Fragment, Input}},
			Extension: ExtSubgroups},
		{Name: "subgroup_size", Type: u32, Uses: []ValueUse{{Compute, Input}, {Fragment, Input}},
			Extension: ExtSubgroups},
		{Name: "subgroup_id", Type: u32, Uses: []ValueUse{{Compute, Input}},
			Extension: ExtSubgroups, Features: FeatureSet(0).With(SubgroupID)},
		{Name: "num_subgroups", Type: u32, Uses: []ValueUse{{Compute, Input}},
			Extension: ExtSubgroups, Features: FeatureSet(0).With(SubgroupID)},
	}
}

// LookupValue returns the built-in value called name. A search of the twenty values costs
// less than a map built when every process starts.
func LookupValue(name string) (*Value, bool) {
	for _, v := range builtinValues() {
		if v.Name == name {
			return v, true
		}
	}
	return nil, false
}

// Values returns every built-in value in the spec's order.
func Values() []*Value { return append([]*Value(nil), builtinValues()...) }
