// Command webgpu is a headless WebGPU program on cogentcore/webgpu whose shader tables, buffer
// types, bind group layouts, vertex buffer layouts and override values all come from wgslgo's
// generated code and its adapter (github.com/wgslgo/wgslgo/webgpu): it moves bouncing sprites
// with a compute shader (step.wgsl), draws them offscreen with an instanced draw (draw.wgsl)
// and writes the picture to a PNG.
//
//	go run . -o sprites.png
package main

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen -o shaders_wgsl.go step.wgsl draw.wgsl

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"log"
	"os"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/webgpu"
)

const (
	size    = 256 // the picture is size × size pixels
	columns = 8   // sprites start on a grid of columns × rows
	rows    = 4
)

func main() {
	out := flag.String("o", "sprites.png", "the PNG file to write")
	steps := flag.Int("steps", 90, "simulation steps before the picture")
	flag.Parse()
	device, err := openDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer device.Release()
	sprites, img, err := run(device, *steps)
	if err != nil {
		log.Fatal(err)
	}
	if err := writePNG(*out, img); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d sprites after %d steps; the first at (%.3f, %.3f); wrote %s\n",
		len(sprites), *steps, sprites[0].Position[0], sprites[0].Position[1], *out)
}

// openDevice opens a headless device: no window, no surface.
func openDevice() (*wgpu.Device, error) {
	wgpu.SetLogLevel(wgpu.LogLevelError)
	instance := wgpu.CreateInstance(nil)
	defer instance.Release()
	adapter, err := instance.RequestAdapter(nil)
	if err != nil {
		return nil, err
	}
	defer adapter.Release()
	return adapter.RequestDevice(nil)
}

// The scene: where the sprites start, their colors and sizes, the corners of a square, and
// the simulation's parameters.
func scene() (sprites []Sprite, looks []Look, corners []Corner, params Params) {
	for i := range columns * rows {
		x, y := float32(i%columns), float32(i/columns)
		sprites = append(sprites, Sprite{
			Position: wgsl.Vec2f{-0.75 + x*0.21875, -0.5 + y*0.4375},
			Velocity: wgsl.Vec2f{(x - 3.5) / 64, x / 8},
		})
		looks = append(looks, Look{Color: wgsl.Vec3f{x / 7, y / 3, 1 - x/7}, Size: 0.03125 + y/128})
	}
	for _, c := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}} {
		corners = append(corners, Corner{Offset: wgsl.Vec2f{c[0], c[1]}})
	}
	return sprites, looks, corners, Params{Gravity: wgsl.Vec3f{0, -2, 0}, Dt: 1.0 / 64}
}

// bounce is the override value of step.wgsl's bounce for this program.
const bounce = 0.8

