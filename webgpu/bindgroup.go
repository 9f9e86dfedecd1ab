package webgpu

import (
	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// BindGroupDescriptor returns the descriptor of a bind group of @group(group), one resource
// for each of its bindings, in any order, checked as host.BindGroup checks them (the binding
// cannot tell a view's format or dimension: wgpu-native checks those).
func (l *Layout) BindGroupDescriptor(group uint32, resources ...Resource) (*wgpu.BindGroupDescriptor, error) {
	sizes := host.Objects[*wgpu.Buffer, *wgpu.Sampler, *wgpu.TextureView]{
		BufferUsage: func(b *wgpu.Buffer) host.BufferUsage { return host.BufferUsage(b.GetUsage()) },
		BufferSize:  (*wgpu.Buffer).GetSize,
	}
	checked, err := host.BindGroup(l.Layout, group, sizes, resources)
	if err != nil {
		return nil, err
	}
	entries := make([]wgpu.BindGroupEntry, 0, len(checked))
	for _, e := range checked {
		entries = append(entries, wgpu.BindGroupEntry{Binding: e.Binding, Buffer: e.Buffer, Offset: e.Offset, Size: e.Size, Sampler: e.Sampler, TextureView: e.View})
	}
	return &wgpu.BindGroupDescriptor{Label: l.GroupLabel(group), Layout: l.BindGroupLayouts[group], Entries: entries}, nil
}

// NewBindGroup creates a bind group of @group(group) from one resource per binding (see
// BindGroupDescriptor).
func (l *Layout) NewBindGroup(device *wgpu.Device, group uint32, resources ...Resource) (*wgpu.BindGroup, error) {
	if desc, err := l.BindGroupDescriptor(group, resources...); err != nil {
		return nil, err
	} else {
		g, err := try(device.TryCreateBindGroup(desc))
		return g, Profile.Wrap(desc.Label, err)
	}
}

// NewBindGroup creates a bind group of @group(group) of the module's layout from one resource
// per binding (see Layout.BindGroupDescriptor).
func (m *Module) NewBindGroup(device *wgpu.Device, group uint32, resources ...Resource) (*wgpu.BindGroup, error) {
	if err := m.plan.Usable(); err != nil {
		return nil, err
	}
	return m.Layout.NewBindGroup(device, group, resources...)
}

// Resource is what one binding of a bind group holds: a buffer range, a sampler or a texture
// view (of a texture or a storage texture), for a binding of a generated table (its accessor:
// ParticlesShader.Params()). Make one with Buffer, BufferRange, Sampler or Texture.
type Resource = host.Resource[*wgpu.Buffer, *wgpu.Sampler, *wgpu.TextureView]

// Texture binds a texture view to a texture or storage texture binding.
func Texture(b *wgsl.Binding, v *wgpu.TextureView) Resource { return Resource{Binding: b, View: v} }

// Sampler binds a sampler to a sampler binding.
func Sampler(b *wgsl.Binding, s *wgpu.Sampler) Resource { return Resource{Binding: b, Sampler: s} }

// BufferRange binds size bytes of buf from offset to a buffer binding. With a dynamic offset
// the range is the first one the offsets move (size: one value; see host.PackUniforms).
func BufferRange(b *wgsl.Binding, buf *wgpu.Buffer, offset, size uint64) Resource {
	return Resource{Binding: b, Buffer: buf, Offset: offset, Size: size}
}

// Buffer binds the whole of buf to a buffer binding.
func Buffer(b *wgsl.Binding, buf *wgpu.Buffer) Resource { return BufferRange(b, buf, 0, 0) }

// Binder is the adapter's wgsl.Binder (see host.Binder): the generated bind group functions
// make the bind groups of a module's or a layout's with it, one typed parameter per binding,
// so that a binding left out fails go build: ParticlesGroup0(m.Binder(device), params,
// particles).
type Binder = host.Binder[*wgpu.Buffer, *wgpu.Sampler, *wgpu.TextureView, *wgpu.BindGroup]

// Binder returns the Binder of the layout's bind groups on device.
func (l *Layout) Binder(device *wgpu.Device) Binder {
	return Binder{Layout: l.Layout, Make: func(group uint32, rs []Resource) (*wgpu.BindGroup, error) {
		return l.NewBindGroup(device, group, rs...)
	}}
}

// Binder returns the Binder of the bind groups of the module's layout on device.
func (m *Module) Binder(device *wgpu.Device) Binder {
	return Binder{Layout: m.Layout.Layout, Make: func(group uint32, rs []Resource) (*wgpu.BindGroup, error) {
		return m.NewBindGroup(device, group, rs...)
	}}
}
