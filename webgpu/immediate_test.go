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

const pushSize = 32 // the render target of the immediate-data draws is pushSize × pushSize

// Two draws of push.wgsl, each a square placed and colored by its immediate data.
var pushes = []ts.Push{
	{Offset: wgsl.Vec2f{-0.75, -0.75}, Scale: 0.75, Color: wgsl.Vec4f{1, 0.5, 0, 1}},
	{Offset: wgsl.Vec2f{0.25, 0}, Scale: 0.5, Color: wgsl.Vec4f{0, 0.25, 1, 1}},
}

// expectPushPixel is the color of pixel (x, y) after the draws of pushes, computed in Go; ok
// is false within a pixel of a square's edge.
func expectPushPixel(draws []ts.Push, x, y int) (c color.RGBA, ok bool) {
	cx := (float64(x)+0.5)/pushSize*2 - 1
	cy := 1 - (float64(y)+0.5)/pushSize*2
	margin := 2.0 / pushSize
	unorm := func(f float32) uint8 { return uint8(math.Round(float64(f) * 255)) }
	c, ok = color.RGBA{}, true
	for _, p := range draws {
		lx, ly := (cx-float64(p.Offset[0]))/float64(p.Scale), (cy-float64(p.Offset[1]))/float64(p.Scale)
		m := margin / float64(p.Scale)
		if math.Abs(lx) < m || math.Abs(lx-1) < m || math.Abs(ly) < m || math.Abs(ly-1) < m {
			ok = false
		}
		if lx > 0 && lx < 1 && ly > 0 && ly < 1 {
			c = color.RGBA{unorm(p.Color[0]), unorm(p.Color[1]), unorm(p.Color[2]), unorm(p.Color[3])}
		}
	}
	return c, ok
}

func pushDiffs(img *image.RGBA, draws []ts.Push) []string {
	var diffs []string
	for y := range pushSize {
		for x := range pushSize {
			if want, ok := expectPushPixel(draws, x, y); ok && img.RGBAAt(x, y) != want {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, img.RGBAAt(x, y), want))
			}
		}
	}
	return diffs
}

// drawPushes draws one square per element of draws with push.wgsl's render pipeline, each with
// its immediate data, mutate changing the pipeline descriptor first when not nil.
func drawPushes(t *testing.T, g *gputest.GPU, draws []ts.Push, mutate func(*wgpu.RenderPipelineDescriptor)) (*image.RGBA, error) {
	t.Helper()
	sh := &ts.PushShader
	// The render pipeline's layout serves vs and fs only: copy's storage buffer is not its.
	m, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}})
	require.NoError(t, err)
	defer m.Release()
	require.Equal(t, wgpu.PushConstantRange{Stages: wgpu.ShaderStageVertex | wgpu.ShaderStageFragment, End: sh.Push().Size}, m.Layout.PushConstants)
	desc, err := m.RenderPipelineDescriptor(&webgpu.RenderPipelineOptions{
		Vertex: sh.Vs(), Fragment: sh.Fs(),
		Formats:   []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm},
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList},
	})
	require.NoError(t, err)
	if mutate != nil {
		mutate(desc)
	}
	pipe, err := g.Device.CreateRenderPipeline(desc)
	if err != nil {
		return nil, err
	}
	defer pipe.Release()
	return render(t, g, pushSize, func(pass *wgpu.RenderPassEncoder) error {
		pass.SetPipeline(pipe)
		for _, p := range draws {
			if err := m.Layout.SetImmediates(pass, p.Bytes()); err != nil {
				return err
			}
			pass.Draw(6, 1, 0, 0)
		}
		return nil
	})
}

