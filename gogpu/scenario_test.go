package gogpu_test

import (
	"sync"
	"testing"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/gogpu"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/host/hosttest"
)

// TestScenarios runs the scenario suite every adapter runs, on the Vulkan backend.
func TestScenarios(t *testing.T) {
	d, v := requireDevice(t)
	hosttest.Run(t, &gpu{device: d}, v)
}

// gpu drives the adapter for the scenarios. gogpu/wgpu's textures do not tell their
// descriptors, which the read-backs take: the driver keeps them.
type gpu struct {
	device   *wgpu.Device
	textures sync.Map // *wgpu.Texture → *wgpu.TextureDescriptor
	// wgsl makes modules through gogpu/wgpu's WGSL path (NewModuleWGSL).
	wgsl bool
}

func (g *gpu) Profile() *host.Profile {
	if g.wgsl {
		return gogpu.WGSLProfile
	}
	return gogpu.Profile
}

func (g *gpu) MinUniformBufferOffsetAlignment() uint32 {
	return g.device.Limits().MinUniformBufferOffsetAlignment
}

func (g *gpu) Buffer(label string, usage host.BufferUsage, data []byte) (hosttest.Handle, error) {
	return gogpu.NewBuffer(g.device, label, wgpu.BufferUsage(usage), data)
}

func (g *gpu) ReadUint32s(buf hosttest.Handle, offset uint64, n int) ([]uint32, error) {
	return host.ReadArray[uint32](gogpu.Reader(g.device, buf.(*wgpu.Buffer)), offset, n)
}

func (g *gpu) WriteBuffer(buf hosttest.Handle, offset uint64, data []byte) error {
	return gogpu.WriteBuffer(g.device.Queue(), buf.(*wgpu.Buffer), offset, data)
}

func (g *gpu) ReadBuffer(buf hosttest.Handle, offset, size uint64) ([]byte, error) {
	return gogpu.ReadBuffer(g.device, buf.(*wgpu.Buffer), offset, size)
}

func (g *gpu) Texture(d hosttest.Texture) (hosttest.Handle, hosttest.Handle, error) {
	format, err := gogpu.TextureFormat(d.Format)
	if err != nil {
		return nil, nil, err
	}
	dims := map[string]gputypes.TextureDimension{"1d": gputypes.TextureDimension1D, "3d": gputypes.TextureDimension3D}
	desc := &wgpu.TextureDescriptor{Label: d.Label, Size: wgpu.Extent3D{Width: d.Width, Height: d.Height, DepthOrArrayLayers: max(d.Layers, 1)},
		MipLevelCount: 1, SampleCount: max(d.SampleCount, 1), Dimension: gputypes.TextureDimension2D, Format: format, Usage: wgpu.TextureUsage(d.Usage)}
	if dim, ok := dims[d.Dimension]; ok {
		desc.Dimension = dim
	}
	if d.Texels != nil {
		desc.Usage |= wgpu.TextureUsageTextureBinding // see gogpu.WriteTexture
	}
	tex, err := g.device.CreateTexture(desc)
	if err != nil {
		return nil, nil, err
	}
	g.textures.Store(tex, desc)
	if d.Texels != nil {
		if err := gogpu.WriteTexture(g.device.Queue(), tex, desc, d.Texels, d.BytesPerRow); err != nil {
			return nil, nil, err
		}
	}
	if d.Usage&(host.TextureBinding|host.TextureStorageBinding|host.TextureRenderAttachment) == 0 {
		return tex, nil, nil // Vulkan has no view of a texture only copied
	}
	var viewDesc *wgpu.TextureViewDescriptor
	if d.ViewDimension != "" {
		dim, err := gogpu.ViewDimension(d.ViewDimension)
		if err != nil {
			return nil, nil, err
		}
		viewDesc = &wgpu.TextureViewDescriptor{Dimension: dim, Format: format, MipLevelCount: 1, ArrayLayerCount: desc.Size.DepthOrArrayLayers}
		if desc.Dimension == gputypes.TextureDimension3D {
			viewDesc.ArrayLayerCount = 1
		}
	}
	view, err := g.device.CreateTextureView(tex, viewDesc)
	return tex, view, err
}

