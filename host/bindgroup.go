package host

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Resource is what one binding of a bind group holds, in a binding's own types: a range of a
// buffer B, a sampler S or a texture view V (of a texture or a storage texture), for a
// binding of a generated table (its accessor: ParticlesShader.Params()). The adapters alias
// it with their binding's types and make it with their Buffer, BufferRange, Sampler and
// Texture functions.
type Resource[B, S, V comparable] struct {
	Binding *wgsl.Binding
	Buffer  B
	// Offset and Size are the range of Buffer; a zero Size is the rest of the buffer.
	Offset, Size uint64
	Sampler      S
	View         V
}

// Entry is one checked entry of a bind group: Resource with the binding number the layout
// gives it and, for a buffer, the size of the range resolved.
type Entry[B, S, V comparable] struct {
	Binding      uint32
	Buffer       B
	Offset, Size uint64
	Sampler      S
	View         V
}

// Objects tells the core what a binding's objects say about themselves, for the checks of a
// bind group.
type Objects[B, S, V comparable] struct {
	// BufferSize and BufferUsage give a buffer's size and usage.
	BufferSize  func(B) uint64
	BufferUsage func(B) BufferUsage
	// ViewFormat gives the format of a texture view, false when the binding cannot tell;
	// nil when it never can.
	ViewFormat func(V) (wgsl.TextureFormat, bool)
}

// BindGroup checks the resources of a bind group of @group(group) of layout l, one for each of
// its bindings in any order, and returns its entries by binding number. It checks in Go what
// the tables say and the binding's objects tell: every binding of the group given once and
// nothing else (a binding of any of the layout's shaders that the layout holds), a buffer for
// a buffer binding with the usage its type needs and at least its minimum binding size, and
// not bound writable and read-only at once (in any ranges); a sampler for a sampler; a texture view for a
// texture, of a format that binds as its sample type where the binding can tell the format.
func BindGroup[B, S, V comparable](l *Layout, group uint32, o Objects[B, S, V], resources []Resource[B, S, V]) ([]Entry[B, S, V], error) {
	p := l.profile
	if l.released {
		return nil, p.errorf("%s: the layout is released", l.Label)
	}
	if int(group) >= len(l.slots) {
		return nil, p.errorf("%s has no @group(%d)", l.Label, group)
	}
	var entries []Entry[B, S, V]
	given := map[uint32]bool{}
	var errs []error
	for _, r := range resources {
		b := r.Binding
		if b == nil {
			errs = append(errs, errors.New("a resource without a binding (make it with Buffer, BufferRange, Sampler or Texture)"))
			continue
		}
		sl := l.slot(b.Ref())
		if sl == nil || !slices.ContainsFunc(sl.from, func(x *wgsl.Binding) bool { return x.Name == b.Name && x.Type == b.Type }) {
			err := fmt.Errorf("%s is not a binding of %s", bindingName(b), l.Label)
			if sl != nil {
				err = fmt.Errorf("%w: @group(%d) @binding(%d) is %s here", err, b.Group, b.Binding, sl.b.Name)
			}
			errs = append(errs, err)
			continue
		}
		if b.Group != group {
			errs = append(errs, bindingErr(b, fmt.Errorf("it belongs to @group(%d), not @group(%d)", b.Group, group)))
			continue
		}
		if given[b.Binding] {
			errs = append(errs, bindingErr(b, errors.New("given twice")))
			continue
		}
		given[b.Binding] = true
		e, err := entry(&sl.b, o, r)
		if err != nil {
			errs = append(errs, bindingErr(b, err))
			continue
		}
		entries = append(entries, e)
	}
	for _, sl := range l.slots[group] {
		if !given[sl.b.Binding] {
			errs = append(errs, bindingErr(&sl.b, errors.New("no resource given")))
		}
	}
	errs = append(errs, writableAliases(entries, l.slots[group])...)
	if len(errs) > 0 {
		return nil, p.errorf("%s @group(%d): %w", l.Label, group, errors.Join(errs...))
	}
	slices.SortFunc(entries, func(a, b Entry[B, S, V]) int { return int(a.Binding) - int(b.Binding) })
	return entries, nil
}

