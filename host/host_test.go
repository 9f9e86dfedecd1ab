package host_test

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// full is a profile of a binding that runs everything; lacking one that runs nothing a
// Profile can lack.
var (
	full    = &host.Profile{Package: "full", Binding: "full/binding v1", Source: host.SourceWGSL}
	lacking = &host.Profile{Package: "lacking", Binding: "lacking/binding v2", Source: host.SourceSPIRV, Lacks: map[host.Feature]string{
		host.ImmediateData:        "has no API for them",
		host.ComputeImmediateData: "has no API for them",
		host.F16:                  "never enables the f16 feature",
		host.DynamicOffsets:       "ignores them",
		host.StorageTextures:      "binds them as sampled textures",
		host.ExternalTextures:     "has none",
		host.LayeredTextures:      "makes their layers texels deep",
	}}
)

func TestAlign(t *testing.T) {
	for _, c := range []struct{ n, a, want uint64 }{{0, 4, 0}, {1, 4, 4}, {4, 4, 4}, {5, 4, 8}, {80, 256, 256}, {257, 256, 512}} {
		assert.Equal(t, c.want, host.AlignUp(c.n, c.a), "AlignUp(%d, %d)", c.n, c.a)
	}
	for _, c := range []struct {
		width, texel, want uint32
	}{{13, 4, 256}, {64, 4, 256}, {65, 4, 512}, {1, 16, 256}, {300, 1, 512}} {
		assert.Equal(t, c.want, host.PaddedBytesPerRow(c.width, c.texel), "PaddedBytesPerRow(%d, %d)", c.width, c.texel)
	}
	for n, want := range map[int]uint64{0: 4, 1: 4, 4: 4, 7: 8, 8: 8} {
		assert.Equal(t, want, host.BufferSize(n), "BufferSize(%d)", n)
	}
	assert.Equal(t, uint64(256), host.UniformStride(256, 80))
	assert.Equal(t, uint64(96), host.UniformStride(16, 84), "a device with a smaller alignment packs tighter")
}

func TestWriteAndRead(t *testing.T) {
	got, err := full.Write(4, 16, []byte{1, 2, 3})
	require.NoError(t, err)
	assert.Equal(t, []byte{1, 2, 3, 0}, got, "a write of 3 bytes is padded to 4 with a zero")
	_, err = full.Write(6, 16, []byte{1})
	assert.EqualError(t, err, "full: WriteBuffer at offset 6: WebGPU writes buffers at multiples of 4")
	_, err = full.Write(12, 16, []byte{1, 2, 3, 4, 5})
	assert.EqualError(t, err, "full: WriteBuffer of 5 bytes (padded to 8) at offset 12 overruns the 16-byte buffer")

	got, err = full.Write(12, 16, []byte{1, 2, 3})
	require.NoError(t, err, "a write that ends, padded, at the buffer's end")
	assert.Equal(t, []byte{1, 2, 3, 0}, got)
	got, err = full.Write(0, 16, make([]byte, 16))
	require.NoError(t, err, "a write of the whole buffer")
	assert.Len(t, got, 16)
	_, err = full.Write(16, 16, []byte{1})
	assert.EqualError(t, err, "full: WriteBuffer of 1 bytes (padded to 4) at offset 16 overruns the 16-byte buffer")

	n, err := full.Read(host.UsageCopySrc|host.UsageStorage, 16, 12, 3)
	require.NoError(t, err)
	assert.Equal(t, uint64(4), n, "the copy is rounded up to whole words")
	_, err = full.Read(host.UsageStorage, 16, 0, 16)
	assert.EqualError(t, err, "full: ReadBuffer: the buffer lacks wgpu.BufferUsageCopySrc")
	_, err = full.Read(host.UsageCopySrc, 16, 2, 4)
	assert.EqualError(t, err, "full: ReadBuffer at offset 2: WebGPU copies buffers from multiples of 4")
	_, err = full.Read(host.UsageCopySrc, 16, 12, 5)
	assert.EqualError(t, err, "full: ReadBuffer of 5 bytes (a copy of 8) at offset 12 from a 16-byte buffer")
	_, err = full.Read(host.UsageCopySrc, 16, 0, 0)
	assert.Error(t, err, "an empty read")
}

// pair stands for a generated structure: 8 bytes, encoded by its Encode method.
type pair struct{ A, B uint32 }

func (p *pair) Encode(dst []byte) {
	binary.LittleEndian.PutUint32(dst, p.A)
	binary.LittleEndian.PutUint32(dst[4:], p.B)
}