func (g *gpu) ReadTexture(tex hosttest.Handle) ([]byte, error) {
	desc, _ := g.textures.Load(tex)
	return gogpu.ReadTexture(g.device, tex.(*wgpu.Texture), desc.(*wgpu.TextureDescriptor))
}

func (g *gpu) Sampler(s hosttest.Sampler) (hosttest.Handle, error) {
	d := &wgpu.SamplerDescriptor{AddressModeU: gputypes.AddressModeClampToEdge, AddressModeV: gputypes.AddressModeClampToEdge,
		AddressModeW: gputypes.AddressModeClampToEdge, LodMaxClamp: 32, Anisotropy: 1}
	if s.Linear {
		d.MagFilter, d.MinFilter = gputypes.FilterModeLinear, gputypes.FilterModeLinear
	}
	if s.Compare == "less-equal" {
		d.Compare = gputypes.CompareFunctionLessEqual
	}
	return g.device.CreateSampler(d)
}

// layout is a Layout of the adapter.
type layout struct {
	*gogpu.Layout
	device *wgpu.Device
}

func (l layout) BindGroup(group uint32, rs ...hosttest.Resource) (hosttest.Handle, error) {
	return l.NewBindGroup(l.device, group, resources(rs)...)
}

func (g *gpu) Layout(opts *host.LayoutOptions, shaders ...*wgsl.Shader) (hosttest.Layout, error) {
	l, err := gogpu.NewLayout(g.device, opts, shaders...)
	if err != nil {
		return nil, err
	}
	return layout{l, g.device}, nil
}

// module is a Module of the adapter.
type module struct {
	*gogpu.Module
	device *wgpu.Device
}

func (g *gpu) Module(s *wgsl.Shader, opts *host.ModuleOptions) (hosttest.Module, error) {
	if opts != nil {
		if l, ok := opts.Layout.(layout); ok {
			unwrapped := *opts
			unwrapped.Layout = l.Layout
			opts = &unwrapped
		}
	}
	newModule := gogpu.NewModule
	if g.wgsl {
		newModule = gogpu.NewModuleWGSL
	}
	m, err := newModule(g.device, s, opts)
	if err != nil {
		return nil, err
	}
	return module{m, g.device}, nil
}

func (l layout) Binder(ranges ...host.BufferRange) hosttest.Binder {
	return hosttest.AdapterBinder(l.Layout.Binder(l.device), ranges...)
}

func (m module) Binder(ranges ...host.BufferRange) hosttest.Binder {
	return hosttest.AdapterBinder(m.Module.Binder(m.device), ranges...)
}

func (m module) Layout() hosttest.Layout { return layout{m.Module.Layout, m.device} }

func (m module) BindGroup(group uint32, rs ...hosttest.Resource) (hosttest.Handle, error) {
	return m.NewBindGroup(m.device, group, resources(rs)...)
}

func (m module) ComputePipeline(e *wgsl.EntryPoint) (hosttest.Handle, error) {
	return m.NewComputePipeline(m.device, e)
}

func (m module) RenderPipeline(o hosttest.RenderPipeline) (hosttest.Handle, error) {
	opts := &gogpu.RenderPipelineOptions{Vertex: o.Vertex, StepModes: o.StepModes, VertexBuffers: o.VertexBuffers, Fragment: o.Fragment,
		Primitive: gputypes.PrimitiveState{Topology: gputypes.PrimitiveTopologyTriangleList}}
	if fm, ok := o.FragmentModule.(module); ok {
		opts.FragmentModule = fm.Module
	}
	formats, err := hosttest.TargetFormats(o, gogpu.TextureFormat)
	if err != nil {
		return nil, err
	}
	opts.Formats = formats
	if o.Depth {
		opts.DepthStencil = &wgpu.DepthStencilState{Format: gputypes.TextureFormatDepth32Float, DepthCompare: gputypes.CompareFunctionAlways}
	}
	desc, err := m.RenderPipelineDescriptor(opts)
	if err != nil {
		return nil, err
	}
	if l, ok := o.Change.Layout.(layout); ok {
		desc.Layout = l.PipelineLayout
	}
	if o.Change.VertexStride != 0 {
		desc.Vertex.Buffers[0].ArrayStride += o.Change.VertexStride
	}
	if o.Change.AttributeOffset != 0 {
		desc.Vertex.Buffers[1].Attributes[1].Offset += o.Change.AttributeOffset
	}
	return gogpu.CreateRenderPipeline(m.device, desc)
}

