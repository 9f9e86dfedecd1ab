package webgpu

import (
	"errors"
	"fmt"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Resource is what one binding of a bind group holds: a buffer range, a sampler or a texture
// view (of a texture or a storage texture), for a binding of a generated table (its accessor:
// ParticlesShader.Params()). Make one with Buffer, BufferRange, Sampler or Texture.
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

// BindGroupDescriptor returns the descriptor of a bind group of @group(group) of the module's
// layout (see Layout.BindGroupDescriptor).
func (m *Module) BindGroupDescriptor(group uint32, resources ...Resource) (*wgpu.BindGroupDescriptor, error) {
	if m.Module == nil {
		return nil, fmt.Errorf("webgpu: %s: the module is released", m.Shader.Source)
	}
	return m.Layout.BindGroupDescriptor(group, resources...)
}

// bindEntry returns the bind group entry of resource r for binding b, checked.
func bindEntry(b *wgsl.Binding, r Resource) (wgpu.BindGroupEntry, error) {
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

// NewBindGroup creates a bind group of @group(group) of the module's layout from one resource
// per binding (see Layout.BindGroupDescriptor).
func (m *Module) NewBindGroup(device *wgpu.Device, group uint32, resources ...Resource) (*wgpu.BindGroup, error) {
	if m.Module == nil {
		return nil, fmt.Errorf("webgpu: %s: the module is released", m.Shader.Source)
	}
	return m.Layout.NewBindGroup(device, group, resources...)
}
