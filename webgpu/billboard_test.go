package webgpu_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

const billboardSize = 64 // the render target is billboardSize × billboardSize

// The scene of billboard.wgsl: particles (values that float32 arithmetic keeps exact, so that
// Go and the GPU agree bit for bit), one simulation step, the corners of a unit square and the
// view.
var (
	billboards = []ts.Particle{
		{Position: wgsl.Vec2f{-0.75, -0.75}, Size: 0.5, Color: wgsl.Vec4f{1, 0, 0, 1}, Velocity: wgsl.Vec2f{0.25, 0.5}},
		{Position: wgsl.Vec2f{0.25, -0.75}, Size: 0.25, Color: wgsl.Vec4f{0, 1, 0, 1}, Velocity: wgsl.Vec2f{0, 1}},
		{Position: wgsl.Vec2f{-0.5, 0.25}, Size: 0.375, Color: wgsl.Vec4f{0, 0, 1, 1}, Velocity: wgsl.Vec2f{-0.125, 0.25}},
		{Position: wgsl.Vec2f{0.25, 0.375}, Size: 0.5, Color: wgsl.Vec4f{1, 1, 1, 1}, Velocity: wgsl.Vec2f{0.5, -0.25}},
		{Position: wgsl.Vec2f{0.5, -0.25}, Size: 0.125, Color: wgsl.Vec4f{1, 0, 1, 1}, Velocity: wgsl.Vec2f{0, 0}},
	}
	billboardSim  = ts.Sim{Dt: 0.5, Gravity: wgsl.Vec2f{0, -0.5}}
	billboardView = ts.View{Scale: wgsl.Vec2f{1, 0.75}, Tint: wgsl.Vec3f{1, 0.5, 0.25}}
	unitSquare    = []ts.Corner{{Offset: wgsl.Vec2f{0, 0}}, {Offset: wgsl.Vec2f{1, 0}}, {Offset: wgsl.Vec2f{1, 1}},
		{Offset: wgsl.Vec2f{0, 0}}, {Offset: wgsl.Vec2f{1, 1}}, {Offset: wgsl.Vec2f{0, 1}}}
)

// simulateInGo is billboard.wgsl's simulate, in Go.
func simulateInGo(ps []ts.Particle, sim ts.Sim) []ts.Particle {
	out := append([]ts.Particle(nil), ps...)
	for i := range out {
		p := &out[i]
		for k := range 2 {
			p.Velocity[k] += sim.Gravity[k] * sim.Dt
			p.Position[k] += p.Velocity[k] * sim.Dt
		}
	}
	return out
}

