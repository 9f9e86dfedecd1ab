package webgpu_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
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

const drawSize = 64 // the render target is drawSize × drawSize

// The scene of draw.wgsl: a unit quad of two triangles (per vertex: position and uv, v
// growing downwards), four instances (per instance: corner, color, weight), a 2×2 texture
// sampled nearest, and a tint in the uniform's vec3.
var (
	quad = []ts.Vertex{
		{Position: wgsl.Vec3f{0, 0, 0}, Uv: wgsl.Vec2f{0, 1}},
		{Position: wgsl.Vec3f{1, 0, 0}, Uv: wgsl.Vec2f{1, 1}},
		{Position: wgsl.Vec3f{1, 1, 0}, Uv: wgsl.Vec2f{1, 0}},
		{Position: wgsl.Vec3f{0, 0, 0}, Uv: wgsl.Vec2f{0, 1}},
		{Position: wgsl.Vec3f{1, 1, 0}, Uv: wgsl.Vec2f{1, 0}},
		{Position: wgsl.Vec3f{0, 1, 0}, Uv: wgsl.Vec2f{0, 0}},
	}
	instances = []ts.Instance{
		{Offset: wgsl.Vec2f{-0.875, -0.875}, Color: wgsl.Vec3f{1, 0.25, 0}, Weight: 1},
		{Offset: wgsl.Vec2f{0.125, -0.875}, Color: wgsl.Vec3f{0, 1, 0.5}, Weight: 1},
		{Offset: wgsl.Vec2f{-0.875, 0.125}, Color: wgsl.Vec3f{0.5, 0, 1}, Weight: 0.5},
		{Offset: wgsl.Vec2f{0.125, 0.125}, Color: wgsl.Vec3f{1, 1, 1}, Weight: 0.75},
	}
	globals = ts.Globals{Scale: wgsl.Vec2f{0.75, 0.75}, Tint: wgsl.Vec3f{1, 0.5, 0.25}, Alpha: 1}
	// albedo's texels, row by row from the top.
	albedo = [2][2]color.RGBA{{{255, 255, 255, 255}, {255, 0, 255, 255}}, {{0, 255, 255, 255}, {255, 255, 0, 255}}}
)

// expectPixel is what draw.wgsl gives pixel (x, y), computed in Go; ok is false for pixels
// within a pixel of an edge of a quad or of a texel boundary, where rasterization rules
// and rounding decide.
func expectPixel(x, y int) (c color.RGBA, ok bool) {
	cx := (float64(x)+0.5)/drawSize*2 - 1
	cy := 1 - (float64(y)+0.5)/drawSize*2
	margin := 2.0 / drawSize / float64(globals.Scale[0]) // two pixels in quad units
	for _, in := range instances {
		lx := (cx - float64(in.Offset[0])) / float64(globals.Scale[0])
		ly := (cy - float64(in.Offset[1])) / float64(globals.Scale[1])
		if lx < -margin || lx > 1+margin || ly < -margin || ly > 1+margin {
			continue
		}
		for _, edge := range []float64{lx, ly} {
			if math.Abs(edge) < margin || math.Abs(edge-0.5) < margin || math.Abs(edge-1) < margin {
				return c, false
			}
		}
		if lx < 0 || lx > 1 || ly < 0 || ly > 1 {
			continue
		}
		u, v := lx, 1-ly
		texel := albedo[int(v*2)][int(u*2)]
		unorm := func(f float32) uint8 { return uint8(math.Round(float64(min(max(f, 0), 1)) * 255)) }
		ch := func(k int, t uint8) uint8 {
			return unorm(in.Color[k] * in.Weight * float32(t) / 255 * globals.Tint[k])
		}
		return color.RGBA{ch(0, texel.R), ch(1, texel.G), ch(2, texel.B), unorm(globals.Alpha)}, true
	}
	return color.RGBA{}, true // the clear color
}

