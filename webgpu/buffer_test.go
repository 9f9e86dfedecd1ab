package webgpu_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

func TestAlignUp(t *testing.T) {
	for _, c := range []struct{ n, a, want uint64 }{{0, 4, 0}, {1, 4, 4}, {4, 4, 4}, {5, 4, 8}, {80, 256, 256}, {257, 256, 512}} {
		assert.Equal(t, c.want, host.AlignUp(c.n, c.a), "AlignUp(%d, %d)", c.n, c.a)
	}
	assert.Equal(t, uint32(256), host.PaddedBytesPerRow(13, 4))
	assert.Equal(t, uint32(512), host.PaddedBytesPerRow(65, 4))
	assert.Equal(t, uint32(256), host.PaddedBytesPerRow(64, 4))
}

func TestBufferUploadAndReadBack(t *testing.T) {
	g := gputest.Require(t)
	data := []byte{1, 2, 3, 4, 5, 6, 7} // not a multiple of COPY_BUFFER_ALIGNMENT
	buf, err := webgpu.NewBuffer(g.Device, "seven", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc|wgpu.BufferUsageCopyDst, data)
	require.NoError(t, err)
	defer buf.Release()
	assert.Equal(t, uint64(8), buf.GetSize())

	got, err := webgpu.ReadBuffer(g.Device, buf, 0, 7)
	require.NoError(t, err)
	assert.Equal(t, data, got)
	got, err = webgpu.ReadBuffer(g.Device, buf, 4, 4)
	require.NoError(t, err)
	assert.Equal(t, []byte{5, 6, 7, 0}, got, "the padding byte is zero")

	// A write of 3 bytes is padded to 4 with a zero.
	require.NoError(t, webgpu.WriteBuffer(g.Queue, buf, 4, []byte{0xA, 0xB, 0xC}))
	got, err = webgpu.ReadBuffer(g.Device, buf, 0, 8)
	require.NoError(t, err)
	assert.Equal(t, []byte{1, 2, 3, 4, 0xA, 0xB, 0xC, 0}, got)
}

// TestReadArray reads back arrays of scalars, as array<u32> and array<f32> bindings hold them,
// and of generated types, at an offset.
func TestReadArray(t *testing.T) {
	g := gputest.Require(t)
	words := []uint32{0xdeadbeef, 7, 0x80000000, 42, 0}
	buf, err := webgpu.NewBuffer(g.Device, "words", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, wgsl.SliceBytes(words))
	require.NoError(t, err)
	defer buf.Release()
	u, err := webgpu.ReadArray[uint32](g.Device, buf, 4, 3)
	require.NoError(t, err)
	assert.Equal(t, words[1:4], u)
	i, err := webgpu.ReadArray[int32](g.Device, buf, 8, 1)
	require.NoError(t, err)
	assert.Equal(t, []int32{math.MinInt32}, i)
	f, err := webgpu.ReadArray[float32](g.Device, buf, 12, 1)
	require.NoError(t, err)
	assert.Equal(t, []float32{math.Float32frombits(42)}, f)
	h, err := webgpu.ReadArray[wgsl.F16](g.Device, buf, 0, 2)
	require.NoError(t, err)
	assert.Equal(t, []wgsl.F16{0xbeef, 0xdead}, h)
	v, err := webgpu.ReadArray[wgsl.Vec2u](g.Device, buf, 4, 2)
	require.NoError(t, err)
	assert.Equal(t, []wgsl.Vec2u{{7, 0x80000000}, {42, 0}}, v)
	_, err = webgpu.ReadArray[uint64](g.Device, buf, 0, 1)
	assert.ErrorContains(t, err, "webgpu: ReadArray: uint64 is not a generated WGSL type (a structure, vector or matrix) nor a scalar")
}

func TestBufferErrors(t *testing.T) {
	g := gputest.Require(t)
	buf, err := webgpu.NewBuffer(g.Device, "no copy-src", wgpu.BufferUsageStorage|wgpu.BufferUsageCopyDst, make([]byte, 16))
	require.NoError(t, err)
	defer buf.Release()
	_, err = webgpu.ReadBuffer(g.Device, buf, 0, 16)
	assert.ErrorContains(t, err, "lacks wgpu.BufferUsageCopySrc")

	src, err := webgpu.NewBuffer(g.Device, "src", wgpu.BufferUsageCopySrc|wgpu.BufferUsageCopyDst, make([]byte, 16))
	require.NoError(t, err)
	defer src.Release()
	_, err = webgpu.ReadBuffer(g.Device, src, 2, 4)
	assert.ErrorContains(t, err, "offset 2")
	_, err = webgpu.ReadBuffer(g.Device, src, 12, 5)
	assert.ErrorContains(t, err, "a copy of 8")
	assert.ErrorContains(t, webgpu.WriteBuffer(g.Queue, src, 6, []byte{1}), "offset 6")
	assert.ErrorContains(t, webgpu.WriteBuffer(g.Queue, src, 12, []byte{1, 2, 3, 4, 5}), "5 bytes (padded to 8) at offset 12 overruns the 16-byte buffer")
}

// pair stands for a generated structure: 8 bytes, encoded by its Encode method.
type pair struct{ A, B uint32 }

func (p *pair) Encode(dst []byte) {
	binary.LittleEndian.PutUint32(dst, p.A)
	binary.LittleEndian.PutUint32(dst[4:], p.B)
}

func TestPackUniforms(t *testing.T) {
	limits := wgpu.Limits{MinUniformBufferOffsetAlignment: 256} // WebGPU's default
	data, offsets, stride := webgpu.PackUniforms(limits, []pair{{1, 2}, {3, 4}, {5, 6}})
	assert.Equal(t, uint64(256), stride)
	assert.Equal(t, []uint32{0, 256, 512}, offsets)
	assert.Len(t, data, 512+8, "the last value needs only its own size")
	for i, off := range offsets {
		assert.Equal(t, uint32(2*i+1), binary.LittleEndian.Uint32(data[off:]))
		assert.Equal(t, uint32(2*i+2), binary.LittleEndian.Uint32(data[off+4:]))
	}
	data, offsets, _ = webgpu.PackUniforms[pair](limits, nil)
	assert.Empty(t, data)
	assert.Empty(t, offsets)
}
