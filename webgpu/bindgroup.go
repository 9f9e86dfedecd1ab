package webgpu

import (
	"errors"
	"fmt"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Resource is what one binding of a bind group holds: a buffer range, a sampler or a texture
// view, for a binding of a generated table (its accessor: ParticlesShader.Params()). Make
// one with Buffer, BufferRange, Sampler or Texture.
type Resource struct {
	binding *wgsl.Binding
	buffer  *wgpu.Buffer
	offset  uint64
	size    uint64 // 0: to the end of the buffer
	sampler *wgpu.Sampler
	view    *wgpu.TextureView
}

// Buffer binds the whole of buf to a buffer binding.
func Buffer(b *wgsl.Binding, buf *wgpu.Buffer) Resource {
	return Resource{binding: b, buffer: buf}
}

// BufferRange binds size bytes of buf from offset to a buffer binding. With a dynamic offset
// the range is the first one the offsets move (size: one value; see PackUniforms).
func BufferRange(b *wgsl.Binding, buf *wgpu.Buffer, offset, size uint64) Resource {
	return Resource{binding: b, buffer: buf, offset: offset, size: size}
}

// Sampler binds a sampler to a sampler binding.
func Sampler(b *wgsl.Binding, s *wgpu.Sampler) Resource {
	return Resource{binding: b, sampler: s}
}

// Texture binds a texture view to a texture or storage texture binding.
func Texture(b *wgsl.Binding, v *wgpu.TextureView) Resource {
	return Resource{binding: b, view: v}
}

// BindGroupDescriptor returns the descriptor of a bind group of @group(group), one resource
// for each of its bindings, in any order. It checks in Go what the table says and wgpu's
// objects tell: every binding of the group given once and nothing else, a buffer for a
// buffer binding with the usage its type needs and at least its minimum binding size, a
// sampler for a sampler, a texture view for a texture. (cogentcore/webgpu cannot tell a
// view's format or dimension: wgpu checks those when the bind group is created.)
func (m *Module) BindGroupDescriptor(group uint32, resources ...Resource) (*wgpu.BindGroupDescriptor, error) {
	s := m.Shader
	if m.Module == nil {
		return nil, fmt.Errorf("webgpu: %s: the module is released", s.Source)
	}
	if int(group) >= len(m.BindGroupLayouts) {
		return nil, fmt.Errorf("webgpu: %s has no @group(%d)", s.Source, group)
	}
	desc := &wgpu.BindGroupDescriptor{Label: fmt.Sprintf("%s @group(%d)", s.Source, group), Layout: m.BindGroupLayouts[group]}
	given := map[uint32]bool{}
	var errs []error
	for _, r := range resources {
		b := r.binding
		if b == nil {
			errs = append(errs, errors.New("a resource without a binding (make it with Buffer, BufferRange, Sampler or Texture)"))
			continue
		}
		own := s.Binding(b.Group, b.Binding)
		if own == nil || own.Name != b.Name || own.Type != b.Type {
			errs = append(errs, fmt.Errorf("@group(%d) @binding(%d) %s is not a binding of %s", b.Group, b.Binding, b.Name, s.Source))
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
		e, err := m.bindEntry(own, r)
		if err != nil {
			errs = append(errs, bindingErr(b, err))
			continue
		}
		desc.Entries = append(desc.Entries, e)
	}
	for _, b := range s.BindGroups[group].Entries {
		if !given[b.Binding] && b.ExternalPart == nil {
			errs = append(errs, bindingErr(&b, errors.New("no resource given")))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("webgpu: %s @group(%d): %w", s.Source, group, errors.Join(errs...))
	}
	return desc, nil
}

// bindEntry returns the bind group entry of resource r for binding b, checked.
func (m *Module) bindEntry(b *wgsl.Binding, r Resource) (wgpu.BindGroupEntry, error) {
	e := wgpu.BindGroupEntry{Binding: b.Binding}
	switch {
	case b.ExternalPart != nil || b.ExternalTexture != nil:
		return e, errors.New("external textures have no WebGPU binding in cogentcore/webgpu v0.23.0")
	case b.Buffer != nil:
		if r.buffer == nil {
			return e, fmt.Errorf("a %s buffer binding needs a buffer (Buffer, BufferRange)", b.Buffer.Type)
		}
		need, name := wgpu.BufferUsageStorage, "wgpu.BufferUsageStorage"
		if b.Buffer.Type == wgsl.BufferUniform {
			need, name = wgpu.BufferUsageUniform, "wgpu.BufferUsageUniform"
		}
		if r.buffer.GetUsage()&need == 0 {
			return e, fmt.Errorf("the buffer lacks %s, which a %s binding needs", name, b.Buffer.Type)
		}
		total := r.buffer.GetSize()
		if r.offset > total {
			return e, fmt.Errorf("offset %d is beyond the %d-byte buffer", r.offset, total)
		}
		size := r.size
		if size == 0 {
			size = total - r.offset
		}
		if r.offset+size > total {
			return e, fmt.Errorf("%d bytes from offset %d overrun the %d-byte buffer", size, r.offset, total)
		}
		if size < b.Buffer.MinBindingSize {
			return e, fmt.Errorf("%d bytes bound; the binding's minimum is %d (%s)", size, b.Buffer.MinBindingSize, b.Type)
		}
		e.Buffer, e.Offset, e.Size = r.buffer, r.offset, size
	case b.Sampler != nil:
		if r.sampler == nil {
			return e, errors.New("a sampler binding needs a sampler (Sampler)")
		}
		e.Sampler = r.sampler
	case b.Texture != nil || b.StorageTexture != nil:
		if r.view == nil {
			return e, fmt.Errorf("a %s binding needs a texture view (Texture)", b.Type)
		}
		e.TextureView = r.view
	default:
		return e, errors.New("the table gives no resource layout")
	}
	return e, nil
}

// NewBindGroup creates a bind group of @group(group) from one resource per binding (see
// BindGroupDescriptor).
func (m *Module) NewBindGroup(device *wgpu.Device, group uint32, resources ...Resource) (*wgpu.BindGroup, error) {
	desc, err := m.BindGroupDescriptor(group, resources...)
	if err != nil {
		return nil, err
	}
	g, err := device.CreateBindGroup(desc)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", desc.Label, err)
	}
	return g, nil
}
