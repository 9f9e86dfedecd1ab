package webgpu

import (
	"image"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/host"
)

// texture describes tex for the core's checks.
func texture(tex *wgpu.Texture) host.Texture {
	return host.Texture{
		Format:      host.Format(formatName(tex.GetFormat())),
		Dimension:   tex.GetDimension().String(),
		SampleCount: tex.GetSampleCount(),
		Usage:       host.TextureUsage(tex.GetUsage()),
		Width:       tex.GetWidth(),
		Height:      tex.GetHeight(),
	}
}

// ReadTexture returns the texels of mip level 0, layer 0 of a 2D texture with an uncompressed
// color format, rows packed tightly (width × texel size bytes each, top row first). The
// texture needs wgpu.TextureUsageCopySrc. The copy goes through a buffer whose rows are padded
// to host.BytesPerRowAlignment, as WebGPU requires; the padding is dropped.
func ReadTexture(device *wgpu.Device, tex *wgpu.Texture) ([]byte, error) {
	c, err := Profile.ReadTexture(texture(tex))
	if err != nil {
		return nil, err
	}
	return readTexture(device, tex, c)
}

func readTexture(device *wgpu.Device, tex *wgpu.Texture, c host.TextureCopy) ([]byte, error) {
	return c.Unpad(readBack(device, c.Size, c.Size, func(enc *wgpu.CommandEncoder, staging *wgpu.Buffer) error {
		return enc.CopyTextureToBuffer(tex.AsImageCopy(),
			&wgpu.ImageCopyBuffer{Buffer: staging, Layout: wgpu.TextureDataLayout{BytesPerRow: c.Stride, RowsPerImage: c.Height}},
			&wgpu.Extent3D{Width: c.Width, Height: c.Height, DepthOrArrayLayers: 1})
	}))
}

// ReadImage reads a 2D texture of format RGBA8Unorm or RGBA8UnormSrgb (see ReadTexture) as
// an image, ready for image/png.
func ReadImage(device *wgpu.Device, tex *wgpu.Texture) (*image.RGBA, error) {
	c, err := Profile.ReadImage(texture(tex))
	if err != nil {
		return nil, err
	}
	return c.Image(readTexture(device, tex, c))
}

// NewImageTexture creates a 2D RGBA8Unorm texture holding img, with usage plus
// wgpu.TextureUsageCopyDst (to write img).
func NewImageTexture(device *wgpu.Device, label string, usage wgpu.TextureUsage, img *image.RGBA) (*wgpu.Texture, error) {
	pix, bytesPerRow, width, height := host.ImageTexels(img)
	size := wgpu.Extent3D{Width: width, Height: height, DepthOrArrayLayers: 1}
	tex, err := device.CreateTexture(&wgpu.TextureDescriptor{
		Label: label, Usage: usage | wgpu.TextureUsageCopyDst, Dimension: wgpu.TextureDimension2D,
		Size: size, Format: wgpu.TextureFormatRGBA8Unorm, MipLevelCount: 1, SampleCount: 1,
	})
	if err != nil {
		return nil, err
	}
	queue := device.GetQueue()
	defer queue.Release()
	if err := queue.WriteTexture(tex.AsImageCopy(), pix, &wgpu.TextureDataLayout{BytesPerRow: bytesPerRow, RowsPerImage: height}, &size); err != nil {
		tex.Release()
		return nil, err
	}
	return tex, nil
}