func TestPackUniforms(t *testing.T) {
	for _, c := range []struct {
		align  uint32
		stride uint64
	}{{256, 256}, {16, 16}, {64, 64}} {
		data, offsets, stride := host.PackUniforms(c.align, []pair{{1, 2}, {3, 4}, {5, 6}})
		assert.Equal(t, c.stride, stride)
		assert.Equal(t, []uint32{0, uint32(c.stride), 2 * uint32(c.stride)}, offsets)
		assert.Len(t, data, 2*int(c.stride)+8, "the last value needs only its own size")
		for i, off := range offsets {
			assert.Equal(t, uint32(2*i+1), binary.LittleEndian.Uint32(data[off:]))
			assert.Equal(t, uint32(2*i+2), binary.LittleEndian.Uint32(data[off+4:]))
		}
	}
	data, offsets, _ := host.PackUniforms[pair](256, nil)
	assert.Empty(t, data)
	assert.Empty(t, offsets)
}

func TestReadArray(t *testing.T) {
	words := host.Bytes(wgsl.SliceBytes([]uint32{0xdeadbeef, 7, 0x80000000, 42, 0}))
	u, err := host.ReadArray[uint32](words, 4, 3)
	require.NoError(t, err)
	assert.Equal(t, []uint32{7, 0x80000000, 42}, u)
	i, err := host.ReadArray[int32](words, 8, 1)
	require.NoError(t, err)
	assert.Equal(t, []int32{math.MinInt32}, i)
	f, err := host.ReadArray[float32](words, 12, 1)
	require.NoError(t, err)
	assert.Equal(t, []float32{math.Float32frombits(42)}, f)
	h, err := host.ReadArray[wgsl.F16](words, 0, 2)
	require.NoError(t, err)
	assert.Equal(t, []wgsl.F16{0xbeef, 0xdead}, h)
	v, err := host.ReadArray[wgsl.Vec2u](words, 4, 2)
	require.NoError(t, err)
	assert.Equal(t, []wgsl.Vec2u{{7, 0x80000000}, {42, 0}}, v)
	size, err := host.ArraySize[wgsl.Vec3fPadded](3)
	require.NoError(t, err)
	assert.Equal(t, uint64(48), size, "the stride of array<vec3<f32>> is 16")

	_, err = host.ReadArray[uint64](words, 0, 1)
	assert.EqualError(t, err, "ReadArray: uint64 is not a generated WGSL type (a structure, vector or matrix) nor a scalar")
	_, err = host.ReadArray[uint32](words, 0, 0)
	assert.EqualError(t, err, "ReadArray: 0 elements; want at least 1")
	_, err = host.ReadArray[uint32](words, 12, 3)
	assert.EqualError(t, err, "12 bytes at 12 of 20")

	type header struct{ n int }
	decode := func(b []byte) (header, []uint32, error) {
		out, err := host.ReadArray[uint32](host.Bytes(b), 4, len(b)/4-1)
		return header{int(b[0])}, out, err
	}
	hd, items, err := host.ReadStructArray(words, decode)
	require.NoError(t, err)
	assert.Equal(t, header{0xef}, hd)
	assert.Equal(t, []uint32{7, 0x80000000, 42, 0}, items)
	_, _, err = host.ReadStructArray(failing{}, decode)
	assert.Equal(t, assert.AnError, err, "a read-back's error passes through")
}

// failing is a Reader whose reads fail.
type failing struct{}

func (failing) Read(uint64, uint64) ([]byte, error) { return nil, assert.AnError }
func (failing) Size() uint64                        { return 4 }

