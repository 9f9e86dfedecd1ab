package webgpu_test

import (
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

// bilinear samples img at uv with a linear filter, edges clamped, as WebGPU defines it.
func bilinear(img *image.RGBA, uv wgsl.Vec2f) wgsl.Vec4f {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	x, y := float64(uv[0])*float64(w)-0.5, float64(uv[1])*float64(h)-0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	at := func(x, y int) [4]float64 {
		c := img.RGBAAt(min(max(x, 0), w-1), min(max(y, 0), h-1))
		return [4]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255, float64(c.A) / 255}
	}
	a, b := at(int(x0), int(y0)), at(int(x0)+1, int(y0))
	c, d := at(int(x0), int(y0)+1), at(int(x0)+1, int(y0)+1)
	var out wgsl.Vec4f
	for k := range 4 {
		top := a[k]*(1-fx) + b[k]*fx
		bottom := c[k]*(1-fx) + d[k]*fx
		out[k] = float32(top*(1-fy) + bottom*fy)
	}
	return out
}

// TestTextureSampler samples a texture through a filtering sampler at texel centres, between
// texels and beyond the edges, from a compute shader: wgpu and the Vulkan harness return the
// same bits, within filtering precision of the values Go computes.
func TestTextureSampler(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.SampleShader
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			img.SetRGBA(x, y, color.RGBA{uint8(85 * x), uint8(85 * y), uint8(255 - 60*x), uint8(51 * (x + y))})
		}
	}
	var coords []wgsl.Vec2f
	for _, v := range []float32{0.125, 0.25, 0.375, 0.5, 0.8, -0.5, 1.5} {
		for _, u := range []float32{0.125, 0.25, 0.625, 1, 1.25} {
			coords = append(coords, wgsl.Vec2f{u, v})
		}
	}

	m, err := webgpu.NewModule(g.Device, &sh.Shader, nil)
	require.NoError(t, err)
	defer m.Release()
	pipe, err := m.NewComputePipeline(g.Device, sh.Main())
	require.NoError(t, err)
	defer pipe.Release()
	tex, err := webgpu.NewImageTexture(g.Device, "image", wgpu.TextureUsageTextureBinding, img)
	require.NoError(t, err)
	defer tex.Release()
	view, err := tex.CreateView(nil)
	require.NoError(t, err)
	defer view.Release()
	sampler, err := g.Device.CreateSampler(&wgpu.SamplerDescriptor{
		AddressModeU: wgpu.AddressModeClampToEdge, AddressModeV: wgpu.AddressModeClampToEdge, AddressModeW: wgpu.AddressModeClampToEdge,
		MagFilter: wgpu.FilterModeLinear, MinFilter: wgpu.FilterModeLinear, LodMaxClamp: 32, MaxAnisotropy: 1,
	})
	require.NoError(t, err)
	defer sampler.Release()
	coordBuf, err := webgpu.NewBuffer(g.Device, "coords", wgpu.BufferUsageStorage, wgsl.SliceBytes(coords))
	require.NoError(t, err)
	defer coordBuf.Release()
	texelSize := uint64(sh.Texels().Buffer.MinBindingSize) // one vec4<f32>
	out, err := webgpu.NewBuffer(g.Device, "texels", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, make([]byte, texelSize*uint64(len(coords))))
	require.NoError(t, err)
	defer out.Release()
	bg, err := m.NewBindGroup(g.Device, 0,
		webgpu.Texture(sh.Image(), view), webgpu.Sampler(sh.ImageSampler(), sampler),
		webgpu.Buffer(sh.Coords(), coordBuf), webgpu.Buffer(sh.Texels(), out))
	require.NoError(t, err)
	defer bg.Release()
	groups := [3]uint32{uint32(len(coords)), 1, 1}
	require.NoError(t, dispatch(g, pipe, groups, []*wgpu.BindGroup{bg}, nil))
	got, err := webgpu.ReadArray[wgsl.Vec4f](g.Device, out, 0, len(coords))
	require.NoError(t, err)
	for i, uv := range coords {
		want := bilinear(img, uv)
		for k := range 4 {
			// lavapipe filters with 8-bit weights: a unit of the texel format off at most.
			assert.InDelta(t, want[k], got[i][k], 1.5/255, "texel %d at %v, channel %d: got %v, want %v", i, uv, k, got[i], want)
		}
	}

	vk := vulkan.Require(t)
	res, err := vk.Dispatch(vulkan.Run{SPIRV: sh.Words(), Entry: sh.Main().Name, Groups: groups,
		Bindings: []vulkan.Binding{
			withImage(vulkanBinding(t, sh.Image(), img.Pix), &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA8Unorm, Width: 4, Height: 4}),
			withSampler(vulkanBinding(t, sh.ImageSampler(), nil), &vulkan.SamplerDesc{MagFilter: vulkan.Linear, MinFilter: vulkan.Linear}),
			vulkanBinding(t, sh.Coords(), wgsl.SliceBytes(coords)),
			vulkanBinding(t, sh.Texels(), make([]byte, texelSize*uint64(len(coords)))),
		}})
	require.NoError(t, err)
	wgpuBytes, err := webgpu.ReadBuffer(g.Device, out, 0, texelSize*uint64(len(coords)))
	require.NoError(t, err)
	assert.Equal(t, res.Bytes(sh.Texels().Group, sh.Texels().Binding), wgpuBytes, "wgpu and Vulkan sample differently")
}
