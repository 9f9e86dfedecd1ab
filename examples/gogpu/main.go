// Command gogpu is a headless WebGPU program on gogpu/wgpu, pure Go (it runs with
// CGO_ENABLED=0: the Vulkan loader is opened at run time), whose shader tables, buffer types,
// bind group layouts, vertex buffer layouts and override values all come from wgslgo's
// generated code (examples/sprites) and its adapter (github.com/wgslgo/wgslgo/gogpu): it moves
// bouncing sprites with a compute shader, draws them offscreen with an instanced draw and
// writes the picture to a PNG. The shaders reach the driver as wgslgo's SPIR-V.
//
//	CGO_ENABLED=0 go run . -o sprites.png
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"log"
	"os"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"
	_ "github.com/gogpu/wgpu/hal/vulkan" // the backend

	"github.com/wgslgo/wgslgo/examples/sprites"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/gogpu"
	"github.com/wgslgo/wgslgo/host"
)

var (
	out   = flag.String("o", "sprites.png", "the PNG file to write")
	steps = flag.Int("steps", 90, "simulation steps before the picture")
)

func main() {
	flag.Parse()
	if os.Getenv("XDG_RUNTIME_DIR") == "" {
		os.Setenv("XDG_RUNTIME_DIR", os.TempDir()) // gogpu/wgpu complains on every run without one
	}
	device, err := openDevice()
	if err != nil {
		log.Fatal(err)
	}
	moved, img, err := run(device, *steps)
	if err == nil {
		err = writePNG(*out, img)
	}
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d sprites after %d steps; the first at (%.3f, %.3f); wrote %s\n", len(moved), *steps, moved[0].Position[0], moved[0].Position[1], *out)
}

// openDevice opens a device on the Vulkan backend, headless: no window, no surface.
func openDevice() (*wgpu.Device, error) {
	instance, err := wgpu.CreateInstance(&wgpu.InstanceDescriptor{Backends: gputypes.BackendsVulkan})
	if err != nil {
		return nil, err
	}
	adapter, err := instance.RequestAdapter(nil)
	if err != nil {
		return nil, err
	}
	return adapter.RequestDevice(nil)
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}

// frame is what one run makes on the device.
type frame struct {
	device                *wgpu.Device
	step, draw            *gogpu.Module
	params, sprites       *wgpu.Buffer
	corners, looks        *wgpu.Buffer
	target                *wgpu.Texture
	targetDesc            *wgpu.TextureDescriptor
	stepGroup, drawGroup  *wgpu.BindGroup
	computePipe           *wgpu.ComputePipeline
	renderPipe            *wgpu.RenderPipeline
	workgroups, instances [3]uint32
}

// run steps the sprites steps times and draws them: it returns where they are and the picture.
func run(device *wgpu.Device, steps int) ([]sprites.Sprite, *image.RGBA, error) {
	f := &frame{device: device}
	for _, step := range []func() error{f.pipelines, f.buffers, f.bindGroups} {
		if err := step(); err != nil {
			return nil, nil, err
		}
	}
	defer f.step.Release()
	defer f.draw.Release()
	if err := f.record(steps); err != nil {
		return nil, nil, err
	}
	// Read back: the sprites as generated types, the picture as an image.
	moved, err := host.ReadArray[sprites.Sprite](gogpu.Reader(device, f.sprites), 0, int(f.instances[0]))
	if err != nil {
		return nil, nil, err
	}
	img, err := gogpu.ReadImage(device, f.target, f.targetDesc)
	return moved, img, err
}

// pipelines makes the compute pipeline of step.wgsl, with the override bounce set, and the
// render pipeline of draw.wgsl: corners per vertex, looks per instance.
func (f *frame) pipelines() (err error) {
	var o sprites.StepOverrides
	o.SetBounce(sprites.Bounce)
	if f.step, err = gogpu.NewModule(f.device, &sprites.StepShader.Shader, &gogpu.ModuleOptions{Overrides: o.Values()}); err != nil {
		return err
	}
	if f.computePipe, err = f.step.NewComputePipeline(f.device, sprites.StepShader.Step()); err != nil {
		return err
	}
	if f.draw, err = gogpu.NewModule(f.device, &sprites.DrawShader.Shader, nil); err != nil {
		return err
	}
	f.renderPipe, err = f.draw.NewRenderPipeline(f.device, &gogpu.RenderPipelineOptions{
		Vertex: sprites.DrawShader.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance},
		Fragment: sprites.DrawShader.Fs(), Formats: []gputypes.TextureFormat{gputypes.TextureFormatRGBA8Unorm},
		Primitive: gputypes.PrimitiveState{Topology: gputypes.PrimitiveTopologyTriangleList},
	})
	return err
}

