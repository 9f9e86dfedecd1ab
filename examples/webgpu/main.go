// Command webgpu is a headless WebGPU program on Cogent Core's binding
// (github.com/oliverbestmann/webgpu) whose shader tables, buffer types, bind group layouts,
// vertex buffer layouts and override values all come from wgslgo's generated code
// (examples/sprites) and its adapter (github.com/wgslgo/wgslgo/webgpu): it moves bouncing
// sprites with a compute shader, draws them offscreen with an instanced draw and writes the
// picture to a PNG.
//
//	go run . -o sprites.png
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"log"
	"os"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/examples/sprites"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/webgpu"
)

func main() {
	out := flag.String("o", "sprites.png", "the PNG file to write")
	steps := flag.Int("steps", 90, "simulation steps before the picture")
	flag.Parse()
	wgpu.SetLogLevel(wgpu.LogLevelError)
	adapter, err := wgpu.CreateInstance(nil).RequestAdapter(nil)
	if err != nil {
		log.Fatal(err)
	}
	device, err := adapter.RequestDevice(nil) // headless: no window, no surface
	if err != nil {
		log.Fatal(err)
	}
	moved, img, err := run(device, *steps)
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Create(*out)
	if err == nil {
		err = png.Encode(f, img)
		if closeErr := f.Close(); err == nil {
			err = closeErr
		}
	}
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d sprites after %d steps; the first at (%.3f, %.3f); wrote %s\n", len(moved), *steps, moved[0].Position[0], moved[0].Position[1], *out)
}

// run steps the sprites steps times and draws them: it returns where they are and the picture.
func run(device *wgpu.Device, steps int) ([]sprites.Sprite, *image.RGBA, error) {
	start, looks, corners, params := sprites.Scene()

	// The compute pipeline: step.wgsl with the override bounce set; the render pipeline:
	// draw.wgsl, corners per vertex, looks per instance.
	var o sprites.StepOverrides
	o.SetBounce(sprites.Bounce)
	step, err := webgpu.NewModule(device, &sprites.StepShader.Shader, &webgpu.ModuleOptions{Overrides: o.Values()})
	if err != nil {
		return nil, nil, err
	}
	defer step.Release()
	stepPipeline, err := step.NewComputePipeline(device, sprites.StepShader.Step())
	if err != nil {
		return nil, nil, err
	}
	draw, err := webgpu.NewModule(device, &sprites.DrawShader.Shader, nil)
	if err != nil {
		return nil, nil, err
	}
	defer draw.Release()
	drawPipeline, err := draw.NewRenderPipeline(device, &webgpu.RenderPipelineOptions{
		Vertex: sprites.DrawShader.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance},
		Fragment: sprites.DrawShader.Fs(), Formats: []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm},
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList},
	})
	if err != nil {
		return nil, nil, err
	}

	// The buffers hold generated types; the bind groups are checked against the tables. The
	// sprite buffer is storage to the compute shader and to the vertex shader.
	buffers := map[string]*wgpu.Buffer{}
	for _, b := range []struct {
		name  string
		usage wgpu.BufferUsage
		data  []byte
	}{
		{"params", wgpu.BufferUsageUniform, params.Bytes()},
		{"sprites", wgpu.BufferUsageStorage | wgpu.BufferUsageCopySrc, wgsl.SliceBytes(start)},
		{"corners", wgpu.BufferUsageVertex, wgsl.SliceBytes(corners)},
		{"looks", wgpu.BufferUsageVertex, wgsl.SliceBytes(looks)},
	} {
		if buffers[b.name], err = webgpu.NewBuffer(device, b.name, b.usage, b.data); err != nil {
			return nil, nil, err
		}
	}
	stepGroup, err := sprites.StepGroup0(step.Binder(device), buffers["params"], buffers["sprites"])
	if err != nil {
		return nil, nil, err
	}
	drawGroup, err := sprites.DrawGroup0(draw.Binder(device), buffers["sprites"])
	if err != nil {
		return nil, nil, err
	}
	target, err := device.TryCreateTexture(&wgpu.TextureDescriptor{
		Usage:     wgpu.TextureUsageRenderAttachment | wgpu.TextureUsageCopySrc,
		Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: sprites.Size, Height: sprites.Size, DepthOrArrayLayers: 1},
		Format: wgpu.TextureFormatRGBA8Unorm, MipLevelCount: 1, SampleCount: 1,
	})
	if err != nil {
		return nil, nil, err
	}
	view, err := target.TryCreateView(nil)
	if err != nil {
		return nil, nil, err
	}

	// The commands: steps compute passes of one invocation per sprite, as many workgroups as
	// the workgroup size (which the override values may set) needs, then one render pass.
	workgroupSize, err := step.WorkgroupSize(sprites.StepShader.Step())
	if err != nil {
		return nil, nil, err
	}
	groups := wgsl.WorkgroupCount(workgroupSize, [3]uint32{uint32(len(start)), 1, 1})
	err = webgpu.Submit(device, func(enc *wgpu.CommandEncoder) error {
		for range steps {
			pass := enc.BeginComputePass(nil)
			pass.SetPipeline(stepPipeline)
			pass.SetBindGroup(0, stepGroup, nil)
			pass.DispatchWorkgroups(groups[0], groups[1], groups[2])
			if err := pass.TryEnd(); err != nil {
				return err
			}
		}
		pass := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{{
			View: view, LoadOp: wgpu.LoadOpClear, StoreOp: wgpu.StoreOpStore, ClearValue: wgpu.Color{A: 1},
		}}})
		pass.SetPipeline(drawPipeline)
		pass.SetBindGroup(0, drawGroup, nil)
		pass.SetVertexBuffer(0, buffers["corners"], 0, wgpu.WholeSize)
		pass.SetVertexBuffer(1, buffers["looks"], 0, wgpu.WholeSize)
		pass.Draw(uint32(len(corners)), uint32(len(start)), 0, 0)
		return pass.TryEnd()
	})
	if err != nil {
		return nil, nil, err
	}

	// Read back: the sprites as generated types, the picture as an image.
	moved, err := host.ReadArray[sprites.Sprite](webgpu.Reader(device, buffers["sprites"]), 0, len(start))
	if err != nil {
		return nil, nil, err
	}
	img, err := webgpu.ReadImage(device, target)
	return moved, img, err
}
