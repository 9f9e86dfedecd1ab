package webgpu_test

import (
	"testing"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/host/hosttest"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// TestScenarios runs the scenario suite every adapter runs.
func TestScenarios(t *testing.T) {
	g := gputest.Require(t)
	hosttest.Run(t, &gpu{g}, g.Validation)
}

// gpu drives the adapter for the scenarios.
type gpu struct{ *gputest.GPU }

func (g *gpu) Profile() *host.Profile { return webgpu.Profile }
func (g *gpu) MinUniformBufferOffsetAlignment() uint32 {
	return g.Limits.MinUniformBufferOffsetAlignment
}

func (g *gpu) Buffer(label string, usage host.BufferUsage, data []byte) (hosttest.Handle, error) {
	return webgpu.NewBuffer(g.Device, label, wgpu.BufferUsage(usage), data)
}

func (g *gpu) WriteBuffer(buf hosttest.Handle, offset uint64, data []byte) error {
	return webgpu.WriteBuffer(g.Queue, buf.(*wgpu.Buffer), offset, data)
}

func (g *gpu) ReadBuffer(buf hosttest.Handle, offset, size uint64) ([]byte, error) {
	return webgpu.ReadBuffer(g.Device, buf.(*wgpu.Buffer), offset, size)
}

func (g *gpu) ReadUint32s(buf hosttest.Handle, offset uint64, n int) ([]uint32, error) {
	return host.ReadArray[uint32](webgpu.Reader(g.Device, buf.(*wgpu.Buffer)), offset, n)
}

func (g *gpu) Texture(d hosttest.Texture) (hosttest.Handle, hosttest.Handle, error) {
	format, err := webgpu.TextureFormat(d.Format)
	if err != nil {
		return nil, nil, err
	}
	size := wgpu.Extent3D{Width: d.Width, Height: d.Height, DepthOrArrayLayers: 1}
	tex, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{Label: d.Label, Usage: wgpu.TextureUsage(d.Usage), Dimension: wgpu.TextureDimension2D,
		Size: size, Format: format, MipLevelCount: 1, SampleCount: 1})
	if err != nil {
		return nil, nil, err
	}
	if d.Texels != nil {
		err = g.Queue.WriteTexture(tex.AsImageCopy(), d.Texels, &wgpu.TextureDataLayout{BytesPerRow: d.BytesPerRow, RowsPerImage: d.Height}, &size)
		if err != nil {
			return nil, nil, err
		}
	}
	if d.Usage&(host.TextureBinding|host.TextureStorageBinding|host.TextureRenderAttachment) == 0 {
		return tex, nil, nil // Vulkan has no view of a texture only copied
	}
	view, err := tex.CreateView(nil)
	return tex, view, err
}

func (g *gpu) ReadTexture(tex hosttest.Handle) ([]byte, error) {
	return webgpu.ReadTexture(g.Device, tex.(*wgpu.Texture))
}

func (g *gpu) Sampler(s hosttest.Sampler) (hosttest.Handle, error) {
	filter := wgpu.FilterModeNearest
	if s.Linear {
		filter = wgpu.FilterModeLinear
	}
	d := &wgpu.SamplerDescriptor{AddressModeU: wgpu.AddressModeClampToEdge, AddressModeV: wgpu.AddressModeClampToEdge,
		AddressModeW: wgpu.AddressModeClampToEdge, MagFilter: filter, MinFilter: filter, LodMaxClamp: 32, MaxAnisotropy: 1}
	if s.Compare == "less-equal" {
		d.Compare = wgpu.CompareFunctionLessEqual
	}
	return g.Device.CreateSampler(d)
}

// layout is a Layout of the adapter.
type layout struct {
	*webgpu.Layout
	g *gpu
}

func (l *layout) BindGroup(group uint32, rs ...hosttest.Resource) (hosttest.Handle, error) {
	return l.NewBindGroup(l.g.Device, group, resources(rs)...)
}

func (g *gpu) Layout(opts *host.LayoutOptions, shaders ...*wgsl.Shader) (hosttest.Layout, error) {
	l, err := webgpu.NewLayout(g.Device, opts, shaders...)
	if err != nil {
		return nil, err
	}
	return &layout{l, g}, nil
}

// module is a Module of the adapter.
type module struct {
	*webgpu.Module
	g *gpu
}

func (g *gpu) Module(s *wgsl.Shader, opts *host.ModuleOptions) (hosttest.Module, error) {
	if opts != nil && opts.Layout != nil {
		o := *opts
		o.Layout = opts.Layout.(*layout).Layout
		opts = &o
	}
	m, err := webgpu.NewModule(g.Device, s, opts)
	if err != nil {
		return nil, err
	}
	return &module{m, g}, nil
}

func (m *module) Layout() hosttest.Layout { return &layout{m.Module.Layout, m.g} }

func (m *module) ComputePipeline(e *wgsl.EntryPoint) (hosttest.Handle, error) {
	return m.NewComputePipeline(m.g.Device, e)
}

