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
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

const shadowSize = 32 // the render target is shadowSize × shadowSize

// The scene of shadow_vertex.wgsl and shadow_fragment.wgsl: a square at depth 0.5 seen by a
// light whose view-projection is the identity, over a 2 × 2 shadow map whose texels are
// nearer (0.25) and farther (0.75) than the square.
var (
	shadowScene = ts.Scene{LightViewProj: wgsl.Mat4x4f{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
		LightColor: wgsl.Vec3f{1, 0.75, 0.5}}
	shadowModel  = ts.Model{Offset: wgsl.Vec2f{-0.5, -0.5}, Depth: 0.5}
	shadowSquare = []ts.ShadowVertexMainInput{{Position: wgsl.Vec2f{0, 0}}, {Position: wgsl.Vec2f{1, 0}}, {Position: wgsl.Vec2f{1, 1}},
		{Position: wgsl.Vec2f{0, 0}}, {Position: wgsl.Vec2f{1, 1}}, {Position: wgsl.Vec2f{0, 1}}}
	shadowDepths = [2][2]float32{{0.25, 0.75}, {0.75, 0.25}} // rows top first
)

// shadowDiffs compares img with the square as Go computes it: lit where the shadow map's
// texel is not nearer than the square's depth less the bias.
func shadowDiffs(img *image.RGBA, bias float32) []string {
	var diffs []string
	unorm := func(f float32) uint8 { return uint8(math.Round(float64(f) * 255)) }
	margin := 2.0 / shadowSize
	for y := range shadowSize {
		for x := range shadowSize {
			cx := (float64(x)+0.5)/shadowSize*2 - 1
			cy := 1 - (float64(y)+0.5)/shadowSize*2
			if math.Abs(cx) < margin || math.Abs(cy) < margin || math.Abs(math.Abs(cx)-0.5) < margin || math.Abs(math.Abs(cy)-0.5) < margin {
				continue // an edge of the square or of a texel
			}
			want := color.RGBA{}
			if math.Abs(cx) < 0.5 && math.Abs(cy) < 0.5 {
				u, v := cx*0.5+0.5, -cy*0.5+0.5
				texel := shadowDepths[int(v*2)][int(u*2)]
				want.A = 255
				if shadowModel.Depth-bias <= texel {
					want.R, want.G, want.B = unorm(shadowScene.LightColor[0]), unorm(shadowScene.LightColor[1]), unorm(shadowScene.LightColor[2])
				}
			}
			if got := img.RGBAAt(x, y); got != want {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// drawShadowed draws the scene with a render pipeline whose vertex and fragment entry points
// are in two shaders, with one layout of both and the fragment shader's bias override set;
// mutate, when not nil, changes the pipeline descriptor first.
func drawShadowed(t *testing.T, g *gputest.GPU, bias float32, mutate func(*wgpu.RenderPipelineDescriptor)) (*image.RGBA, error) {
	t.Helper()
	vsh, fsh := &ts.ShadowVertexShader, &ts.ShadowFragmentShader
	layout, err := webgpu.NewLayout(g.Device, nil, &vsh.Shader, &fsh.Shader)
	require.NoError(t, err)
	defer layout.Release()
	require.Equal(t, wgsl.Vertex|wgsl.Fragment, layout.Groups[0][0].Visibility, "scene, which both halves read")
	vs, err := webgpu.NewModule(g.Device, &vsh.Shader, &webgpu.ModuleOptions{Layout: layout})
	require.NoError(t, err)
	defer vs.Release()
	var o ts.ShadowFragmentOverrides
	o.SetBias(bias)
	fs, err := webgpu.NewModule(g.Device, &fsh.Shader, &webgpu.ModuleOptions{Layout: layout, Overrides: o.Values()})
	require.NoError(t, err)
	defer fs.Release()
	desc, err := vs.RenderPipelineDescriptor(&webgpu.RenderPipelineOptions{
		Vertex: vsh.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex},
		Fragment: fsh.Main(), FragmentModule: fs,
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

	newBuffer := func(label string, usage wgpu.BufferUsage, data []byte) *wgpu.Buffer {
		b, err := webgpu.NewBuffer(g.Device, label, usage, data)
		require.NoError(t, err)
		t.Cleanup(b.Release)
		return b
	}
	vertices := newBuffer("square", wgpu.BufferUsageVertex, wgsl.SliceBytes(shadowSquare))
	scene := newBuffer("scene", wgpu.BufferUsageUniform, shadowScene.Bytes())
	model := newBuffer("model", wgpu.BufferUsageUniform, shadowModel.Bytes())
	shadowMap, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{
		Usage:     wgpu.TextureUsageTextureBinding | wgpu.TextureUsageCopyDst,
		Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: 2, Height: 2, DepthOrArrayLayers: 1},
		Format: wgpu.TextureFormatDepth16Unorm, MipLevelCount: 1, SampleCount: 1,
	})
	require.NoError(t, err)
	defer shadowMap.Release()
	var texels []byte
	for _, row := range shadowDepths {
		for _, d := range row {
			v := uint16(math.Round(float64(d) * 65535))
			texels = append(texels, byte(v), byte(v>>8))
		}
	}
	require.NoError(t, g.Queue.WriteTexture(shadowMap.AsImageCopy(), texels,
		&wgpu.TextureDataLayout{BytesPerRow: 4, RowsPerImage: 2}, &wgpu.Extent3D{Width: 2, Height: 2, DepthOrArrayLayers: 1}))
	shadowView, err := shadowMap.CreateView(nil)
	require.NoError(t, err)
	defer shadowView.Release()
	sampler, err := g.Device.CreateSampler(&wgpu.SamplerDescriptor{
		AddressModeU: wgpu.AddressModeClampToEdge, AddressModeV: wgpu.AddressModeClampToEdge, AddressModeW: wgpu.AddressModeClampToEdge,
		MagFilter: wgpu.FilterModeNearest, MinFilter: wgpu.FilterModeNearest, Compare: wgpu.CompareFunctionLessEqual,
		LodMaxClamp: 32, MaxAnisotropy: 1,
	})
	require.NoError(t, err)
	defer sampler.Release()
	// One bind group of @group(0) for both halves: scene from either table, the shadow map and
	// its sampler from the fragment shader's.
	bg0, err := layout.NewBindGroup(g.Device, 0, webgpu.Buffer(vsh.Scene(), scene),
		webgpu.Texture(fsh.ShadowMap(), shadowView), webgpu.Sampler(fsh.ShadowSampler(), sampler))
	require.NoError(t, err)
	defer bg0.Release()
	bg1, err := layout.NewBindGroup(g.Device, 1, webgpu.Buffer(vsh.Model(), model))
	require.NoError(t, err)
	defer bg1.Release()

	return render(t, g, shadowSize, func(pass *wgpu.RenderPassEncoder) error {
		pass.SetPipeline(pipe)
		pass.SetBindGroup(0, bg0, nil)
		pass.SetBindGroup(1, bg1, nil)
		pass.SetVertexBuffer(0, vertices, 0, wgpu.WholeSize)
		pass.Draw(uint32(len(shadowSquare)), 1, 0, 0)
		return nil
	})
}

// TestTwoShaderPipeline draws with a vertex shader and a fragment shader of separate files,
// as the WebGPU samples' shadow mapping does: one layout of both, where the scene uniform both
// declare is one binding visible to both stages, a depth texture read through a comparison
// sampler, and the fragment shader's override. With no bias the square is lit where the shadow
// map is farther; with a bias of 0.375 everywhere. (The Vulkan harness draws from one SPIR-V
// module, so these pictures are checked against Go only.)
func TestTwoShaderPipeline(t *testing.T) {
	g := gputest.Require(t)
	for _, bias := range []float32{0, 0.375} {
		t.Run(fmt.Sprintf("bias=%v", bias), func(t *testing.T) {
			img, err := drawShadowed(t, g, bias, nil)
			require.NoError(t, err)
			gputest.WritePNG(t, img)
			diffs := shadowDiffs(img, bias)
			assert.Empty(t, diffs, "%d pixels differ", len(diffs))
		})
	}
	assert.NotEmpty(t, shadowDiffs(&image.RGBA{Pix: make([]byte, 4*shadowSize*shadowSize), Stride: 4 * shadowSize,
		Rect: image.Rect(0, 0, shadowSize, shadowSize)}, 0), "an empty picture passes the check")

	// Two modules with layouts of their own cannot make one pipeline.
	vs, err := webgpu.NewModule(g.Device, &ts.ShadowVertexShader.Shader, nil)
	require.NoError(t, err)
	defer vs.Release()
	fs, err := webgpu.NewModule(g.Device, &ts.ShadowFragmentShader.Shader, nil)
	require.NoError(t, err)
	defer fs.Release()
	_, err = vs.RenderPipelineDescriptor(&webgpu.RenderPipelineOptions{
		Vertex: ts.ShadowVertexShader.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex},
		Fragment: ts.ShadowFragmentShader.Main(), FragmentModule: fs, Formats: []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm},
	})
	assert.ErrorContains(t, err, "shadow_vertex.wgsl and shadow_fragment.wgsl have layouts of their own: a pipeline of both needs one layout of both shaders")
	_, err = webgpu.NewModule(g.Device, &ts.DrawShader.Shader, &webgpu.ModuleOptions{Layout: vs.Layout})
	assert.ErrorContains(t, err, "draw.wgsl: the layout shadow_vertex.wgsl is not one of this shader")

	shared, err := webgpu.NewLayout(g.Device, nil, &ts.ShadowVertexShader.Shader, &ts.ShadowFragmentShader.Shader)
	require.NoError(t, err)
	late, err := webgpu.NewModule(g.Device, &ts.ShadowVertexShader.Shader, &webgpu.ModuleOptions{Layout: shared})
	require.NoError(t, err)
	defer late.Release()
	shared.Release()
	_, err = late.RenderPipelineDescriptor(&webgpu.RenderPipelineOptions{
		Vertex: ts.ShadowVertexShader.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex}})
	assert.ErrorContains(t, err, "shadow_vertex.wgsl: the layout shadow_vertex.wgsl+shadow_fragment.wgsl is released")
	_, err = webgpu.NewModule(g.Device, &ts.ShadowFragmentShader.Shader, &webgpu.ModuleOptions{Layout: shared})
	assert.ErrorContains(t, err, "shadow_fragment.wgsl: the layout shadow_vertex.wgsl+shadow_fragment.wgsl is released")
}

// TestTwoShaderPipelineVertexLayout is the negative control: the pipeline made with the vertex
// shader's own layout, which has neither the shadow map nor the fragment stage's view of the
// scene, is refused by wgpu.
func TestTwoShaderPipelineVertexLayout(t *testing.T) {
	g := gputest.Require(t)
	own, err := webgpu.NewLayout(g.Device, nil, &ts.ShadowVertexShader.Shader)
	require.NoError(t, err)
	defer own.Release()
	_, err = drawShadowed(t, g, 0, func(d *wgpu.RenderPipelineDescriptor) { d.Layout = own.PipelineLayout })
	require.Error(t, err)
	t.Logf("caught by wgpu: %v", err)
}
