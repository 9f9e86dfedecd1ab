package webgpu

import (
	"fmt"
	"strings"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// Layout is a host.Layout made into wgpu objects: the bind group layouts and the pipeline
// layout that a module's pipelines use, and that its bind groups are made for. NewModule makes
// one for the entry points of its shader; NewLayout makes one that several modules share
// (a vertex.wgsl and a fragment.wgsl: NewLayout(device, nil, &VertexShader.Shader,
// &FragmentShader.Shader), given to both modules as ModuleOptions.Layout), or one for some of
// a shader's entry points (LayoutOptions.EntryPoints).
type Layout struct {
	*host.Layout
	BindGroupLayouts []*wgpu.BindGroupLayout
	PipelineLayout   *wgpu.PipelineLayout
	// PushConstants is the range through which wgpu-native passes the var<immediate> data of
	// the layout's entry points (see SetImmediates): offset 0, as long as the largest, for the
	// stages that use one. Its Stages are 0 when no entry point uses immediate data.
	PushConstants wgpu.PushConstantRange
}

// LayoutOptions are the host's choices for a Layout (see host.LayoutOptions).
type LayoutOptions = host.LayoutOptions

// NewLayout creates the layout of the given shaders' entry points (see host.Layout).
func NewLayout(device *wgpu.Device, opts *LayoutOptions, shaders ...*wgsl.Shader) (*Layout, error) {
	plan, err := Profile.NewLayout(opts, shaders...)
	if err != nil {
		return nil, err
	}
	return newLayout(device, plan)
}

func newLayout(device *wgpu.Device, plan *host.Layout) (*Layout, error) {
	l := &Layout{Layout: plan}
	if im := plan.Immediates; im.Stages != 0 {
		if err := checkPushConstants(device, plan.Label, im); err != nil {
			return nil, err
		}
		l.PushConstants = wgpu.PushConstantRange{Stages: ShaderStage(im.Stages), End: im.Size}
	}
	for g := range plan.Groups {
		desc, err := layoutDescriptor(plan, g)
		if err != nil {
			l.Release()
			return nil, err
		}
		bgl, err := device.CreateBindGroupLayout(desc)
		if err != nil {
			l.Release()
			return nil, Profile.Wrap(plan.Label, err)
		}
		l.BindGroupLayouts = append(l.BindGroupLayouts, bgl)
	}
	desc := &wgpu.PipelineLayoutDescriptor{Label: plan.Label, BindGroupLayouts: l.BindGroupLayouts}
	if l.PushConstants.Stages != 0 {
		desc.PushConstantRanges = []wgpu.PushConstantRange{l.PushConstants}
	}
	var err error
	if l.PipelineLayout, err = device.CreatePipelineLayout(desc); err != nil {
		l.Release()
		return nil, Profile.Wrap(plan.Label, err)
	}
	return l, nil
}

// layoutDescriptor returns the bind group layout descriptor of group g of a plan.
func layoutDescriptor(plan *host.Layout, g int) (*wgpu.BindGroupLayoutDescriptor, error) {
	entries, err := plan.Entries(g)
	if err != nil {
		return nil, err
	}
	desc := &wgpu.BindGroupLayoutDescriptor{Label: plan.GroupLabel(uint32(g))}
	for _, e := range entries {
		le, err := BindGroupLayoutEntry(&e.Binding, e.HasDynamicOffset)
		if err != nil {
			return nil, err
		}
		desc.Entries = append(desc.Entries, le)
	}
	return desc, nil
}

// checkPushConstants checks that device has push constants, which wgpu-native gives
// var<immediate> data. (Whether its limit allows the size, wgpu checks when it creates the
// pipeline layout: cogentcore/webgpu v0.23.0's Device.GetLimits does not read the limit back.)
func checkPushConstants(device *wgpu.Device, where string, im host.Immediates) error {
	if device.HasFeature(wgpu.NativeFeaturePushConstants) {
		return nil
	}
	return fmt.Errorf("webgpu: %s: var<immediate> %s needs %d bytes of push constants, as wgpu-native calls immediate data: "+
		"create the device with RequiredFeatures: []wgpu.FeatureName{wgpu.NativeFeaturePushConstants} and RequiredLimits "+
		"whose MaxPushConstantSize is at least %d (wgpu.DefaultLimits() with it set)",
		where, strings.Join(im.Names, ", "), im.Size, im.Size)
}

// Release releases the layout's wgpu objects.
func (l *Layout) Release() {
	l.Layout.Release()
	if l.PipelineLayout != nil {
		l.PipelineLayout.Release()
	}
	for _, bgl := range l.BindGroupLayouts {
		bgl.Release()
	}
	l.PipelineLayout, l.BindGroupLayouts = nil, nil
}

// SetImmediates sets the var<immediate> data of the layout's render pipelines in a render
// pass: data at offset 0 (the Bytes, or Encode, of the immediate's generated Go type), padded
// with zeros to a multiple of 4 bytes, for every stage of PushConstants. Compute passes have
// no immediate data in cogentcore/webgpu v0.23.0.
func (l *Layout) SetImmediates(pass *wgpu.RenderPassEncoder, data []byte) error {
	data, err := l.ImmediateData(data)
	if err != nil {
		return err
	}
	pass.SetPushConstants(l.PushConstants.Stages, 0, data)
	return nil
}

// BindGroupLayoutEntry returns the layout entry of one binding of a generated table, with
// HasDynamicOffset as the host chooses for a buffer. A texture_external has no wgpu form in
// cogentcore/webgpu v0.23.0 and is an error; the bindings the compiler adds for one
// (ExternalPart) are for Vulkan hosts and have no entry either.
func BindGroupLayoutEntry(b *wgsl.Binding, dynamicOffset bool) (wgpu.BindGroupLayoutEntry, error) {
	e := wgpu.BindGroupLayoutEntry{Binding: b.Binding, Visibility: ShaderStage(b.Visibility)}
	if err := Profile.Entry(b, dynamicOffset); err != nil {
		return e, err
	}
	var err error
	switch {
	case b.Buffer != nil:
		e.Buffer = wgpu.BufferBindingLayout{MinBindingSize: b.Buffer.MinBindingSize, HasDynamicOffset: dynamicOffset}
		e.Buffer.Type, err = bufferTypes.Get(b.Buffer.Type)
	case b.Sampler != nil:
		e.Sampler.Type, err = samplerTypes.Get(b.Sampler.Type)
	case b.Texture != nil:
		e.Texture.Multisampled = b.Texture.Multisampled
		if e.Texture.SampleType, err = sampleTypes.Get(b.Texture.SampleType); err == nil {
			e.Texture.ViewDimension, err = viewDimensions.Get(b.Texture.ViewDimension)
		}
	case b.StorageTexture != nil:
		if e.StorageTexture.Access, err = accesses.Get(b.StorageTexture.Access); err == nil {
			if e.StorageTexture.Format, err = textureFormats.Get(b.StorageTexture.Format); err == nil {
				e.StorageTexture.ViewDimension, err = viewDimensions.Get(b.StorageTexture.ViewDimension)
			}
		}
	}
	return e, Profile.Wrap(fmt.Sprintf("@group(%d) @binding(%d) %s", b.Group, b.Binding, b.Name), err)
}

// BindGroupLayoutDescriptor returns the layout of @group(group) of the module-wide layout of s
// (the layout NewModule makes without options): one entry per binding (those of ExternalPart
// left out), buffers named in dynamic with HasDynamicOffset. A group without bindings, or
// beyond the table's last, has an empty layout.
func BindGroupLayoutDescriptor(s *wgsl.Shader, group uint32, dynamic []wgsl.BindingRef) (*wgpu.BindGroupLayoutDescriptor, error) {
	plan, err := Profile.NewLayout(&host.LayoutOptions{DynamicOffsets: dynamic}, s)
	if err != nil {
		return nil, err
	}
	return layoutDescriptor(plan, int(group))
}

// VertexBufferLayout returns the wgpu layout of one vertex buffer of a generated table, whose
// StepMode the host has set (PerVertex, PerInstance).
func VertexBufferLayout(l wgsl.VertexBufferLayout) (wgpu.VertexBufferLayout, error) {
	return host.VertexBuffer(l, stepModes.Get, vertexFormats.Get,
		func(f wgpu.VertexFormat, offset uint64, location uint32) wgpu.VertexAttribute {
			return wgpu.VertexAttribute{Format: f, Offset: offset, ShaderLocation: location}
		},
		func(stride uint64, mode wgpu.VertexStepMode, attrs []wgpu.VertexAttribute) wgpu.VertexBufferLayout {
			return wgpu.VertexBufferLayout{ArrayStride: stride, StepMode: mode, Attributes: attrs}
		})
}

// VertexBufferLayouts returns the vertex buffers of a vertex entry point with the step modes
// the host chooses, one per buffer slot (entry.VertexBuffers[i] is slot i).
func VertexBufferLayouts(entry *wgsl.EntryPoint, modes ...wgsl.VertexStepMode) ([]wgpu.VertexBufferLayout, error) {
	ls, err := host.VertexBuffers(entry, modes...)
	if err != nil {
		return nil, err
	}
	return host.Map(ls, VertexBufferLayout)
}
