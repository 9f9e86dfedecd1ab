package webgpu_test

import (
	"image"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// The end-to-end tests run shaders through wgpu-native, which compiles the generated WGSL
// with its own compiler (naga), and through the project's Vulkan harness, which runs the
// project's SPIR-V of the same shader on the same driver, and want the same bytes from both,
// equal to what Go computes. Every size, offset, format, binding kind and override they use
// comes from the generated code.

// dispatch runs a compute pipeline once, with bind groups at their indices (a nil one is
// left unset) and dynamic offsets for each.
func dispatch(g *gputest.GPU, pipe *wgpu.ComputePipeline, groups [3]uint32, bindGroups []*wgpu.BindGroup, offsets [][]uint32) error {
	enc, err := g.Device.CreateCommandEncoder(nil)
	if err != nil {
		return err
	}
	defer enc.Release()
	pass := enc.BeginComputePass(nil)
	pass.SetPipeline(pipe)
	for i, bg := range bindGroups {
		if bg != nil {
			var offs []uint32
			if i < len(offsets) {
				offs = offsets[i]
			}
			pass.SetBindGroup(uint32(i), bg, offs)
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

// vulkanBinding is the harness binding of a binding of a generated table, holding data (a
// buffer's bytes or an image's texels).
func vulkanBinding(t testing.TB, b *wgsl.Binding, data []byte) vulkan.Binding {
	t.Helper()
	vb, err := vulkan.BindingOf(b)
	require.NoError(t, err)
	vb.Data = data
	return vb
}

// withImage and withSampler set a harness binding's image and sampler descriptions.
func withImage(b vulkan.Binding, d *vulkan.ImageDesc) vulkan.Binding     { b.Image = d; return b }
func withSampler(b vulkan.Binding, d *vulkan.SamplerDesc) vulkan.Binding { b.Sampler = d; return b }

// render records one render pass with record into a new RGBA8Unorm target of size × size,
// cleared to zero, submits it and reads the target back.
func render(t *testing.T, g *gputest.GPU, size uint32, record func(pass *wgpu.RenderPassEncoder) error) (*image.RGBA, error) {
	t.Helper()
	return renderTarget(t, g, size, size, wgpu.Color{}, record)
}

// renderTarget is render into a width × height target cleared to clear.
func renderTarget(t *testing.T, g *gputest.GPU, width, height uint32, clear wgpu.Color, record func(pass *wgpu.RenderPassEncoder) error) (*image.RGBA, error) {
	t.Helper()
	target, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{
		Usage:     wgpu.TextureUsageRenderAttachment | wgpu.TextureUsageCopySrc,
		Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: width, Height: height, DepthOrArrayLayers: 1},
		Format: wgpu.TextureFormatRGBA8Unorm, MipLevelCount: 1, SampleCount: 1,
	})
	require.NoError(t, err)
	defer target.Release()
	view, err := target.CreateView(nil)
	require.NoError(t, err)
	defer view.Release()
	enc, err := g.Device.CreateCommandEncoder(nil)
	require.NoError(t, err)
	defer enc.Release()
	pass := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{{
		View: view, LoadOp: wgpu.LoadOpClear, StoreOp: wgpu.StoreOpStore, ClearValue: clear,
	}}})
	err = record(pass)
	if endErr := pass.End(); err == nil {
		err = endErr
	}
	pass.Release() // before Finish: wgpu-native wants the pass gone
	if err != nil {
		return nil, err
	}
	cmd, err := enc.Finish(nil)
	require.NoError(t, err)
	defer cmd.Release()
	g.Queue.Submit(cmd)
	return webgpu.ReadImage(g.Device, target)
}