// billboardDiffs compares img with the squares of ps as Go computes them (within a pixel of
// an edge, rasterization decides).
func billboardDiffs(img *image.RGBA, ps []ts.Particle) []string {
	var diffs []string
	unorm := func(f float32) uint8 { return uint8(math.Round(float64(min(max(f, 0), 1)) * 255)) }
	for y := range billboardSize {
		for x := range billboardSize {
			cx := (float64(x)+0.5)/billboardSize*2 - 1
			cy := 1 - (float64(y)+0.5)/billboardSize*2
			want, ok := color.RGBA{}, true
			for _, p := range ps {
				w, h := float64(p.Size*billboardView.Scale[0]), float64(p.Size*billboardView.Scale[1])
				lx, ly := (cx-float64(p.Position[0]))/w, (cy-float64(p.Position[1]))/h
				if math.Abs(lx) < 2/billboardSize/w || math.Abs(lx-1) < 2/billboardSize/w ||
					math.Abs(ly) < 2/billboardSize/h || math.Abs(ly-1) < 2/billboardSize/h {
					ok = false
				}
				if lx > 0 && lx < 1 && ly > 0 && ly < 1 {
					want = color.RGBA{unorm(p.Color[0] * billboardView.Tint[0]), unorm(p.Color[1] * billboardView.Tint[1]),
						unorm(p.Color[2] * billboardView.Tint[2]), 255}
				}
			}
			if got := img.RGBAAt(x, y); ok && got != want {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// runBillboards steps the particles with the compute pipeline, reads them back, and draws
// them with the render pipeline from the same storage buffer, stepped by the given modes.
func runBillboards(t *testing.T, g *gputest.GPU, modes []wgsl.VertexStepMode) ([]ts.Particle, *image.RGBA, error) {
	t.Helper()
	sh := &ts.BillboardShader
	// view and sim are both @group(0) @binding(0): one layout cannot hold both.
	_, err := webgpu.NewModule(g.Device, &sh.Shader, nil)
	require.ErrorContains(t, err, "billboard.wgsl: view and sim are both @group(0) @binding(0), which one layout cannot hold")
	sim, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Simulate()}})
	require.NoError(t, err)
	defer sim.Release()
	draw, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}})
	require.NoError(t, err)
	defer draw.Release()
	step, err := sim.NewComputePipeline(g.Device, sh.Simulate())
	require.NoError(t, err)
	defer step.Release()
	pipe, err := draw.NewRenderPipeline(g.Device, &webgpu.RenderPipelineOptions{
		Vertex: sh.Vs(), StepModes: modes, Fragment: sh.Fs(),
		Formats:   []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm},
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList},
	})
	require.NoError(t, err)
	defer pipe.Release()

	newBuffer := func(label string, usage wgpu.BufferUsage, data []byte) *wgpu.Buffer {
		b, err := webgpu.NewBuffer(g.Device, label, usage, data)
		require.NoError(t, err)
		t.Cleanup(b.Release)
		return b
	}
	// The particles are storage to the compute pipeline and per-instance vertices to the draw.
	particles := newBuffer("particles", wgpu.BufferUsageStorage|wgpu.BufferUsageVertex|wgpu.BufferUsageCopySrc, wgsl.SliceBytes(billboards))
	simBuf := newBuffer("sim", wgpu.BufferUsageUniform, billboardSim.Bytes())
	viewBuf := newBuffer("view", wgpu.BufferUsageUniform, billboardView.Bytes())
	// Twice as many corners as drawn, so that a wrong step mode reads wrong data, not past the
	// buffer's end.
	corners := newBuffer("corners", wgpu.BufferUsageVertex, append(wgsl.SliceBytes(unitSquare), make([]byte, len(wgsl.SliceBytes(unitSquare)))...))

	simGroup, err := sim.NewBindGroup(g.Device, 0, webgpu.Buffer(sh.Sim(), simBuf), webgpu.Buffer(sh.Particles(), particles))
	require.NoError(t, err)
	defer simGroup.Release()
	_, err = draw.NewBindGroup(g.Device, 0, webgpu.Buffer(sh.Sim(), simBuf))
	require.ErrorContains(t, err, "@group(0) @binding(0) sim is not a binding of billboard.wgsl: @group(0) @binding(0) is view here")
	drawGroup, err := draw.NewBindGroup(g.Device, 0, webgpu.Buffer(sh.View(), viewBuf))
	require.NoError(t, err)
	defer drawGroup.Release()

	size, err := sim.WorkgroupSize(sh.Simulate())
	require.NoError(t, err)
	require.NoError(t, dispatch(g, step, wgsl.WorkgroupCount(size, [3]uint32{uint32(len(billboards)), 1, 1}), []*wgpu.BindGroup{simGroup}, nil))
	moved, err := webgpu.ReadArray[ts.Particle](g.Device, particles, 0, len(billboards))
	require.NoError(t, err)

	img, err := render(t, g, billboardSize, func(pass *wgpu.RenderPassEncoder) error {
		pass.SetPipeline(pipe)
		pass.SetBindGroup(0, drawGroup, nil)
		pass.SetVertexBuffer(0, corners, 0, wgpu.WholeSize)
		pass.SetVertexBuffer(1, particles, 0, wgpu.WholeSize)
		pass.Draw(uint32(len(unitSquare)), uint32(len(billboards)), 0, 0)
		return nil
	})
	return moved, img, err
}

