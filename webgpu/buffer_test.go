package webgpu_test

import (
	"encoding/binary"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

func TestAlignUp(t *testing.T) {
	for _, c := range []struct{ n, a, want uint64 }{{0, 4, 0}, {1, 4, 4}, {4, 4, 4}, {5, 4, 8}, {80, 256, 256}, {257, 256, 512}} {
		assert.Equal(t, c.want, webgpu.AlignUp(c.n, c.a), "AlignUp(%d, %d)", c.n, c.a)
	}
	assert.Equal(t, uint32(256), webgpu.PaddedBytesPerRow(13, 4))
	assert.Equal(t, uint32(512), webgpu.PaddedBytesPerRow(65, 4))
	assert.Equal(t, uint32(256), webgpu.PaddedBytesPerRow(64, 4))
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