// checkPixels compares img with expectPixel and returns the differences (a unit of rounding
// is allowed).
func checkPixels(img *image.RGBA) []string {
	var diffs []string
	near := func(a, b uint8) bool { return a == b || a == b+1 || a+1 == b }
	for y := range drawSize {
		for x := range drawSize {
			want, ok := expectPixel(x, y)
			got := img.RGBAAt(x, y)
			if ok && !(near(got.R, want.R) && near(got.G, want.G) && near(got.B, want.B) && near(got.A, want.A)) {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// drawScene renders draw.wgsl's scene with the pipeline descriptor the adapter makes for
// the shader table sh (mutate, when not nil, changes the descriptor first) and reads the
// target back.
func drawScene(t *testing.T, g *gputest.GPU, sh *wgsl.Shader, mutate func(*wgpu.RenderPipelineDescriptor)) (*image.RGBA, error) {
	t.Helper()
	m, err := webgpu.NewModule(g.Device, sh, nil)
	if err != nil {
		return nil, err
	}
	defer m.Release()
	table := &ts.DrawShader // the accessors; sh may be a changed copy of its table
	desc, err := m.RenderPipelineDescriptor(&webgpu.RenderPipelineOptions{
		Vertex:    table.Vs(),
		StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance},
		Fragment:  table.Fs(),
		Formats:   []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm},
		Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList},
	})
	if err != nil {
		return nil, err
	}
	if mutate != nil {
		mutate(desc)
	}
	pipe, err := g.Device.CreateRenderPipeline(desc)
	if err != nil {
		return nil, err
	}
	defer pipe.Release()

	// Vertex and instance buffers twice as long as needed, so that a wrong stride reads
	// (wrong) data instead of failing wgpu's bounds check.
	vertices, err := webgpu.NewBuffer(g.Device, "vertices", wgpu.BufferUsageVertex,
		append(wgsl.SliceBytes(quad), make([]byte, len(wgsl.SliceBytes(quad)))...))
	require.NoError(t, err)
	defer vertices.Release()
	insts, err := webgpu.NewBuffer(g.Device, "instances", wgpu.BufferUsageVertex,
		append(wgsl.SliceBytes(instances), make([]byte, len(wgsl.SliceBytes(instances)))...))
	require.NoError(t, err)
	defer insts.Release()
	uniform, err := webgpu.NewBuffer(g.Device, "globals", wgpu.BufferUsageUniform, globals.Bytes())
	require.NoError(t, err)
	defer uniform.Release()
	tex, err := webgpu.NewImageTexture(g.Device, "albedo", wgpu.TextureUsageTextureBinding, albedoImage())
	require.NoError(t, err)
	defer tex.Release()
	view, err := tex.CreateView(nil)
	require.NoError(t, err)
	defer view.Release()
	sampler, err := g.Device.CreateSampler(&wgpu.SamplerDescriptor{
		AddressModeU: wgpu.AddressModeClampToEdge, AddressModeV: wgpu.AddressModeClampToEdge, AddressModeW: wgpu.AddressModeClampToEdge,
		MagFilter: wgpu.FilterModeNearest, MinFilter: wgpu.FilterModeNearest, LodMaxClamp: 32, MaxAnisotropy: 1,
	})
	require.NoError(t, err)
	defer sampler.Release()
	bg0, err := m.NewBindGroup(g.Device, 0, webgpu.Buffer(table.Globals(), uniform))
	require.NoError(t, err)
	defer bg0.Release()
	bg1, err := m.NewBindGroup(g.Device, 1, webgpu.Texture(table.Albedo(), view), webgpu.Sampler(table.AlbedoSampler(), sampler))
	require.NoError(t, err)
	defer bg1.Release()

	return render(t, g, drawSize, func(pass *wgpu.RenderPassEncoder) error {
		pass.SetPipeline(pipe)
		pass.SetBindGroup(0, bg0, nil)
		pass.SetBindGroup(1, bg1, nil)
		pass.SetVertexBuffer(0, vertices, 0, wgpu.WholeSize)
		pass.SetVertexBuffer(1, insts, 0, wgpu.WholeSize)
		pass.Draw(uint32(len(quad)), uint32(len(instances)), 0, 0)
		return nil
	})
}

// TestInstancedDraw draws four instances of a textured quad: a per-vertex buffer (vec3 and
// vec2 attributes, stride 20), a per-instance buffer (vec2, vec3, f32), a uniform with a vec3
// at offset 16, a texture with a sampler; the layouts all come from the generated table.
func TestInstancedDraw(t *testing.T) {
	g := gputest.Require(t)
	img, err := drawScene(t, g, &ts.DrawShader.Shader, nil)
	require.NoError(t, err)
	gputest.WritePNG(t, img)
	diffs := checkPixels(img)
	assert.Empty(t, diffs, "%d pixels differ", len(diffs))
	// The scene is not trivially empty: the texels and instances give many colors.
	seen := map[color.RGBA]bool{}
	for y := range drawSize {
		for x := range drawSize {
			if c, ok := expectPixel(x, y); ok {
				seen[c] = true
			}
		}
	}
	assert.Greater(t, len(seen), 10, "distinct colors in the expected image")

	// The project's SPIR-V of the same shader, drawn by the Vulkan harness on the same
	// driver with the same table: the same pixels. The harness's viewport has a positive
	// height, so its rows come bottom up.
	vk := vulkan.Require(t)
	table := &ts.DrawShader
	vertices, err := vulkan.VertexBufferOf(table.Vs().VertexBuffers[0].PerVertex(), wgsl.SliceBytes(quad))
	require.NoError(t, err)
	insts, err := vulkan.VertexBufferOf(table.Vs().VertexBuffers[1].PerInstance(), wgsl.SliceBytes(instances))
	require.NoError(t, err)
	res, err := vk.Dispatch(vulkan.Run{SPIRV: table.Words(),
		Bindings: []vulkan.Binding{
			vulkanBinding(t, table.Globals(), globals.Bytes()),
			withImage(vulkanBinding(t, table.Albedo(), albedoImage().Pix), &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA8Unorm, Width: 2, Height: 2}),
			withSampler(vulkanBinding(t, table.AlbedoSampler(), nil), &vulkan.SamplerDesc{}),
		},
		Draw: &vulkan.Draw{Vertex: table.Vs().Name, Fragment: table.Fs().Name,
			VertexBuffers: []vulkan.VertexBuffer{vertices, insts}, Vertices: uint32(len(quad)), Instances: uint32(len(instances)),
			Target: vulkan.Target{Format: vulkan.RGBA8Unorm, Width: drawSize, Height: drawSize}},
	})
	require.NoError(t, err)
	flipped := make([]byte, 0, len(res.Target))
	for y := drawSize - 1; y >= 0; y-- {
		flipped = append(flipped, res.Target[y*4*drawSize:(y+1)*4*drawSize]...)
	}
	assert.Equal(t, flipped, img.Pix, "wgpu (naga's compilation of the WGSL) and Vulkan (the project's SPIR-V) draw differently")
}