// TestSharedBindingNumber runs the WebGPU samples' particles pattern: a compute and a render
// entry point of one shader with different uniforms at @group(0) @binding(0), each module
// made for its own entry points, and the storage buffer the compute pipeline writes drawn as
// per-instance vertices, a structure with one Go type and one layout in both roles. The
// particles equal Go's step, the picture Go's squares, and both equal what the project's
// SPIR-V computes and draws on the Vulkan harness.
func TestSharedBindingNumber(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.BillboardShader
	moved, img, err := runBillboards(t, g, []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance})
	require.NoError(t, err)
	want := simulateInGo(billboards, billboardSim)
	require.Equal(t, want, moved)
	gputest.WritePNG(t, img)
	diffs := billboardDiffs(img, want)
	assert.Empty(t, diffs, "%d pixels differ", len(diffs))

	vk := vulkan.Require(t)
	size, err := sh.WorkgroupSize(sh.Simulate(), nil)
	require.NoError(t, err)
	res, err := vk.Dispatch(vulkan.Run{SPIRV: sh.Words(), Entry: sh.Simulate().Name,
		Groups: wgsl.WorkgroupCount(size, [3]uint32{uint32(len(billboards)), 1, 1}),
		Bindings: []vulkan.Binding{
			vulkanBinding(t, sh.Sim(), billboardSim.Bytes()),
			vulkanBinding(t, sh.Particles(), wgsl.SliceBytes(billboards)),
		}})
	require.NoError(t, err)
	assert.Equal(t, res.Bytes(sh.Particles().Group, sh.Particles().Binding), wgsl.SliceBytes(moved), "wgpu and Vulkan step differently")

	corners, err := vulkan.VertexBufferOf(sh.Vs().VertexBuffers[0].PerVertex(), wgsl.SliceBytes(unitSquare))
	require.NoError(t, err)
	instances, err := vulkan.VertexBufferOf(sh.Vs().VertexBuffers[1].PerInstance(), wgsl.SliceBytes(moved))
	require.NoError(t, err)
	res, err = vk.Dispatch(vulkan.Run{SPIRV: sh.Words(),
		Bindings: []vulkan.Binding{vulkanBinding(t, sh.View(), billboardView.Bytes())},
		Draw: &vulkan.Draw{Vertex: sh.Vs().Name, Fragment: sh.Fs().Name,
			VertexBuffers: []vulkan.VertexBuffer{corners, instances}, Vertices: uint32(len(unitSquare)), Instances: uint32(len(moved)),
			Target: vulkan.Target{Format: vulkan.RGBA8Unorm, Width: billboardSize, Height: billboardSize}},
	})
	require.NoError(t, err)
	flipped := make([]byte, 0, len(res.Target))
	for y := billboardSize - 1; y >= 0; y-- {
		flipped = append(flipped, res.Target[y*4*billboardSize:(y+1)*4*billboardSize]...)
	}
	assert.Equal(t, flipped, img.Pix, "wgpu (naga's compilation of the WGSL) and Vulkan (the project's SPIR-V) draw differently")
}

// TestSharedBindingNumberWrongStepMode is the negative control: the particle buffer stepped per
// vertex instead of per instance reads past its 5 particles (a wgpu validation error) or, were
// the buffer longer, draws the wrong squares.
func TestSharedBindingNumberWrongStepMode(t *testing.T) {
	g := gputest.Require(t)
	_, img, err := runBillboards(t, g, []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepVertex})
	if err != nil {
		require.ErrorContains(t, err, "extends beyond limit")
		t.Logf("caught by wgpu: %v", err)
		return
	}
	diffs := billboardDiffs(img, simulateInGo(billboards, billboardSim))
	require.NotEmpty(t, diffs, "the pixel check missed the wrong step mode")
	t.Logf("caught: %d pixels differ, the first %s", len(diffs), diffs[0])
}
