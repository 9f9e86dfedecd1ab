package webgpu_test

import (
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/host/hosttest"
	"github.com/wgslgo/wgslgo/webgpu"
)

// TestScenarios runs the scenario suite every adapter runs.
func TestScenarios(t *testing.T) {
	d, v := openGPU(t)
	hosttest.Run(t, driver{d}, v)
}

// driver drives the adapter for the scenarios.
type driver struct{ d *wgpu.Device }

func (g driver) Profile() *host.Profile { return webgpu.Profile }

// MinUniformBufferOffsetAlignment is WebGPU's default: the device was made without
// RequiredLimits (and the binding's Device.GetLimits aborts).
func (g driver) MinUniformBufferOffsetAlignment() uint32 { return 256 }

func (g driver) Buffer(label string, usage host.BufferUsage, data []byte) (hosttest.Handle, error) {
	return webgpu.NewBuffer(g.d, label, wgpu.BufferUsage(usage), data)
}

func (g driver) ReadBuffer(buf hosttest.Handle, offset, size uint64) ([]byte, error) {
	return webgpu.ReadBuffer(g.d, buf.(*wgpu.Buffer), offset, size)
}

func (g driver) WriteBuffer(buf hosttest.Handle, offset uint64, data []byte) error {
	return webgpu.WriteBuffer(g.d.GetQueue(), buf.(*wgpu.Buffer), offset, data)
}

func (g driver) ReadUint32s(buf hosttest.Handle, offset uint64, n int) ([]uint32, error) {
	return host.ReadArray[uint32](webgpu.Reader(g.d, buf.(*wgpu.Buffer)), offset, n)
}

func (g driver) ReadTexture(tex hosttest.Handle) ([]byte, error) {
	return webgpu.ReadTexture(g.d, tex.(*wgpu.Texture))
}

func (g driver) Texture(t hosttest.Texture) (tex, view hosttest.Handle, err error) {
	format, err := webgpu.TextureFormat(t.Format)
	if err != nil {
		return nil, nil, err
	}
	size := wgpu.Extent3D{Width: t.Width, Height: t.Height, DepthOrArrayLayers: max(t.Layers, 1)}
	desc := &wgpu.TextureDescriptor{Label: t.Label, Size: size, Format: format, Usage: wgpu.TextureUsage(t.Usage),
		Dimension: wgpu.TextureDimension2D, MipLevelCount: 1, SampleCount: max(t.SampleCount, 1)}
	switch t.Dimension {
	case "1d":
		desc.Dimension = wgpu.TextureDimension1D
	case "3d":
		desc.Dimension = wgpu.TextureDimension3D
	}
	texture, err := g.d.TryCreateTexture(desc)
	if err != nil {
		webgpu.Settle()
		return nil, nil, err
	}
	if t.Texels != nil {
		layout := &wgpu.TexelCopyBufferLayout{BytesPerRow: t.BytesPerRow, RowsPerImage: t.Height}
		if err := g.d.GetQueue().TryWriteTexture(texture.AsImageCopy(), t.Texels, layout, &size); err != nil {
			return nil, nil, err
		}
	}
	if t.Usage&(host.TextureBinding|host.TextureStorageBinding|host.TextureRenderAttachment) == 0 {
		return texture, nil, nil // Vulkan has no view of a texture only copied
	}
	var viewDesc *wgpu.TextureViewDescriptor
	if t.ViewDimension != "" {
		dim, err := webgpu.ViewDimension(t.ViewDimension)
		if err != nil {
			return nil, nil, err
		}
		viewDesc = &wgpu.TextureViewDescriptor{Dimension: dim, Format: format, MipLevelCount: 1, ArrayLayerCount: size.DepthOrArrayLayers}
		if desc.Dimension == wgpu.TextureDimension3D {
			viewDesc.ArrayLayerCount = 1
		}
	}
	v, err := texture.TryCreateView(viewDesc)
	if err != nil {
		webgpu.Settle()
	}
	return texture, v, err
}

func (g driver) Sampler(s hosttest.Sampler) (hosttest.Handle, error) {
	d := &wgpu.SamplerDescriptor{LodMaxClamp: 32, MaxAnisotropy: 1, AddressModeU: wgpu.AddressModeClampToEdge,
		AddressModeV: wgpu.AddressModeClampToEdge, AddressModeW: wgpu.AddressModeClampToEdge}
	if s.Compare != "" {
		d.Compare = wgpu.CompareFunctionLessEqual
	}
	if s.Linear {
		d.MinFilter, d.MagFilter = wgpu.FilterModeLinear, wgpu.FilterModeLinear
	}
	return g.d.TryCreateSampler(d)
}

func (g driver) Layout(opts *host.LayoutOptions, shaders ...*wgsl.Shader) (hosttest.Layout, error) {
	l, err := webgpu.NewLayout(g.d, opts, shaders...)
	if err != nil {
		return nil, err
	}
	return &layout{Layout: l, d: g.d}, nil
}

func (g driver) Module(s *wgsl.Shader, opts *host.ModuleOptions) (hosttest.Module, error) {
	if opts != nil && opts.Layout != nil {
		given := *opts
		given.Layout = opts.Layout.(*layout).Layout
		opts = &given
	}
	m, err := webgpu.NewModule(g.d, s, opts)
	if err != nil {
		return nil, err
	}
	return &module{Module: m, d: g.d}, nil
}