func TestTextures(t *testing.T) {
	for f, want := range map[wgsl.TextureFormat]uint32{"rgba8unorm": 4, "r8uint": 1, "rgba16float": 8, "rgba32float": 16, "rg11b10ufloat": 4, "depth32float": 0, "bc1-rgba-unorm": 0} {
		assert.Equal(t, want, host.TexelSize(f), f)
	}
	for _, c := range []struct {
		f    wgsl.TextureFormat
		t    wgsl.TextureSampleType
		want bool
	}{
		{"rgba8unorm", wgsl.SampleFloat, true}, {"rgba8unorm", wgsl.SampleUnfilterableFloat, true}, {"rgba8unorm", wgsl.SampleUint, false},
		{"r32float", wgsl.SampleFloat, false}, {"r32float", wgsl.SampleUnfilterableFloat, true},
		{"r32uint", wgsl.SampleUint, true}, {"r32uint", wgsl.SampleFloat, false}, {"r32sint", wgsl.SampleUint, false},
		{"depth16unorm", wgsl.SampleDepth, true}, {"depth16unorm", wgsl.SampleUnfilterableFloat, true}, {"depth16unorm", wgsl.SampleFloat, false},
		{"rgba8unorm", wgsl.SampleDepth, false}, {"astc-4x4-unorm", wgsl.SampleFloat, true},
	} {
		assert.Equal(t, c.want, host.Binds(c.f, c.t), "%s as %s", c.f, c.t)
	}
	for name, want := range map[string]wgsl.TextureFormat{"RGBA8UnormSrgb": "rgba8unorm-srgb", "rgba8unorm-srgb": "rgba8unorm-srgb", "R32Float": "r32float",
		"Depth24PlusStencil8": "depth24plus-stencil8", "rgba9unorm": ""} {
		assert.Equal(t, want, host.Format(name), name)
	}

	// An image 13 texels wide has 52-byte rows: the copy pads each to 256 bytes and Unpad must
	// drop exactly that padding.
	c, err := full.ReadTexture(host.Texture{Format: "rgba8unorm", Dimension: "2d", SampleCount: 1, Usage: host.TextureCopySrc, Width: 13, Height: 3})
	require.NoError(t, err)
	assert.Equal(t, host.TextureCopy{Width: 13, Height: 3, Row: 52, Stride: 256, Size: 768}, c)
	padded := make([]byte, c.Size)
	for y := range 3 {
		for x := range 52 {
			padded[y*256+x] = byte(y*52 + x)
		}
		padded[y*256+52] = 0xff // padding the read-back must drop
	}
	pix, err := c.Unpad(padded, nil)
	require.NoError(t, err)
	for i, b := range pix {
		require.Equal(t, byte(i), b, "byte %d", i)
	}
	img, err := c.Image(pix, nil)
	require.NoError(t, err)
	assert.Equal(t, color.RGBA{4, 5, 6, 7}, img.RGBAAt(1, 0))
	assert.Equal(t, image.Rect(0, 0, 13, 3), img.Bounds())

	for _, c := range []struct {
		tex  host.Texture
		want string
	}{
		{host.Texture{Format: "depth32float", Dimension: "2d", SampleCount: 1, Usage: host.TextureCopySrc}, `full: ReadTexture: format "depth32float" is not an uncompressed color format`},
		{host.Texture{Format: "rgba8unorm", Dimension: "3d", SampleCount: 1, Usage: host.TextureCopySrc}, "full: ReadTexture: a 3d texture; want 2d"},
		{host.Texture{Format: "rgba8unorm", Dimension: "2d", SampleCount: 4, Usage: host.TextureCopySrc}, "full: ReadTexture: a multisampled texture (4 samples) cannot be copied; resolve it first"},
		{host.Texture{Format: "rgba8unorm", Dimension: "2d", SampleCount: 1, Usage: host.TextureBinding}, "full: ReadTexture: the texture lacks wgpu.TextureUsageCopySrc"},
	} {
		_, err := full.ReadTexture(c.tex)
		assert.EqualError(t, err, c.want)
	}
	_, err = full.ReadImage(host.Texture{Format: "r32float", Dimension: "2d", SampleCount: 1, Usage: host.TextureCopySrc})
	assert.EqualError(t, err, `full: ReadImage: format "r32float"; want rgba8unorm or rgba8unorm-srgb`)

	src := image.NewRGBA(image.Rect(0, 0, 4, 2))
	sub := src.SubImage(image.Rect(1, 1, 3, 2)).(*image.RGBA)
	texels, bytesPerRow, w, h := host.ImageTexels(sub)
	assert.Equal(t, []uint32{16, 2, 1}, []uint32{bytesPerRow, w, h})
	assert.Equal(t, src.Pix[src.PixOffset(1, 1):], texels)
}

type kind uint32

func (k kind) String() string {
	return map[kind]string{0: "undefined", 1: "ReadOnlyStorage", 2: "Uniform", 3: "storage"}[k]
}

func TestEnums(t *testing.T) {
	byName := host.EnumByName[wgsl.BufferBindingType](full, "buffer binding type", host.Range[kind](0, 9), kind.String)
	for name, want := range map[wgsl.BufferBindingType]kind{wgsl.BufferReadOnlyStorage: 1, wgsl.BufferUniform: 2, wgsl.BufferStorage: 3} {
		got, err := byName.Get(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	_, err := byName.Get("")
	assert.EqualError(t, err, `buffer binding type "" is not one full/binding v1 knows`)
	_, err = byName.Get("read-write-storage")
	assert.EqualError(t, err, `buffer binding type "read-write-storage" is not one full/binding v1 knows`)
	given := host.NewEnum(lacking, "vertex step mode", map[wgsl.VertexStepMode]int{wgsl.StepVertex: 7})
	got, err := given.Get(wgsl.StepVertex)
	require.NoError(t, err)
	assert.Equal(t, 7, got)
	_, err = given.Get(wgsl.StepInstance)
	assert.EqualError(t, err, `vertex step mode "instance" is not one lacking/binding v2 knows`)
	assert.Equal(t, []kind{3, 4, 5}, host.Range[kind](3, 5))
}