func (m *module) BindGroup(group uint32, rs ...hosttest.Resource) (hosttest.Handle, error) {
	return m.NewBindGroup(m.g.Device, group, resources(rs)...)
}

func (m *module) RenderPipeline(o hosttest.RenderPipeline) (hosttest.Handle, error) {
	opts := &webgpu.RenderPipelineOptions{Vertex: o.Vertex, StepModes: o.StepModes, Fragment: o.Fragment,
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList}}
	if o.Fragment != nil {
		opts.Formats = []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm}
	}
	if o.FragmentModule != nil {
		opts.FragmentModule = o.FragmentModule.(*module).Module
	}
	desc, err := m.RenderPipelineDescriptor(opts)
	if err != nil {
		return nil, err
	}
	if c := o.Change; c.VertexStride != 0 || c.AttributeOffset != 0 {
		desc.Vertex.Buffers[0].ArrayStride += c.VertexStride
		desc.Vertex.Buffers[1].Attributes[1].Offset += c.AttributeOffset
	}
	if o.Change.Layout != nil {
		desc.Layout = o.Change.Layout.(*layout).PipelineLayout
	}
	return m.g.Device.CreateRenderPipeline(desc)
}

func resources(rs []hosttest.Resource) []webgpu.Resource {
	out := make([]webgpu.Resource, len(rs))
	for i, r := range rs {
		out[i] = webgpu.Resource{Binding: r.Binding, Offset: r.Offset, Size: r.Size}
		out[i].Buffer, _ = r.Buffer.(*wgpu.Buffer)
		out[i].Sampler, _ = r.Sampler.(*wgpu.Sampler)
		out[i].View, _ = r.View.(*wgpu.TextureView)
	}
	return out
}

func (g *gpu) Dispatch(pipeline hosttest.Handle, groups [3]uint32, bindGroups []hosttest.Handle, offsets [][]uint32) error {
	enc, err := g.Device.CreateCommandEncoder(nil)
	if err != nil {
		return err
	}
	defer enc.Release()
	pass := enc.BeginComputePass(nil)
	pass.SetPipeline(pipeline.(*wgpu.ComputePipeline))
	for i, bg := range bindGroups {
		if bg != nil {
			var offs []uint32
			if i < len(offsets) {
				offs = offsets[i]
			}
			pass.SetBindGroup(uint32(i), bg.(*wgpu.BindGroup), offs)
		}
	}
	pass.DispatchWorkgroups(groups[0], groups[1], groups[2])
	err = pass.End()
	pass.Release() // before Finish: wgpu-native wants the pass gone
	if err != nil {
		return err
	}
	cmd, err := enc.Finish(nil)
	if err != nil {
		return err
	}
	defer cmd.Release()
	g.Queue.Submit(cmd)
	return nil
}

func (g *gpu) Render(width, height uint32, clear [4]float64, draws ...hosttest.Draw) ([]byte, error) {
	target, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{
		Usage:     wgpu.TextureUsageRenderAttachment | wgpu.TextureUsageCopySrc,
		Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: width, Height: height, DepthOrArrayLayers: 1},
		Format: wgpu.TextureFormatRGBA8Unorm, MipLevelCount: 1, SampleCount: 1,
	})
	if err != nil {
		return nil, err
	}
	defer target.Release()
	view, err := target.CreateView(nil)
	if err != nil {
		return nil, err
	}
	defer view.Release()
	enc, err := g.Device.CreateCommandEncoder(nil)
	if err != nil {
		return nil, err
	}
	defer enc.Release()
	pass := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{{
		View: view, LoadOp: wgpu.LoadOpClear, StoreOp: wgpu.StoreOpStore, ClearValue: wgpu.Color{R: clear[0], G: clear[1], B: clear[2], A: clear[3]},
	}}})
	err = record(pass, draws)
	if endErr := pass.End(); err == nil {
		err = endErr
	}
	pass.Release() // before Finish: wgpu-native wants the pass gone
	if err != nil {
		return nil, err
	}
	cmd, err := enc.Finish(nil)
	if err != nil {
		return nil, err
	}
	defer cmd.Release()
	g.Queue.Submit(cmd)
	return webgpu.ReadTexture(g.Device, target)
}

func record(pass *wgpu.RenderPassEncoder, draws []hosttest.Draw) error {
	for _, d := range draws {
		pass.SetPipeline(d.Pipeline.(*wgpu.RenderPipeline))
		for i, bg := range d.BindGroups {
			pass.SetBindGroup(uint32(i), bg.(*wgpu.BindGroup), nil)
		}
		for i, vb := range d.VertexBuffers {
			pass.SetVertexBuffer(uint32(i), vb.(*wgpu.Buffer), 0, wgpu.WholeSize)
		}
		if d.Immediates != nil {
			if err := d.Layout.(*layout).SetImmediates(pass, d.Immediates); err != nil {
				return err
			}
		}
		pass.Draw(d.Vertices, d.Instances, 0, 0)
	}
	return nil
}
