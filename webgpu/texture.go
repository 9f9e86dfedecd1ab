package webgpu

import (
	"fmt"
	"image"

	"github.com/cogentcore/webgpu/wgpu"
)

// BytesPerRowAlignment is WebGPU's COPY_BYTES_PER_ROW_ALIGNMENT: a copy between a texture and
// a buffer lays rows out at multiples of it.
const BytesPerRowAlignment = 256

// texelSizes are the bytes per texel of the uncompressed color formats ReadTexture copies.
var texelSizes = map[wgpu.TextureFormat]uint32{
	wgpu.TextureFormatR8Unorm: 1, wgpu.TextureFormatR8Snorm: 1, wgpu.TextureFormatR8Uint: 1, wgpu.TextureFormatR8Sint: 1,
	wgpu.TextureFormatR16Uint: 2, wgpu.TextureFormatR16Sint: 2, wgpu.TextureFormatR16Float: 2,
	wgpu.TextureFormatRG8Unorm: 2, wgpu.TextureFormatRG8Snorm: 2, wgpu.TextureFormatRG8Uint: 2, wgpu.TextureFormatRG8Sint: 2,
	wgpu.TextureFormatR32Float: 4, wgpu.TextureFormatR32Uint: 4, wgpu.TextureFormatR32Sint: 4,
	wgpu.TextureFormatRG16Uint: 4, wgpu.TextureFormatRG16Sint: 4, wgpu.TextureFormatRG16Float: 4,
	wgpu.TextureFormatRGBA8Unorm: 4, wgpu.TextureFormatRGBA8UnormSrgb: 4, wgpu.TextureFormatRGBA8Snorm: 4,
	wgpu.TextureFormatRGBA8Uint: 4, wgpu.TextureFormatRGBA8Sint: 4,
	wgpu.TextureFormatBGRA8Unorm: 4, wgpu.TextureFormatBGRA8UnormSrgb: 4,
	wgpu.TextureFormatRGB10A2Unorm: 4, wgpu.TextureFormatRG11B10Ufloat: 4,
	wgpu.TextureFormatRG32Float: 8, wgpu.TextureFormatRG32Uint: 8, wgpu.TextureFormatRG32Sint: 8,
	wgpu.TextureFormatRGBA16Uint: 8, wgpu.TextureFormatRGBA16Sint: 8, wgpu.TextureFormatRGBA16Float: 8,
	wgpu.TextureFormatRGBA32Float: 16, wgpu.TextureFormatRGBA32Uint: 16, wgpu.TextureFormatRGBA32Sint: 16,
}

// TexelSize returns the bytes per texel of an uncompressed color format, or 0 for other
// formats (depth, stencil, compressed).
func TexelSize(f wgpu.TextureFormat) uint32 { return texelSizes[f] }

// PaddedBytesPerRow returns the bytes per row of a texture-to-buffer copy of width texels of
// texelSize bytes: the row rounded up to BytesPerRowAlignment.
func PaddedBytesPerRow(width, texelSize uint32) uint32 {
	return uint32(AlignUp(uint64(width)*uint64(texelSize), BytesPerRowAlignment))
}

// ReadTexture returns the texels of mip level 0, layer 0 of a 2D texture with an uncompressed
// color format, rows packed tightly (width × TexelSize bytes each, top row first). The texture
// needs wgpu.TextureUsageCopySrc. The copy goes through a buffer whose rows are padded to
// BytesPerRowAlignment, as WebGPU requires; the padding is dropped.
func ReadTexture(device *wgpu.Device, tex *wgpu.Texture) ([]byte, error) {
	texel := TexelSize(tex.GetFormat())
	switch {
	case texel == 0:
		return nil, fmt.Errorf("webgpu: ReadTexture: format %v is not an uncompressed color format", tex.GetFormat())
	case tex.GetDimension() != wgpu.TextureDimension2D:
		return nil, fmt.Errorf("webgpu: ReadTexture: a %v texture; want 2D", tex.GetDimension())
	case tex.GetSampleCount() != 1:
		return nil, fmt.Errorf("webgpu: ReadTexture: a multisampled texture (%d samples) cannot be copied; resolve it first", tex.GetSampleCount())
	case tex.GetUsage()&wgpu.TextureUsageCopySrc == 0:
		return nil, fmt.Errorf("webgpu: ReadTexture: the texture lacks wgpu.TextureUsageCopySrc")
	}
	width, height := tex.GetWidth(), tex.GetHeight()
	row := width * texel
	stride := PaddedBytesPerRow(width, texel)
	size := uint64(stride) * uint64(height)
	staging, err := device.CreateBuffer(&wgpu.BufferDescriptor{
		Label: "webgpu.ReadTexture",
		Usage: wgpu.BufferUsageMapRead | wgpu.BufferUsageCopyDst,
		Size:  size,
	})
	if err != nil {
		return nil, err
	}
	defer staging.Release()
	err = submit(device, func(enc *wgpu.CommandEncoder) error {
		return enc.CopyTextureToBuffer(tex.AsImageCopy(),
			&wgpu.ImageCopyBuffer{Buffer: staging, Layout: wgpu.TextureDataLayout{BytesPerRow: stride, RowsPerImage: height}},
			&wgpu.Extent3D{Width: width, Height: height, DepthOrArrayLayers: 1})
	})
	if err != nil {
		return nil, err
	}
	padded, err := mapRead(device, staging, size)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, row*height)
	for y := range height {
		out = append(out, padded[y*stride:y*stride+row]...)
	}
	return out, nil
}

// ReadImage reads a 2D texture of format RGBA8Unorm or RGBA8UnormSrgb (see ReadTexture) as
// an image, ready for image/png.
func ReadImage(device *wgpu.Device, tex *wgpu.Texture) (*image.RGBA, error) {
	if f := tex.GetFormat(); f != wgpu.TextureFormatRGBA8Unorm && f != wgpu.TextureFormatRGBA8UnormSrgb {
		return nil, fmt.Errorf("webgpu: ReadImage: format %v; want RGBA8Unorm or RGBA8UnormSrgb", f)
	}
	pix, err := ReadTexture(device, tex)
	if err != nil {
		return nil, err
	}
	w, h := int(tex.GetWidth()), int(tex.GetHeight())
	return &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}, nil
}

// NewImageTexture creates a 2D RGBA8Unorm texture holding img, with usage plus
// wgpu.TextureUsageCopyDst (to write img).
func NewImageTexture(device *wgpu.Device, label string, usage wgpu.TextureUsage, img *image.RGBA) (*wgpu.Texture, error) {
	b := img.Bounds()
	size := wgpu.Extent3D{Width: uint32(b.Dx()), Height: uint32(b.Dy()), DepthOrArrayLayers: 1}
	tex, err := device.CreateTexture(&wgpu.TextureDescriptor{
		Label:         label,
		Usage:         usage | wgpu.TextureUsageCopyDst,
		Dimension:     wgpu.TextureDimension2D,
		Size:          size,
		Format:        wgpu.TextureFormatRGBA8Unorm,
		MipLevelCount: 1,
		SampleCount:   1,
	})
	if err != nil {
		return nil, err
	}
	// Queue writes have no row alignment: the image's own rows go as they are.
	pix := img.Pix[img.PixOffset(b.Min.X, b.Min.Y):]
	queue := device.GetQueue()
	defer queue.Release()
	err = queue.WriteTexture(tex.AsImageCopy(), pix,
		&wgpu.TextureDataLayout{BytesPerRow: uint32(img.Stride), RowsPerImage: size.Height}, &size)
	if err != nil {
		tex.Release()
		return nil, err
	}
	return tex, nil
}
