package gogpu

import (
	"fmt"
	"sync"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

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

// LayoutOptions are the host's choices for a Layout (see host.LayoutOptions).
type LayoutOptions = host.LayoutOptions

// NewLayout creates the layout of the given shaders' entry points (see host.Layout).
func NewLayout(device *wgpu.Device, opts *LayoutOptions, shaders ...*wgsl.Shader) (*Layout, error) {
	plan, err := Profile.NewLayout(opts, shaders...)
	if err != nil {
		return nil, err
	}
	return makeLayout(device, plan)
}

// known are the layouts and modules this package made, by their binding objects, for the
// checks of CreateComputePipeline and CreateRenderPipeline.
var known struct {
	layouts, modules sync.Map
}

func makeLayout(device *wgpu.Device, plan *host.Layout) (*Layout, error) {
	l := &Layout{Layout: plan}
	for g := range plan.Groups {
		entries, err := LayoutEntries(plan, g)
		if err != nil {
			l.Release()
			return nil, err
		}
		bgl, err := device.CreateBindGroupLayout(&wgpu.BindGroupLayoutDescriptor{Label: plan.GroupLabel(uint32(g)), Entries: entries})
		if err != nil {
			l.Release()
			return nil, Profile.Wrap(plan.Label, err)
		}
		l.BindGroupLayouts = append(l.BindGroupLayouts, bgl)
	}
	var err error
	if l.PipelineLayout, err = device.CreatePipelineLayout(&wgpu.PipelineLayoutDescriptor{Label: plan.Label, BindGroupLayouts: l.BindGroupLayouts}); err != nil {
		l.Release()
		return nil, Profile.Wrap(plan.Label, err)
	}
	known.layouts.Store(l.PipelineLayout, l)
	return l, nil
}

// Release releases the layout's objects.
func (l *Layout) Release() {
	l.Layout.Release()
	if l.PipelineLayout != nil {
		known.layouts.Delete(l.PipelineLayout)
		l.PipelineLayout.Release()
	}
	for _, bgl := range l.BindGroupLayouts {
		bgl.Release()
	}
	l.PipelineLayout, l.BindGroupLayouts = nil, nil
}

// LayoutEntries returns the entries of the bind group layout of @group(group) of a plan.
func LayoutEntries(plan *host.Layout, group int) ([]wgpu.BindGroupLayoutEntry, error) {
	entries, err := plan.Entries(group)
	if err != nil {
		return nil, err
	}
	return host.Map(entries, func(e host.LayoutEntry) (wgpu.BindGroupLayoutEntry, error) {
		return BindGroupLayoutEntry(&e.Binding, e.HasDynamicOffset)
	})
}

// BindGroupLayoutEntry returns the layout entry of one binding of a generated table, with a
// dynamic offset as the host chooses for a buffer (which gogpu/wgpu does not apply on Vulkan:
// refused). A texture_external has no form in gogpu/wgpu and is refused; the bindings the
// compiler adds for one (ExternalPart) are for Vulkan hosts and have no entry either.
func BindGroupLayoutEntry(b *wgsl.Binding, dynamicOffset bool) (wgpu.BindGroupLayoutEntry, error) {
	e := wgpu.BindGroupLayoutEntry{Binding: b.Binding, Visibility: ShaderStage(b.Visibility)}
	if err := Profile.Entry(b, dynamicOffset); err != nil {
		return e, err
	}
	var err error
	if t := b.Buffer; t != nil {
		e.Buffer = &gputypes.BufferBindingLayout{MinBindingSize: t.MinBindingSize, HasDynamicOffset: dynamicOffset}
		e.Buffer.Type, err = bufferTypes.Get(t.Type)
	}
	if t := b.Sampler; t != nil {
		e.Sampler = &gputypes.SamplerBindingLayout{}
		e.Sampler.Type, err = samplerTypes.Get(t.Type)
	}
	if t := b.Texture; t != nil {
		e.Texture = &gputypes.TextureBindingLayout{Multisampled: t.Multisampled}
		e.Texture.SampleType, err = sampleTypes.Get(t.SampleType)
		err = joinFirst(err, &e.Texture.ViewDimension, viewDimensions.Get, t.ViewDimension)
	}
	if t := b.StorageTexture; t != nil {
		e.StorageTexture = &gputypes.StorageTextureBindingLayout{}
		e.StorageTexture.Access, err = accesses.Get(t.Access)
		err = joinFirst(err, &e.StorageTexture.Format, textureFormats.Get, t.Format)
		err = joinFirst(err, &e.StorageTexture.ViewDimension, viewDimensions.Get, t.ViewDimension)
	}
	return e, Profile.Wrap(fmt.Sprintf("@group(%d) @binding(%d) %s", b.Group, b.Binding, b.Name), err)
}

// joinFirst maps k into *dst unless err is already set, and returns the first error.
func joinFirst[K, V any](err error, dst *V, get func(K) (V, error), k K) error {
	if err != nil {
		return err
	}
	*dst, err = get(k)
	return err
}

// VertexBufferLayout returns the binding's layout of one vertex buffer of a generated table,
// whose StepMode the host has set (PerVertex, PerInstance).
func VertexBufferLayout(l wgsl.VertexBufferLayout) (wgpu.VertexBufferLayout, error) {
	return host.VertexBuffer(l, stepModes.Get, vertexFormats.Get,
		func(f gputypes.VertexFormat, offset uint64, location uint32) gputypes.VertexAttribute {
			return gputypes.VertexAttribute{Format: f, Offset: offset, ShaderLocation: location}
		},
		func(stride uint64, mode gputypes.VertexStepMode, attrs []gputypes.VertexAttribute) wgpu.VertexBufferLayout {
			return wgpu.VertexBufferLayout{ArrayStride: stride, StepMode: mode, Attributes: attrs}
		})
}
