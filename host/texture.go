package host

import (
	"image"
	"strings"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// BytesPerRowAlignment is WebGPU's COPY_BYTES_PER_ROW_ALIGNMENT: a copy between a texture and
// a buffer lays rows out at multiples of it.
const BytesPerRowAlignment = 256

// TextureUsage is a set of WebGPU's GPUTextureUsage flags, with their bits (webgpu.h's
// WGPUTextureUsage, which every binding's TextureUsage shares).
type TextureUsage uint64

// The texture usages.
const (
	TextureCopySrc          TextureUsage = 0x1
	TextureCopyDst          TextureUsage = 0x2
	TextureBinding          TextureUsage = 0x4
	TextureStorageBinding   TextureUsage = 0x8
	TextureRenderAttachment TextureUsage = 0x10
)

// formatInfo is what WebGPU's texture format table says of a format: the bytes of a texel
// (0 for the depth and stencil formats, which ReadTexture does not copy) and the sample type
// a texture binding of it has (its most capable one: "float" formats bind as
// "unfilterable-float" too, depth formats as "unfilterable-float" and "depth").
type formatInfo struct {
	texel  uint32
	sample wgsl.TextureSampleType
}

var formats = map[wgsl.TextureFormat]formatInfo{}

func init() {
	for _, row := range []struct {
		texel  uint32
		sample wgsl.TextureSampleType
		names  string
	}{
		{1, wgsl.SampleFloat, "r8unorm r8snorm"},
		{1, wgsl.SampleUint, "r8uint"},
		{1, wgsl.SampleSint, "r8sint"},
		{2, wgsl.SampleFloat, "r16float rg8unorm rg8snorm r16unorm r16snorm"},
		{2, wgsl.SampleUint, "r16uint rg8uint"},
		{2, wgsl.SampleSint, "r16sint rg8sint"},
		{4, wgsl.SampleFloat, "rg16float rgba8unorm rgba8unorm-srgb rgba8snorm bgra8unorm bgra8unorm-srgb rgb10a2unorm rg11b10ufloat rgb9e5ufloat rg16unorm rg16snorm"},
		{4, wgsl.SampleUnfilterableFloat, "r32float"},
		{4, wgsl.SampleUint, "r32uint rg16uint rgba8uint rgb10a2uint"},
		{4, wgsl.SampleSint, "r32sint rg16sint rgba8sint"},
		{8, wgsl.SampleFloat, "rgba16float rgba16unorm rgba16snorm"},
		{8, wgsl.SampleUnfilterableFloat, "rg32float"},
		{8, wgsl.SampleUint, "rg32uint rgba16uint"},
		{8, wgsl.SampleSint, "rg32sint rgba16sint"},
		{16, wgsl.SampleUnfilterableFloat, "rgba32float"},
		{16, wgsl.SampleUint, "rgba32uint"},
		{16, wgsl.SampleSint, "rgba32sint"},
		{0, wgsl.SampleDepth, "depth16unorm depth24plus depth24plus-stencil8 depth32float depth32float-stencil8"},
		{0, wgsl.SampleUint, "stencil8"},
	} {
		for _, name := range strings.Fields(row.names) {
			formats[wgsl.TextureFormat(name)] = formatInfo{row.texel, row.sample}
		}
	}
}

// TexelSize returns the bytes per texel of an uncompressed color format, by its WebGPU name,
// or 0 for other formats (depth, stencil, compressed, unknown).
func TexelSize(f wgsl.TextureFormat) uint32 { return formats[f].texel }

// Binds reports whether a view of format f can be bound where a texture binding has sample
// type t, as WebGPU's texture format table says; it is true for formats the table does not
// know, which the binding checks.
func Binds(f wgsl.TextureFormat, t wgsl.TextureSampleType) bool {
	info, ok := formats[f]
	if !ok || info.sample == t {
		return true
	}
	return t == wgsl.SampleUnfilterableFloat && (info.sample == wgsl.SampleFloat || info.sample == wgsl.SampleDepth)
}

// PaddedBytesPerRow returns the bytes per row of a texture-to-buffer copy of width texels of
// texelSize bytes: the row rounded up to BytesPerRowAlignment.
func PaddedBytesPerRow(width, texelSize uint32) uint32 {
	return uint32(AlignUp(uint64(width)*uint64(texelSize), BytesPerRowAlignment))
}

// TextureCopy is a read-back of a 2D texture through a buffer: rows of Row bytes, laid out at
// multiples of Stride (BytesPerRowAlignment) in a buffer of Size bytes.
type TextureCopy struct {
	Width, Height uint32
	Row, Stride   uint32
	Size          uint64
}

// Texture describes a texture for the core's checks, in WebGPU's terms.
type Texture struct {
	Format        wgsl.TextureFormat // "" for a format the binding cannot name
	Dimension     string             // "1d", "2d" or "3d"
	SampleCount   uint32
	Usage         TextureUsage
	Width, Height uint32
}

// ReadTexture checks a read-back of mip level 0, layer 0 of t and returns its copy: t must
// be a 2D texture with an uncompressed color format, one sample and TextureCopySrc.
func (p *Profile) ReadTexture(t Texture) (TextureCopy, error) {
	texel := TexelSize(t.Format)
	switch {
	case texel == 0:
		return TextureCopy{}, p.errorf("ReadTexture: format %q is not an uncompressed color format", t.Format)
	case t.Dimension != "2d":
		return TextureCopy{}, p.errorf("ReadTexture: a %s texture; want 2d", t.Dimension)
	case t.SampleCount != 1:
		return TextureCopy{}, p.errorf("ReadTexture: a multisampled texture (%d samples) cannot be copied; resolve it first", t.SampleCount)
	case t.Usage&TextureCopySrc == 0:
		return TextureCopy{}, p.errorf("ReadTexture: the texture lacks wgpu.TextureUsageCopySrc")
	}
	c := TextureCopy{Width: t.Width, Height: t.Height, Row: t.Width * texel, Stride: PaddedBytesPerRow(t.Width, texel)}
	c.Size = uint64(c.Stride) * uint64(t.Height)
	return c, nil
}

// Unpad returns the texels of a read-back of c, rows packed tightly (Row bytes each, top row
// first), or passes its error on: c.Unpad(mapRead(...)).
func (c TextureCopy) Unpad(padded []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, c.Row*c.Height)
	for y := range c.Height {
		out = append(out, padded[y*c.Stride:y*c.Stride+c.Row]...)
	}
	return out, nil
}

// Image returns RGBA8 texels of c as an image, or passes the error on.
func (c TextureCopy) Image(pix []byte, err error) (*image.RGBA, error) {
	if err != nil {
		return nil, err
	}
	w, h := int(c.Width), int(c.Height)
	return &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}, nil
}

// ReadImage checks that t, to be read as an image, has format rgba8unorm or rgba8unorm-srgb.
func (p *Profile) ReadImage(t Texture) (TextureCopy, error) {
	if t.Format != "rgba8unorm" && t.Format != "rgba8unorm-srgb" {
		return TextureCopy{}, p.errorf("ReadImage: format %q; want rgba8unorm or rgba8unorm-srgb", t.Format)
	}
	return p.ReadTexture(t)
}

// ImageTexels returns the texels of img from its top-left corner and its bytes per row: queue
// writes have no row alignment, so an image's own rows go as they are.
func ImageTexels(img *image.RGBA) (pix []byte, bytesPerRow, width, height uint32) {
	b := img.Bounds()
	return img.Pix[img.PixOffset(b.Min.X, b.Min.Y):], uint32(img.Stride), uint32(b.Dx()), uint32(b.Dy())
}
