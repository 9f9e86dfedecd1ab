package gogpu

import (
	"errors"
	"image"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/host"
)

// gogpu/wgpu's Texture tells only its format: the read-backs take the descriptor the texture
// was made with. Its Vulkan backend tracks where render passes and bind groups leave a
// texture, but its copies take the texture as it is: the read-back moves the texture to the
// copy's layout and back, from where gogpu/wgpu left it: a color attachment after a render
// pass (a texture with wgpu.TextureUsageRenderAttachment), else ready for sampling (after a
// queue write or a bind group).

// last is the usage gogpu/wgpu left a texture of desc in.
func last(desc *wgpu.TextureDescriptor) wgpu.TextureUsage {
	if desc.Usage&wgpu.TextureUsageRenderAttachment != 0 {
		return wgpu.TextureUsageRenderAttachment
	}
	return wgpu.TextureUsageTextureBinding
}

func texture(desc *wgpu.TextureDescriptor) host.Texture {
	dims := map[gputypes.TextureDimension]string{gputypes.TextureDimension1D: "1d", gputypes.TextureDimension2D: "2d", gputypes.TextureDimension3D: "3d"}
	return host.Texture{Format: host.Format(desc.Format.String()), Dimension: dims[desc.Dimension], SampleCount: desc.SampleCount,
		Usage: host.TextureUsage(desc.Usage), Width: desc.Size.Width, Height: desc.Size.Height}
}

// ReadTexture returns the texels of mip level 0, layer 0 of a 2D texture with an uncompressed
// color format, made with desc, rows packed tightly (width × texel size bytes each, top row
// first). The texture needs wgpu.TextureUsageCopySrc. The copy goes through a buffer whose
// rows are padded to host.BytesPerRowAlignment, as WebGPU requires; the padding is dropped.
func ReadTexture(device *wgpu.Device, tex *wgpu.Texture, desc *wgpu.TextureDescriptor) ([]byte, error) {
	c, err := Profile.ReadTexture(texture(desc))
	if err != nil {
		return nil, err
	}
	return readTexture(device, tex, last(desc), c)
}

func readTexture(device *wgpu.Device, tex *wgpu.Texture, was wgpu.TextureUsage, c host.TextureCopy) ([]byte, error) {
	transition := func(enc *wgpu.CommandEncoder, from, to wgpu.TextureUsage) {
		enc.TransitionTextures([]wgpu.TextureBarrier{{Texture: tex, Usage: wgpu.TextureUsageTransition{OldUsage: from, NewUsage: to}}})
	}
	return c.Unpad(copyOut(device, c.Size, c.Size, func(enc *wgpu.CommandEncoder, staging *wgpu.Buffer) {
		transition(enc, was, wgpu.TextureUsageCopySrc)
		enc.CopyTextureToBuffer(tex, staging, []wgpu.BufferTextureCopy{{
			BufferLayout: wgpu.ImageDataLayout{BytesPerRow: c.Stride, RowsPerImage: c.Height},
			TextureBase:  wgpu.ImageCopyTexture{Texture: tex},
			Size:         wgpu.Extent3D{Width: c.Width, Height: c.Height, DepthOrArrayLayers: 1},
		}})
		transition(enc, wgpu.TextureUsageCopySrc, was)
	}))
}

// ReadImage reads a 2D texture of format RGBA8Unorm or RGBA8UnormSrgb made with desc (see
// ReadTexture) as an image, ready for image/png.
func ReadImage(device *wgpu.Device, tex *wgpu.Texture, desc *wgpu.TextureDescriptor) (*image.RGBA, error) {
	c, err := Profile.ReadImage(texture(desc))
	if err != nil {
		return nil, err
	}
	return c.Image(readTexture(device, tex, last(desc), c))
}

// NewImageTexture creates a 2D RGBA8Unorm texture holding img, with usage plus
// wgpu.TextureUsageCopyDst (to write img) and wgpu.TextureUsageTextureBinding (gogpu/wgpu's
// queue writes leave a texture ready for sampling, which Vulkan allows only a texture that
// may be sampled), and returns it with its descriptor.
func NewImageTexture(device *wgpu.Device, label string, usage wgpu.TextureUsage, img *image.RGBA) (*wgpu.Texture, *wgpu.TextureDescriptor, error) {
	pix, bytesPerRow, width, height := host.ImageTexels(img)
	desc := &wgpu.TextureDescriptor{Label: label, Size: wgpu.Extent3D{Width: width, Height: height, DepthOrArrayLayers: 1},
		MipLevelCount: 1, SampleCount: 1, Dimension: gputypes.TextureDimension2D, Format: gputypes.TextureFormatRGBA8Unorm,
		Usage: usage | wgpu.TextureUsageCopyDst | wgpu.TextureUsageTextureBinding}
	tex, err := device.CreateTexture(desc)
	if err != nil {
		return nil, nil, err
	}
	if err := WriteTexture(device.Queue(), tex, desc, pix, bytesPerRow); err != nil {
		tex.Release()
		return nil, nil, err
	}
	return tex, desc, nil
}

// WriteTexture writes texels, rows bytesPerRow apart, to mip level 0 of the 2D texture tex
// made with desc, through the queue. gogpu/wgpu leaves a texture it wrote ready for sampling,
// which Vulkan allows only a texture with wgpu.TextureUsageTextureBinding: one without is
// refused. The write of a depth texture names its depth aspect, which gogpu/wgpu's default
// aspect does not.
func WriteTexture(queue *wgpu.Queue, tex *wgpu.Texture, desc *wgpu.TextureDescriptor, texels []byte, bytesPerRow uint32) error {
	if desc.Usage&wgpu.TextureUsageTextureBinding == 0 {
		return Profile.Wrap("WriteTexture", errors.New("gogpu/wgpu leaves a texture it wrote ready for sampling, which Vulkan allows only a texture with wgpu.TextureUsageTextureBinding: add it to the texture's usage"))
	}
	dst := &wgpu.ImageCopyTexture{Texture: tex}
	if host.Format(desc.Format.String()) != "" && host.TexelSize(host.Format(desc.Format.String())) == 0 {
		dst.Aspect = gputypes.TextureAspectDepthOnly
	}
	return queue.WriteTexture(dst, texels, &wgpu.ImageDataLayout{BytesPerRow: bytesPerRow, RowsPerImage: desc.Size.Height}, &desc.Size)
}