func resources(rs []hosttest.Resource) []gogpu.Resource {
	out := make([]gogpu.Resource, 0, len(rs))
	for _, r := range rs {
		buf, _ := r.Buffer.(*wgpu.Buffer)
		sampler, _ := r.Sampler.(*wgpu.Sampler)
		view, _ := r.View.(*wgpu.TextureView)
		out = append(out, gogpu.Resource{Binding: r.Binding, Buffer: buf, Offset: r.Offset, Size: r.Size, Sampler: sampler, View: view})
	}
	return out
}

func (g *gpu) Dispatch(pipeline hosttest.Handle, groups [3]uint32, bindGroups []hosttest.Handle, offsets [][]uint32) error {
	enc, err := g.device.CreateCommandEncoder(nil)
	if err != nil {
		return err
	}
	pass, err := enc.BeginComputePass(nil)
	if err != nil {
		return err
	}
	pass.SetPipeline(pipeline.(*wgpu.ComputePipeline))
	for i, bg := range bindGroups {
		var offs []uint32
		if i < len(offsets) {
			offs = offsets[i]
		}
		if bg != nil {
			pass.SetBindGroup(uint32(i), bg.(*wgpu.BindGroup), offs)
		}
	}
	pass.Dispatch(groups[0], groups[1], groups[2])
	if err := pass.End(); err != nil {
		return err
	}
	return submit(g.device, enc)
}

func submit(device *wgpu.Device, enc *wgpu.CommandEncoder) error {
	cmd, err := enc.Finish()
	if err == nil {
		_, err = device.Queue().Submit(cmd)
	}
	return err
}

func (g *gpu) Render(width, height uint32, clear [4]float64, draws ...hosttest.Draw) ([]byte, error) {
	tex, view, err := g.Texture(hosttest.Texture{Label: "target", Format: "rgba8unorm", Width: width, Height: height,
		Usage: host.TextureRenderAttachment | host.TextureCopySrc})
	if err != nil {
		return nil, err
	}
	enc, err := g.device.CreateCommandEncoder(nil)
	if err != nil {
		return nil, err
	}
	pass, err := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{{
		View: view.(*wgpu.TextureView), LoadOp: gputypes.LoadOpClear, StoreOp: gputypes.StoreOpStore,
		ClearValue: gputypes.Color{R: clear[0], G: clear[1], B: clear[2], A: clear[3]},
	}}})
	if err != nil {
		return nil, err
	}
	for _, d := range draws {
		pass.SetPipeline(d.Pipeline.(*wgpu.RenderPipeline))
		for i, bg := range d.BindGroups {
			pass.SetBindGroup(uint32(i), bg.(*wgpu.BindGroup), nil)
		}
		for i, vb := range d.VertexBuffers {
			pass.SetVertexBuffer(uint32(i), vb.(*wgpu.Buffer), 0)
		}
		pass.Draw(d.Vertices, d.Instances, 0, 0)
	}
	if err := pass.End(); err != nil {
		return nil, err
	}
	if err := submit(g.device, enc); err != nil {
		return nil, err
	}
	return g.ReadTexture(tex)
}

// TestScenariosWGSL runs the scenario suite through gogpu/wgpu's WGSL path (NewModuleWGSL,
// which its backends other than Vulkan take), here on Vulkan.
func TestScenariosWGSL(t *testing.T) {
	d, v := requireDevice(t)
	hosttest.Run(t, &gpu{device: d, wgsl: true}, v)
}
