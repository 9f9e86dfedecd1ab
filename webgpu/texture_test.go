package webgpu_test

import (
	"image"
	"image/color"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// An image 13 texels wide has 52-byte rows: the copy to a buffer pads each to 256 bytes and
// ReadTexture must drop exactly that padding.
func TestImageRoundTrip(t *testing.T) {
	g := gputest.Require(t)
	img := image.NewRGBA(image.Rect(0, 0, 13, 5))
	for y := range 5 {
		for x := range 13 {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 19), uint8(y * 51), uint8(x ^ y), 255 - uint8(x+y)})
		}
	}
	tex, err := webgpu.NewImageTexture(g.Device, "round trip", wgpu.TextureUsageCopySrc, img)
	require.NoError(t, err)
	defer tex.Release()
	got, err := webgpu.ReadImage(g.Device, tex)
	require.NoError(t, err)
	assert.Equal(t, img.Pix, got.Pix)
	assert.Equal(t, img.Bounds(), got.Bounds())
}

// An offscreen render target, cleared by a render pass, read back through padded rows.
func TestRenderTargetClear(t *testing.T) {
	g := gputest.Require(t)
	img, err := renderTarget(t, g, 70, 3, wgpu.Color{R: 1, G: 0.5, B: 0, A: 1}, func(*wgpu.RenderPassEncoder) error { return nil })
	require.NoError(t, err)
	gputest.WritePNG(t, img)
	require.Equal(t, image.Rect(0, 0, 70, 3), img.Bounds())
	for y := range 3 {
		for x := range 70 {
			// 0.5 in unorm8 is 127.5: either neighbour is a correct rounding.
			c := img.RGBAAt(x, y)
			require.Truef(t, c.R == 255 && (c.G == 127 || c.G == 128) && c.B == 0 && c.A == 255, "(%d, %d) = %v", x, y, c)
		}
	}
}

func TestReadTextureErrors(t *testing.T) {
	g := gputest.Require(t)
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	tex, err := webgpu.NewImageTexture(g.Device, "no copy-src", wgpu.TextureUsageTextureBinding, img)
	require.NoError(t, err)
	defer tex.Release()
	_, err = webgpu.ReadImage(g.Device, tex)
	assert.ErrorContains(t, err, "lacks wgpu.TextureUsageCopySrc")

	depth, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{
		Usage: wgpu.TextureUsageRenderAttachment | wgpu.TextureUsageCopySrc, Dimension: wgpu.TextureDimension2D,
		Size: wgpu.Extent3D{Width: 4, Height: 4, DepthOrArrayLayers: 1}, Format: wgpu.TextureFormatDepth32Float,
		MipLevelCount: 1, SampleCount: 1,
	})
	require.NoError(t, err)
	defer depth.Release()
	_, err = webgpu.ReadTexture(g.Device, depth)
	assert.ErrorContains(t, err, "not an uncompressed color format")
}