// TestImmediateData draws with var<immediate> data read in both stages, which the adapter
// hands wgpu-native as push constants: two draws with different data in one pass give two
// squares, as Go computes them, and one draw gives the pixels the project's SPIR-V draws with
// the same data as Vulkan push constants.
func TestImmediateData(t *testing.T) {
	g := gputest.Require(t)
	img, err := drawPushes(t, g, pushes, nil)
	require.NoError(t, err)
	gputest.WritePNG(t, img)
	diffs := pushDiffs(img, pushes)
	assert.Empty(t, diffs, "%d pixels differ", len(diffs))

	one, err := drawPushes(t, g, pushes[:1], nil)
	require.NoError(t, err)
	vk := vulkan.Require(t)
	sh := &ts.PushShader
	res, err := vk.Dispatch(vulkan.Run{SPIRV: sh.Words(), Immediate: pushes[0].Bytes(),
		Draw: &vulkan.Draw{Vertex: sh.Vs().Name, Fragment: sh.Fs().Name, Vertices: 6,
			Target: vulkan.Target{Format: vulkan.RGBA8Unorm, Width: pushSize, Height: pushSize}},
	})
	require.NoError(t, err)
	flipped := make([]byte, 0, len(res.Target))
	for y := pushSize - 1; y >= 0; y-- {
		flipped = append(flipped, res.Target[y*4*pushSize:(y+1)*4*pushSize]...)
	}
	assert.Equal(t, flipped, one.Pix, "wgpu (naga's compilation of the WGSL) and Vulkan (the project's SPIR-V) draw differently")
}

// TestImmediateDataWrongStages is the negative control: a push constant range that leaves out
// the fragment stage, which reads the data too, is refused by wgpu.
func TestImmediateDataWrongStages(t *testing.T) {
	g := gputest.Require(t)
	var layout *wgpu.PipelineLayout
	defer func() {
		if layout != nil {
			layout.Release()
		}
	}()
	_, err := drawPushes(t, g, pushes, func(d *wgpu.RenderPipelineDescriptor) {
		var err error
		layout, err = g.Device.CreatePipelineLayout(&wgpu.PipelineLayoutDescriptor{
			PushConstantRanges: []wgpu.PushConstantRange{{Stages: wgpu.ShaderStageVertex, End: ts.PushShader.Push().Size}},
		})
		require.NoError(t, err)
		d.Layout = layout
	})
	require.Error(t, err)
	t.Logf("caught by wgpu: %v", err)
}

// TestImmediateDataRefused checks the errors that say what cogentcore/webgpu cannot do with
// immediate data: set it in a compute pass, or use it on a device without push constants.
func TestImmediateDataRefused(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.PushShader
	m, err := webgpu.NewModule(g.Device, &sh.Shader, nil)
	require.NoError(t, err)
	defer m.Release()
	_, err = m.NewComputePipeline(g.Device, sh.Copy())
	assert.ErrorContains(t, err, "webgpu: push.wgsl: entry point copy: compute entry point copy uses var<immediate> push: var<immediate> data in a compute pipeline: cogentcore/webgpu v0.23.0 has no ComputePassEncoder.SetPushConstants (render passes have one, see Layout.SetImmediates); pass the data in a uniform buffer")

	plain, err := g.Adapter.RequestDevice(&wgpu.DeviceDescriptor{Label: "no push constants"})
	require.NoError(t, err)
	defer plain.Release()
	_, err = webgpu.NewModule(plain, &sh.Shader, nil)
	assert.ErrorContains(t, err, "push.wgsl: var<immediate> push needs 32 bytes of push constants, as wgpu-native calls immediate data: create the device with RequiredFeatures: []wgpu.FeatureName{wgpu.NativeFeaturePushConstants}")

	draw, err := webgpu.NewModule(g.Device, &ts.DrawShader.Shader, nil)
	require.NoError(t, err)
	defer draw.Release()
	assert.ErrorContains(t, draw.Layout.SetImmediates(nil, []byte{1}), "draw.wgsl: no entry point of the layout uses var<immediate> data")
	assert.ErrorContains(t, m.Layout.SetImmediates(nil, make([]byte, 36)), "36 bytes of immediate data; the layout's push take 32")
}
