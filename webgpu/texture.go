package webgpu

import (
	"image"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/host"
)

// ReadTexture returns the texels of mip level 0, layer 0 of a 2D texture with an uncompressed
// color format, rows packed tightly (width × texel size bytes each, top row first). The
// texture needs wgpu.TextureUsageCopySrc. The copy goes through a buffer whose rows are padded
// to host.BytesPerRowAlignment, as WebGPU requires; the padding is dropped.
func ReadTexture(device *wgpu.Device, tex *wgpu.Texture) ([]byte, error) {
	c, err := Profile.ReadTexture(describe(tex))
	if err != nil {
		return nil, err
	}
	return copyTexture(device, tex, c)
}

// ReadImage reads a 2D texture of format RGBA8Unorm or RGBA8UnormSrgb (see ReadTexture) as
// an image, ready for image/png.
func ReadImage(device *wgpu.Device, tex *wgpu.Texture) (*image.RGBA, error) {
	c, err := Profile.ReadImage(describe(tex))
	if err != nil {
		return nil, err
	}
	return c.Image(copyTexture(device, tex, c))
}

// describe tells the core what tex says of itself.
func describe(tex *wgpu.Texture) host.Texture {
	return host.Texture{Width: tex.GetWidth(), Height: tex.GetHeight(), Format: host.Format(textureName(tex.GetFormat())),
		Dimension: tex.GetDimension().String(), SampleCount: tex.GetSampleCount(), Usage: host.TextureUsage(tex.GetUsage())}
}

func textureName(f wgpu.TextureFormat) string {
	if s := f.String(); s != "" {
		return s
	}
	return wgpu.NativeTextureFormat(f).String()
}

func copyTexture(device *wgpu.Device, tex *wgpu.Texture, c host.TextureCopy) ([]byte, error) {
	size := &wgpu.Extent3D{Width: c.Width, Height: c.Height, DepthOrArrayLayers: 1}
	return c.Unpad(readBack(device, c.Size, c.Size, func(enc *wgpu.CommandEncoder, dst *wgpu.Buffer) error {
		layout := wgpu.TexelCopyBufferLayout{BytesPerRow: c.Stride, RowsPerImage: c.Height}
		return enc.TryCopyTextureToBuffer(tex.AsImageCopy(), &wgpu.TexelCopyBufferInfo{Buffer: dst, Layout: layout}, size)
	}))
}

// NewImageTexture creates a 2D RGBA8Unorm texture holding img, with usage plus
// wgpu.TextureUsageCopyDst (to write img).
func NewImageTexture(device *wgpu.Device, label string, usage wgpu.TextureUsage, img *image.RGBA) (*wgpu.Texture, error) {
	pix, bytesPerRow, width, height := host.ImageTexels(img)
	size := wgpu.Extent3D{Width: width, Height: height, DepthOrArrayLayers: 1}
	tex, err := try(device.TryCreateTexture(&wgpu.TextureDescriptor{Label: label, Size: size, Format: wgpu.TextureFormatRGBA8Unorm,
		Usage: usage | wgpu.TextureUsageCopyDst, Dimension: wgpu.TextureDimension2D, MipLevelCount: 1, SampleCount: 1}))
	if err != nil {
		return nil, err
	}
	layout := &wgpu.TexelCopyBufferLayout{BytesPerRow: bytesPerRow, RowsPerImage: height}
	if _, err := try(struct{}{}, device.GetQueue().TryWriteTexture(tex.AsImageCopy(), pix, layout, &size)); err != nil {
		tex.Release()
		return nil, err
	}
	return tex, nil
}
