package host

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// BufferRange is the range of the buffer that a Binder binds to one buffer binding (see
// Binder.Range); a zero Size is the rest of the buffer.
type BufferRange struct {
	Binding      *wgsl.Binding
	Offset, Size uint64
}

// Binder is the wgsl.Binder of every adapter, in its binding's types: buffers B, samplers S,
// texture views V and bind groups G. The generated bind group functions (SGroupN) call its
// BindGroup with one value per binding; it binds whole buffers, or the ranges Range gives,
// and Make, the adapter's NewBindGroup of the module or layout, checks the group as one made
// by hand (see BindGroup) and creates it.
type Binder[B, S, V comparable, G any] struct {
	Layout *Layout
	Make   func(group uint32, resources []Resource[B, S, V]) (G, error)
	ranges []BufferRange
}

// Range returns a Binder that binds size bytes from offset of the buffer given for buffer
// binding b (a zero size: the rest of the buffer), as a binding with a dynamic offset needs
// (one value, the first the offsets move: see PackUniforms) or a buffer that holds several
// bindings' data, and what b binds for the other bindings.
func (b Binder[B, S, V, G]) Range(binding *wgsl.Binding, offset, size uint64) Binder[B, S, V, G] {
	b.ranges = append(slices.DeleteFunc(slices.Clone(b.ranges), func(x BufferRange) bool { return sameBinding(x.Binding, binding) }),
		BufferRange{Binding: binding, Offset: offset, Size: size})
	return b
}

// BindGroup makes the bind group of @group(group) of shader from values, one per binding of
// the group, in binding order (see bind).
func (b Binder[B, S, V, G]) BindGroup(shader *wgsl.Shader, group uint32, values []wgsl.Resource[B, V, S]) (G, error) {
	resources, err := bind(b.Layout, shader, group, b.ranges, values)
	if err != nil {
		var zero G
		return zero, err
	}
	return b.Make(group, resources)
}

// bind turns the values a generated bind group function (SGroupN) gives an adapter's
// wgsl.Binder into the resources of BindGroup: a whole buffer for each buffer binding, or the
// range of ranges that names it, so that a group made by a generated function is checked as
// one made by hand (see BindGroup). It is an error when shader s is not one of
// layout l's (its bind group layouts are not the shader's), or when a range names a binding
// of the group that is not a buffer binding or that the group does not have.
func bind[B, S, V comparable](l *Layout, s *wgsl.Shader, group uint32, ranges []BufferRange, values []wgsl.Resource[B, V, S]) ([]Resource[B, S, V], error) {
	if !l.Has(s) {
		return nil, l.profile.errorf("%s is not a shader of layout %s: make its bind groups with the Binder of its own module or layout", s.Source, l.Label)
	}
	out := make([]Resource[B, S, V], len(values))
	var errs []error
	for i, v := range values {
		r := Resource[B, S, V]{Binding: v.Binding, Buffer: v.Buffer, Sampler: v.Sampler, View: v.Texture}
		if b := v.Binding; b != nil {
			if k := slices.IndexFunc(ranges, func(x BufferRange) bool { return sameBinding(x.Binding, b) }); k >= 0 {
				if b.Buffer == nil {
					errs = append(errs, bindingErr(b, fmt.Errorf("a range is given for it (Binder.Range), and it is a %s, not a buffer", b.Type)))
				}
				r.Offset, r.Size = ranges[k].Offset, ranges[k].Size
			}
		}
		out[i] = r
	}
	for _, x := range ranges {
		if x.Binding != nil && x.Binding.Group == group && !slices.ContainsFunc(values, func(v wgsl.Resource[B, V, S]) bool { return sameBinding(v.Binding, x.Binding) }) {
			errs = append(errs, bindingErr(x.Binding, fmt.Errorf("a range is given for it (Binder.Range), and %s has no such binding", s.Source)))
		}
	}
	if len(errs) > 0 {
		return nil, l.profile.errorf("%s @group(%d): %w", l.Label, group, errors.Join(errs...))
	}
	return out, nil
}

// sameBinding tells whether a and b are one variable of a shader: a table's accessor and the
// generated function's entry, whichever copy of the table they point into.
func sameBinding(a, b *wgsl.Binding) bool {
	return a != nil && b != nil && a.Group == b.Group && a.Binding == b.Binding && a.Name == b.Name
}
