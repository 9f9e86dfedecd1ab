package reflect

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Marshal writes m as JSON: keys in the order of the model's fields, two-space indentation, a
// trailing newline, '<' and '>' of WGSL type names unescaped, empty lists as [] rather than
// null, and lists with a natural key in their canonical order (bindings and binding references
// by group and binding, entry-point inputs and outputs by location). The same model always
// gives the same bytes. m itself is not modified.
func Marshal(m *Module) ([]byte, error) {
	c := canonical(m)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Unmarshal reads a model written by Marshal. It rejects other versions of the model and
// ignores fields it does not know, which later writers of the same version may add.
func Unmarshal(data []byte) (*Module, error) {
	var probe struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, err
	}
	if probe.Version == nil {
		return nil, errors.New("reflect: no version: not a reflection model")
	}
	if *probe.Version != Version {
		return nil, fmt.Errorf("reflect: model version %d, this reader knows version %d", *probe.Version, Version)
	}
	m := new(Module)
	if err := json.Unmarshal(data, m); err != nil {
		return nil, err
	}
	return m, nil
}

// canonical returns a copy of m with the version set, nil lists made empty and keyed lists
// sorted.
func canonical(m *Module) *Module {
	c := *m
	c.Version = Version
	c.Structs = nonNil(c.Structs)
	for i := range c.Structs {
		c.Structs[i].Members = nonNil(c.Structs[i].Members)
	}
	c.Bindings = sortedCopy(c.Bindings, func(a, b Binding) int {
		return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Binding, b.Binding))
	})
	c.EntryPoints = nonNil(c.EntryPoints)
	for i := range c.EntryPoints {
		ep := &c.EntryPoints[i]
		ep.Bindings = sortedCopy(ep.Bindings, func(a, b BindingRef) int {
			return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Binding, b.Binding))
		})
		ep.FragmentOutputs = sortedCopy(ep.FragmentOutputs, compareIO)
		if len(ep.FragmentOutputs) == 0 {
			ep.FragmentOutputs = nil
		}
		if len(ep.VertexBuffers) == 0 {
			ep.VertexBuffers = nil
		}
	}
	c.Bindings = nonNilVisibility(c.Bindings)
	c.Immediates = nonNil(c.Immediates)
	for i := range c.Immediates {
		c.Immediates[i].Stages = nonNil(c.Immediates[i].Stages)
	}
	c.Overrides = nonNil(c.Overrides)
	c.Constants = nonNil(c.Constants)
	return &c
}

func compareIO(a, b IOVar) int {
	ab, bb := -1, -1
	if a.BlendSrc != nil {
		ab = *a.BlendSrc
	}
	if b.BlendSrc != nil {
		bb = *b.BlendSrc
	}
	return cmp.Or(cmp.Compare(a.Location, b.Location), cmp.Compare(ab, bb))
}

// nonNilVisibility makes the bindings' visibility lists empty rather than nil (c is already a
// copy).
func nonNilVisibility(bs []Binding) []Binding {
	for i := range bs {
		bs[i].Visibility = nonNil(bs[i].Visibility)
	}
	return bs
}

// nonNil returns a copy of s that is never nil, so that the caller's model stays untouched
// when its elements are rewritten.
func nonNil[T any](s []T) []T {
	return append(make([]T, 0, len(s)), s...)
}

func sortedCopy[T any](s []T, compare func(a, b T) int) []T {
	c := nonNil(s)
	slices.SortStableFunc(c, compare)
	return c
}

// MarshalJSON writes a dimension as a number or as an object naming its override-expression.
func (d WorkgroupDim) MarshalJSON() ([]byte, error) {
	switch {
	case d.Override != "":
		return json.Marshal(struct {
			Override string `json:"override"`
		}{d.Override})
	case d.Expr != "":
		return json.Marshal(struct {
			Expr      string   `json:"expr"`
			Overrides []string `json:"overrides"`
		}{d.Expr, nonNil(d.Overrides)})
	}
	return json.Marshal(d.Value)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *WorkgroupDim) UnmarshalJSON(data []byte) error {
	*d = WorkgroupDim{}
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		var o struct {
			Override  string   `json:"override"`
			Expr      string   `json:"expr"`
			Overrides []string `json:"overrides"`
		}
		if err := json.Unmarshal(data, &o); err != nil {
			return err
		}
		if (o.Override == "") == (o.Expr == "") {
			return errors.New("reflect: a workgroup or subgroup size needs exactly one of override and expr")
		}
		d.Override, d.Expr, d.Overrides = o.Override, o.Expr, o.Overrides
		return nil
	}
	return json.Unmarshal(data, &d.Value)
}