// buffers makes the buffers, each holding generated types (the sprite buffer is storage to
// the compute shader and to the vertex shader), and the target.
func (f *frame) buffers() (err error) {
	start, looks, corners, params := sprites.Scene()
	f.instances = [3]uint32{uint32(len(start)), uint32(len(corners)), 1}
	newBuffer := func(dst **wgpu.Buffer, label string, usage wgpu.BufferUsage, data []byte) {
		if err == nil {
			*dst, err = gogpu.NewBuffer(f.device, label, usage, data)
		}
	}
	newBuffer(&f.params, "params", wgpu.BufferUsageUniform, params.Bytes())
	newBuffer(&f.sprites, "sprites", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, wgsl.SliceBytes(start))
	newBuffer(&f.corners, "corners", wgpu.BufferUsageVertex, wgsl.SliceBytes(corners))
	newBuffer(&f.looks, "looks", wgpu.BufferUsageVertex, wgsl.SliceBytes(looks))
	if err != nil {
		return err
	}
	f.targetDesc = &wgpu.TextureDescriptor{Label: "picture", Size: wgpu.Extent3D{Width: sprites.Size, Height: sprites.Size, DepthOrArrayLayers: 1},
		MipLevelCount: 1, SampleCount: 1, Dimension: gputypes.TextureDimension2D, Format: gputypes.TextureFormatRGBA8Unorm,
		Usage: wgpu.TextureUsageRenderAttachment | wgpu.TextureUsageCopySrc}
	f.target, err = f.device.CreateTexture(f.targetDesc)
	return err
}

// bindGroups makes the bind groups, checked against the tables, and the dispatch size: as
// many workgroups of the workgroup size (which the override values may set) as one
// invocation per sprite needs.
func (f *frame) bindGroups() (err error) {
	if f.stepGroup, err = sprites.StepGroup0(f.step.Binder(f.device), f.params, f.sprites); err != nil {
		return err
	}
	if f.drawGroup, err = sprites.DrawGroup0(f.draw.Binder(f.device), f.sprites); err != nil {
		return err
	}
	size, err := f.step.WorkgroupSize(sprites.StepShader.Step())
	f.workgroups = wgsl.WorkgroupCount(size, [3]uint32{f.instances[0], 1, 1})
	return err
}

// record records steps compute passes and one render pass, and submits them.
func (f *frame) record(steps int) error {
	enc, err := f.device.CreateCommandEncoder(nil)
	if err != nil {
		return err
	}
	for range steps {
		pass, err := enc.BeginComputePass(nil)
		if err != nil {
			return err
		}
		pass.SetPipeline(f.computePipe)
		pass.SetBindGroup(0, f.stepGroup, nil)
		pass.Dispatch(f.workgroups[0], f.workgroups[1], f.workgroups[2])
		if err := pass.End(); err != nil {
			return err
		}
	}
	view, err := f.device.CreateTextureView(f.target, nil)
	if err != nil {
		return err
	}
	pass, err := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{{
		View: view, LoadOp: gputypes.LoadOpClear, StoreOp: gputypes.StoreOpStore, ClearValue: gputypes.Color{A: 1}}}})
	if err != nil {
		return err
	}
	pass.SetPipeline(f.renderPipe)
	pass.SetBindGroup(0, f.drawGroup, nil)
	pass.SetVertexBuffer(0, f.corners, 0)
	pass.SetVertexBuffer(1, f.looks, 0)
	pass.Draw(f.instances[1], f.instances[0], 0, 0)
	if err := pass.End(); err != nil {
		return err
	}
	cmd, err := enc.Finish()
	if err == nil {
		_, err = f.device.Queue().Submit(cmd)
	}
	return err
}