// entry returns the bind group entry of resource r for binding b, checked.
func entry[B, S, V comparable](b *wgsl.Binding, o Objects[B, S, V], r Resource[B, S, V]) (Entry[B, S, V], error) {
	e := Entry[B, S, V]{Binding: b.Binding}
	var zeroB B
	var zeroS S
	var zeroV V
	switch {
	case b.ExternalPart != nil || b.ExternalTexture != nil:
		return e, errors.New("external textures have no WebGPU binding in the Go bindings")
	case b.Buffer != nil:
		if r.Buffer == zeroB {
			return e, fmt.Errorf("a %s buffer binding needs a buffer (Buffer, BufferRange)", b.Buffer.Type)
		}
		need := UsageStorage
		if b.Buffer.Type == wgsl.BufferUniform {
			need = UsageUniform
		}
		if o.BufferUsage(r.Buffer)&need == 0 {
			return e, fmt.Errorf("the buffer lacks %s, which a %s binding needs", usageName(need), b.Buffer.Type)
		}
		total := o.BufferSize(r.Buffer)
		if r.Offset > total {
			return e, fmt.Errorf("offset %d is beyond the %d-byte buffer", r.Offset, total)
		}
		size := r.Size
		if size == 0 {
			size = total - r.Offset
		}
		if r.Offset+size > total {
			return e, fmt.Errorf("%d bytes from offset %d overrun the %d-byte buffer", size, r.Offset, total)
		}
		if size < b.Buffer.MinBindingSize {
			return e, fmt.Errorf("%d bytes bound; the binding's minimum is %d (%s)", size, b.Buffer.MinBindingSize, b.Type)
		}
		e.Buffer, e.Offset, e.Size = r.Buffer, r.Offset, size
	case b.Sampler != nil:
		if r.Sampler == zeroS {
			return e, errors.New("a sampler binding needs a sampler (Sampler)")
		}
		e.Sampler = r.Sampler
	case b.Texture != nil || b.StorageTexture != nil:
		if r.View == zeroV {
			return e, fmt.Errorf("a %s binding needs a texture view (Texture)", b.Type)
		}
		if err := viewFits(b, o, r.View); err != nil {
			return e, err
		}
		e.View = r.View
	default:
		return e, errors.New("the table gives no resource layout")
	}
	return e, nil
}

// viewFits checks the format of view v, where the binding can tell it, against texture
// binding b.
func viewFits[B, S, V comparable](b *wgsl.Binding, o Objects[B, S, V], v V) error {
	if o.ViewFormat == nil {
		return nil
	}
	f, ok := o.ViewFormat(v)
	switch {
	case !ok:
		return nil
	case b.Texture != nil && !Binds(f, b.Texture.SampleType):
		return fmt.Errorf("a view of format %s cannot be bound as sample type %s (%s)", f, b.Texture.SampleType, b.Type)
	case b.StorageTexture != nil && f != b.StorageTexture.Format:
		return fmt.Errorf("a view of format %s is bound where the storage texture has format %s", f, b.StorageTexture.Format)
	}
	return nil
}

// writableAliases reports the entries that bind one buffer as writable storage and as a
// read-only binding: WebGPU refuses such a bind group in a dispatch or a draw, whatever the
// ranges, since in a usage scope a buffer is one subresource, and one that is writable
// storage is nothing else (gpuweb/gpuweb#994; wgpu refuses even ranges that do not touch,
// gfx-rs/wgpu#8470). Two writable storage bindings of one buffer are allowed, as are two
// read-only ones.
func writableAliases[B, S, V comparable](entries []Entry[B, S, V], slots []slot) []error {
	writable := func(binding uint32) (string, bool) {
		for _, sl := range slots {
			if sl.b.Binding == binding {
				return sl.b.Name, sl.b.Buffer != nil && sl.b.Buffer.Type == wgsl.BufferStorage
			}
		}
		return "", false
	}
	var zero B
	var errs []error
	for i, a := range entries {
		for _, b := range entries[i+1:] {
			if a.Buffer == zero || a.Buffer != b.Buffer {
				continue
			}
			an, aw := writable(a.Binding)
			bn, bw := writable(b.Binding)
			if aw != bw {
				errs = append(errs, fmt.Errorf("@group(%d) @binding(%d) %s and @binding(%d) %s bind one buffer, writable in one and read-only in the other, which WebGPU refuses in a dispatch or draw whatever the ranges: use two buffers (and swap the bind groups to ping-pong)",
					slots[0].b.Group, a.Binding, an, b.Binding, bn))
			}
		}
	}
	return errs
}

// GroupLabel is the label of the bind group layout and the bind groups of @group(group).
func (l *Layout) GroupLabel(group uint32) string { return fmt.Sprintf("%s @group(%d)", l.Label, group) }