// layout is a Layout of the adapter.
type layout struct {
	*webgpu.Layout
	d *wgpu.Device
}

func (l *layout) BindGroup(group uint32, rs ...hosttest.Resource) (hosttest.Handle, error) {
	return l.NewBindGroup(l.d, group, adapterResources(rs)...)
}

// module is a Module of the adapter.
type module struct {
	*webgpu.Module
	d *wgpu.Device
}

func (l *layout) Binder(ranges ...host.BufferRange) hosttest.Binder {
	return hosttest.AdapterBinder(l.Layout.Binder(l.d), ranges...)
}

func (m *module) Binder(ranges ...host.BufferRange) hosttest.Binder {
	return hosttest.AdapterBinder(m.Module.Binder(m.d), ranges...)
}

func (m *module) Layout() hosttest.Layout { return &layout{Layout: m.Module.Layout, d: m.d} }

func (m *module) ComputePipeline(e *wgsl.EntryPoint) (hosttest.Handle, error) {
	return m.NewComputePipeline(m.d, e)
}

func (m *module) BindGroup(group uint32, rs ...hosttest.Resource) (hosttest.Handle, error) {
	return m.NewBindGroup(m.d, group, adapterResources(rs)...)
}

func (m *module) RenderPipeline(o hosttest.RenderPipeline) (hosttest.Handle, error) {
	opts := webgpu.RenderPipelineOptions{Vertex: o.Vertex, Fragment: o.Fragment, StepModes: o.StepModes, VertexBuffers: o.VertexBuffers,
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList}}
	if o.FragmentModule != nil {
		opts.FragmentModule = o.FragmentModule.(*module).Module
	}
	var err error
	if opts.Formats, err = hosttest.TargetFormats(o, webgpu.TextureFormat); err != nil {
		return nil, err
	}
	if o.Depth {
		opts.DepthStencil = &wgpu.DepthStencilState{Format: wgpu.TextureFormatDepth32Float, DepthCompare: wgpu.CompareFunctionAlways}
	}
	desc, err := m.RenderPipelineDescriptor(&opts)
	if err != nil {
		return nil, err
	}
	switch c := o.Change; {
	case c.Layout != nil:
		desc.Layout = c.Layout.(*layout).PipelineLayout
	case c.VertexStride != 0:
		desc.Vertex.Buffers[0].ArrayStride += c.VertexStride
	case c.AttributeOffset != 0:
		desc.Vertex.Buffers[1].Attributes[1].Offset += c.AttributeOffset
	}
	p, err := m.d.TryCreateRenderPipeline(desc)
	if err != nil {
		webgpu.Settle()
	}
	return p, err
}

func adapterResources(rs []hosttest.Resource) []webgpu.Resource {
	var out []webgpu.Resource
	for _, r := range rs {
		res := webgpu.Resource{Binding: r.Binding, Offset: r.Offset, Size: r.Size}
		res.Buffer, _ = r.Buffer.(*wgpu.Buffer)
		res.Sampler, _ = r.Sampler.(*wgpu.Sampler)
		res.View, _ = r.View.(*wgpu.TextureView)
		out = append(out, res)
	}
	return out
}

func (g driver) Dispatch(pipeline hosttest.Handle, groups [3]uint32, bindGroups []hosttest.Handle, offsets [][]uint32) error {
	return webgpu.Submit(g.d, func(enc *wgpu.CommandEncoder) error {
		pass := enc.BeginComputePass(nil)
		pass.SetPipeline(pipeline.(*wgpu.ComputePipeline))
		for i, bg := range bindGroups {
			if bg == nil {
				continue
			}
			var dynamic []uint32
			if i < len(offsets) {
				dynamic = offsets[i]
			}
			pass.SetBindGroup(uint32(i), bg.(*wgpu.BindGroup), dynamic)
		}
		pass.DispatchWorkgroups(groups[0], groups[1], groups[2])
		return pass.TryEnd()
	})
}

func (g driver) Render(width, height uint32, clear [4]float64, draws ...hosttest.Draw) ([]byte, error) {
	target, view, err := g.Texture(hosttest.Texture{Label: "target", Format: "rgba8unorm", Width: width, Height: height,
		Usage: host.TextureRenderAttachment | host.TextureCopySrc})
	if err != nil {
		return nil, err
	}
	err = webgpu.Submit(g.d, func(enc *wgpu.CommandEncoder) error {
		attachment := wgpu.RenderPassColorAttachment{View: view.(*wgpu.TextureView), LoadOp: wgpu.LoadOpClear, StoreOp: wgpu.StoreOpStore,
			ClearValue: wgpu.Color{R: clear[0], G: clear[1], B: clear[2], A: clear[3]}}
		pass := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{attachment}})
		for _, d := range draws {
			pass.SetPipeline(d.Pipeline.(*wgpu.RenderPipeline))
			for i, vb := range d.VertexBuffers {
				pass.SetVertexBuffer(uint32(i), vb.(*wgpu.Buffer), 0, wgpu.WholeSize)
			}
			for i, bg := range d.BindGroups {
				pass.SetBindGroup(uint32(i), bg.(*wgpu.BindGroup), nil)
			}
			pass.Draw(d.Vertices, d.Instances, 0, 0)
		}
		return pass.TryEnd()
	})
	if err != nil {
		return nil, err
	}
	return webgpu.ReadTexture(g.d, target.(*wgpu.Texture))
}