// albedoImage is the texture of the scene.
func albedoImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for y := range 2 {
		for x := range 2 {
			img.SetRGBA(x, y, albedo[y][x])
		}
	}
	return img
}

// The negative controls change one fact of what the adapter made, as a hand-written host
// might get it wrong, and the draw test must notice: by a wgpu validation error or by wrong
// pixels.

func TestInstancedDrawWrongVertexStride(t *testing.T) {
	g := gputest.Require(t)
	img, err := drawScene(t, g, &ts.DrawShader.Shader, func(d *wgpu.RenderPipelineDescriptor) {
		d.Vertex.Buffers[0].ArrayStride += 4 // 24: as if position were padded like a vec3 in a buffer
	})
	expectCaught(t, img, err, "")
}

func TestInstancedDrawWrongAttributeOffset(t *testing.T) {
	g := gputest.Require(t)
	img, err := drawScene(t, g, &ts.DrawShader.Shader, func(d *wgpu.RenderPipelineDescriptor) {
		d.Vertex.Buffers[1].Attributes[1].Offset += 4 // color read from 12: as if offset were a vec3
	})
	expectCaught(t, img, err, "")
}

func TestInstancedDrawWrongVisibility(t *testing.T) {
	g := gputest.Require(t)
	sh := ts.DrawShader.Shader
	sh.BindGroups = slices.Clone(sh.BindGroups)
	sh.BindGroups[1].Entries = slices.Clone(sh.BindGroups[1].Entries)
	sh.BindGroups[1].Entries[0].Visibility = wgsl.Vertex // albedo is sampled in the fragment stage
	img, err := drawScene(t, g, &sh, nil)
	expectCaught(t, img, err, "webgpu: draw.wgsl: entry point fs: @group(1) @binding(0) albedo is visible to vertex only in the layout, and the fragment entry point uses it")
}

// expectCaught checks that a draw failed with a wgpu error saying why (when why is given), or
// else that its pixels are wrong.
func expectCaught(t *testing.T, img *image.RGBA, err error, why string) {
	t.Helper()
	if err != nil {
		require.ErrorContains(t, err, why)
		t.Logf("caught by wgpu: %v", err)
		return
	}
	require.Empty(t, why, "wgpu accepted it")
	gputest.WritePNG(t, img)
	diffs := checkPixels(img)
	require.NotEmpty(t, diffs, "the pixel check missed the mistake")
	t.Logf("caught by the pixel check: %d pixels differ, the first %s", len(diffs), diffs[0])
}