// run steps the sprites steps times and draws them: it returns where they are and the picture.
func run(device *wgpu.Device, steps int) ([]Sprite, *image.RGBA, error) {
	sprites, looks, corners, params := scene()
	queue := device.GetQueue()
	defer queue.Release()

	// The compute pipeline: step.wgsl with the override bounce set.
	var o StepOverrides
	o.SetBounce(bounce)
	step, err := webgpu.NewModule(device, &StepShader.Shader, &webgpu.ModuleOptions{Overrides: o.Values()})
	if err != nil {
		return nil, nil, err
	}
	defer step.Release()
	stepPipeline, err := step.NewComputePipeline(device, StepShader.Step())
	if err != nil {
		return nil, nil, err
	}
	defer stepPipeline.Release()

	// The render pipeline: draw.wgsl, corners per vertex, looks per instance.
	draw, err := webgpu.NewModule(device, &DrawShader.Shader, nil)
	if err != nil {
		return nil, nil, err
	}
	defer draw.Release()
	drawPipeline, err := draw.NewRenderPipeline(device, &webgpu.RenderPipelineOptions{
		Vertex:    DrawShader.Vs(),
		StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance},
		Fragment:  DrawShader.Fs(),
		Formats:   []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm},
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList},
	})
	if err != nil {
		return nil, nil, err
	}
	defer drawPipeline.Release()

	// The buffers, each holding generated types, and the bind groups, checked against the
	// tables: the sprite buffer is storage to the compute shader and to the vertex shader.
	paramBuf, err := webgpu.NewBuffer(device, "params", wgpu.BufferUsageUniform, params.Bytes())
	if err != nil {
		return nil, nil, err
	}
	defer paramBuf.Release()
	spriteBuf, err := webgpu.NewBuffer(device, "sprites", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, wgsl.SliceBytes(sprites))
	if err != nil {
		return nil, nil, err
	}
	defer spriteBuf.Release()
	cornerBuf, err := webgpu.NewBuffer(device, "corners", wgpu.BufferUsageVertex, wgsl.SliceBytes(corners))
	if err != nil {
		return nil, nil, err
	}
	defer cornerBuf.Release()
	lookBuf, err := webgpu.NewBuffer(device, "looks", wgpu.BufferUsageVertex, wgsl.SliceBytes(looks))
	if err != nil {
		return nil, nil, err
	}
	defer lookBuf.Release()
	stepGroup, err := step.NewBindGroup(device, 0,
		webgpu.Buffer(StepShader.Params(), paramBuf), webgpu.Buffer(StepShader.Sprites(), spriteBuf))
	if err != nil {
		return nil, nil, err
	}
	defer stepGroup.Release()
	drawGroup, err := draw.NewBindGroup(device, 0, webgpu.Buffer(DrawShader.Sprites(), spriteBuf))
	if err != nil {
		return nil, nil, err
	}
	defer drawGroup.Release()

	target, err := device.CreateTexture(&wgpu.TextureDescriptor{
		Usage:     wgpu.TextureUsageRenderAttachment | wgpu.TextureUsageCopySrc,
		Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: size, Height: size, DepthOrArrayLayers: 1},
		Format: wgpu.TextureFormatRGBA8Unorm, MipLevelCount: 1, SampleCount: 1,
	})
	if err != nil {
		return nil, nil, err
	}
	defer target.Release()
	view, err := target.CreateView(nil)
	if err != nil {
		return nil, nil, err
	}
	defer view.Release()

	// The commands: steps compute passes, then one render pass.
	enc, err := device.CreateCommandEncoder(nil)
	if err != nil {
		return nil, nil, err
	}
	defer enc.Release()
	// The workgroup size as the module's override values make it (an override may set it),
	// and enough workgroups for one invocation per sprite.
	workgroupSize, err := step.WorkgroupSize(StepShader.Step())
	if err != nil {
		return nil, nil, err
	}
	groups := wgsl.WorkgroupCount(workgroupSize, [3]uint32{uint32(len(sprites)), 1, 1})
	for range steps {
		pass := enc.BeginComputePass(nil)
		pass.SetPipeline(stepPipeline)
		pass.SetBindGroup(0, stepGroup, nil)
		pass.DispatchWorkgroups(groups[0], groups[1], groups[2])
		err := pass.End()
		pass.Release()
		if err != nil {
			return nil, nil, err
		}
	}
	pass := enc.BeginRenderPass(&wgpu.RenderPassDescriptor{ColorAttachments: []wgpu.RenderPassColorAttachment{{
		View: view, LoadOp: wgpu.LoadOpClear, StoreOp: wgpu.StoreOpStore, ClearValue: wgpu.Color{A: 1},
	}}})
	pass.SetPipeline(drawPipeline)
	pass.SetBindGroup(0, drawGroup, nil)
	pass.SetVertexBuffer(0, cornerBuf, 0, wgpu.WholeSize)
	pass.SetVertexBuffer(1, lookBuf, 0, wgpu.WholeSize)
	pass.Draw(uint32(len(corners)), uint32(len(sprites)), 0, 0)
	err = pass.End()
	pass.Release()
	if err != nil {
		return nil, nil, err
	}
	cmd, err := enc.Finish(nil)
	if err != nil {
		return nil, nil, err
	}
	defer cmd.Release()
	queue.Submit(cmd)

	// Read back: the sprites as generated types, the picture as an image.
	moved, err := host.ReadArray[Sprite](webgpu.Reader(device, spriteBuf), 0, len(sprites))
	if err != nil {
		return nil, nil, err
	}
	img, err := webgpu.ReadImage(device, target)
	return moved, img, err
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
