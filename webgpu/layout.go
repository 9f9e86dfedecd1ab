package webgpu

import (
	"fmt"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// LayoutOptions are the host's choices for a Layout (see host.LayoutOptions).
type LayoutOptions = host.LayoutOptions

// Layout is a host.Layout made into the binding's objects: the bind group layouts and the
// pipeline layout that a module's pipelines use and its bind groups are made for. NewModule
// makes one for the entry points of its shader; NewLayout one that several modules share (a
// vertex.wgsl and a fragment.wgsl: NewLayout(device, nil, &VertexShader.Shader,
// &FragmentShader.Shader), given to both modules as ModuleOptions.Layout), or one for some of a
// shader's entry points (LayoutOptions.EntryPoints).
type Layout struct {
	*host.Layout
	BindGroupLayouts []*wgpu.BindGroupLayout
	PipelineLayout   *wgpu.PipelineLayout
}

// NewLayout creates the layout of the given shaders' entry points (see host.Layout).
func NewLayout(device *wgpu.Device, opts *LayoutOptions, shaders ...*wgsl.Shader) (*Layout, error) {
	plan, err := Profile.NewLayout(opts, shaders...)
	if err != nil {
		return nil, err
	}
	return layoutOf(device, plan)
}

func layoutOf(device *wgpu.Device, plan *host.Layout) (*Layout, error) {
	l := &Layout{Layout: plan}
	if err := l.make(device); err != nil {
		l.Release()
		return nil, err
	}
	return l, nil
}

// make makes the layout's objects.
func (l *Layout) make(device *wgpu.Device) (err error) {
	plan := l.Layout
	for g := range plan.Groups {
		desc, err := BindGroupLayoutDescriptor(plan, g)
		if err != nil {
			return err
		}
		bgl, err := try(device.TryCreateBindGroupLayout(desc))
		if err != nil {
			return Profile.Wrap(desc.Label, err)
		}
		l.BindGroupLayouts = append(l.BindGroupLayouts, bgl)
	}
	l.PipelineLayout, err = try(device.TryCreatePipelineLayout(&wgpu.PipelineLayoutDescriptor{Label: plan.Label, BindGroupLayouts: l.BindGroupLayouts}))
	return Profile.Wrap(plan.Label, err)
}

// Release releases the layout's objects.
func (l *Layout) Release() {
	l.Layout.Release()
	for _, bgl := range l.BindGroupLayouts {
		bgl.Release()
	}
	if l.PipelineLayout != nil {
		l.PipelineLayout.Release()
	}
	l.BindGroupLayouts, l.PipelineLayout = nil, nil
}

// BindGroupLayoutDescriptor returns the descriptor of the bind group layout of @group(group)
// of a plan (its entries, see BindGroupLayoutEntry).
func BindGroupLayoutDescriptor(plan *host.Layout, group int) (*wgpu.BindGroupLayoutDescriptor, error) {
	entries, err := plan.Entries(group)
	if err != nil {
		return nil, err
	}
	desc := &wgpu.BindGroupLayoutDescriptor{Label: plan.GroupLabel(uint32(group)), Entries: make([]wgpu.BindGroupLayoutEntry, len(entries))}
	for i := range entries {
		if desc.Entries[i], err = BindGroupLayoutEntry(&entries[i].Binding, entries[i].HasDynamicOffset); err != nil {
			return nil, err
		}
	}
	return desc, nil
}

// BindGroupLayoutEntry returns the layout entry of one binding of a generated table, with
// HasDynamicOffset as the host chooses for a buffer. A texture_external has no form in the
// binding and is refused; the bindings the compiler adds for one (ExternalPart) are for
// Vulkan hosts and have no entry either.
func BindGroupLayoutEntry(b *wgsl.Binding, dynamicOffset bool) (e wgpu.BindGroupLayoutEntry, err error) {
	if err = Profile.Entry(b, dynamicOffset); err != nil {
		return e, err
	}
	e.Binding, e.Visibility = b.Binding, wgpu.ShaderStage(b.Visibility)
	switch {
	case b.StorageTexture != nil:
		st := &e.StorageTexture
		if st.Format, err = textureFormats.Get(b.StorageTexture.Format); err == nil {
			if st.Access, err = accesses.Get(b.StorageTexture.Access); err == nil {
				st.ViewDimension, err = viewDimensions.Get(b.StorageTexture.ViewDimension)
			}
		}
	case b.Texture != nil:
		tx := &e.Texture
		tx.Multisampled = b.Texture.Multisampled
		if tx.ViewDimension, err = viewDimensions.Get(b.Texture.ViewDimension); err == nil {
			tx.SampleType, err = sampleTypes.Get(b.Texture.SampleType)
		}
	case b.Sampler != nil:
		e.Sampler.Type, err = samplerTypes.Get(b.Sampler.Type)
	case b.Buffer != nil:
		e.Buffer.HasDynamicOffset, e.Buffer.MinBindingSize = dynamicOffset, b.Buffer.MinBindingSize
		e.Buffer.Type, err = bufferTypes.Get(b.Buffer.Type)
	}
	return e, Profile.Wrap(fmt.Sprintf("@group(%d) @binding(%d) %s", b.Group, b.Binding, b.Name), err)
}

// VertexBufferLayout returns the binding's layout of one vertex buffer of a generated table,
// whose StepMode the host has set (PerVertex, PerInstance).
func VertexBufferLayout(l wgsl.VertexBufferLayout) (wgpu.VertexBufferLayout, error) {
	attribute := func(f wgpu.VertexFormat, offset uint64, location uint32) wgpu.VertexAttribute {
		return wgpu.VertexAttribute{ShaderLocation: location, Format: f, Offset: offset}
	}
	layout := func(stride uint64, mode wgpu.VertexStepMode, attributes []wgpu.VertexAttribute) wgpu.VertexBufferLayout {
		return wgpu.VertexBufferLayout{Attributes: attributes, ArrayStride: stride, StepMode: mode}
	}
	return host.VertexBuffer(l, stepModes.Get, vertexFormats.Get, attribute, layout)
}
