package gogpu

import (
	"context"

	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/host"
)

// NewBuffer creates a buffer holding data, with the given usage. Its size is len(data)
// rounded up to host.CopyBufferAlignment (at least 4 bytes), the padding zero: WebGPU maps a
// buffer at creation only in whole 4-byte words. Bind it with its exact size when the shader
// computes arrayLength from it and that size is not a multiple of 4 (BufferRange).
func NewBuffer(device *wgpu.Device, label string, usage wgpu.BufferUsage, data []byte) (*wgpu.Buffer, error) {
	size := host.BufferSize(len(data))
	buf, err := device.CreateBuffer(&wgpu.BufferDescriptor{Label: label, Usage: usage, Size: size, MappedAtCreation: true})
	if err != nil {
		return nil, err
	}
	r, err := buf.MappedRange(0, size)
	if err == nil {
		// gogpu/wgpu leaves a buffer mapped at creation as the allocator gave it: the
		// padding is cleared here.
		clear(r.BytesMut()[copy(r.BytesMut(), data):])
		r.Release()
		err = buf.Unmap()
	}
	if err != nil {
		buf.Release()
		return nil, err
	}
	return buf, nil
}

// WriteBuffer writes data into buf at offset through the queue, in whole 4-byte words (see
// host.Profile.Write).
func WriteBuffer(queue *wgpu.Queue, buf *wgpu.Buffer, offset uint64, data []byte) error {
	data, err := Profile.Write(offset, buf.Size(), data)
	if err != nil {
		return err
	}
	return queue.WriteBuffer(buf, offset, data)
}

// ReadBuffer returns size bytes of src from offset: it copies them into a mappable buffer,
// submits the copy, waits for it and maps the result. src needs wgpu.BufferUsageCopySrc and
// must not be mapped (see host.Profile.Read).
func ReadBuffer(device *wgpu.Device, src *wgpu.Buffer, offset, size uint64) ([]byte, error) {
	padded, err := Profile.Read(host.BufferUsage(src.Usage()), src.Size(), offset, size)
	if err != nil {
		return nil, err
	}
	return copyOut(device, padded, size, func(enc *wgpu.CommandEncoder, staging *wgpu.Buffer) {
		enc.CopyBufferToBuffer(src, offset, staging, 0, padded)
	})
}

// copyOut records a copy into a new mappable buffer of size bytes with record, submits it,
// waits and returns the first n bytes.
func copyOut(device *wgpu.Device, size, n uint64, record func(*wgpu.CommandEncoder, *wgpu.Buffer)) ([]byte, error) {
	staging, err := device.CreateBuffer(&wgpu.BufferDescriptor{Label: "gogpu read-back", Usage: wgpu.BufferUsageMapRead | wgpu.BufferUsageCopyDst, Size: size})
	if err != nil {
		return nil, err
	}
	defer staging.Release()
	enc, err := device.CreateCommandEncoder(nil)
	if err != nil {
		return nil, err
	}
	record(enc, staging)
	cmd, err := enc.Finish()
	if err != nil {
		return nil, err
	}
	if _, err := device.Queue().Submit(cmd); err != nil {
		return nil, err
	}
	if err := staging.Map(context.Background(), wgpu.MapModeRead, 0, size); err != nil {
		return nil, err
	}
	r, err := staging.MappedRange(0, size)
	if err != nil {
		return nil, err
	}
	out := append([]byte(nil), r.Bytes()[:n]...)
	r.Release()
	return out, staging.Unmap()
}

// Reader reads buf back through ReadBuffer, for host.ReadArray and host.ReadStructArray:
// host.ReadArray[uint32](Reader(device, buf), 0, n).
func Reader(device *wgpu.Device, buf *wgpu.Buffer) host.Reader { return reader{device, buf} }

type reader struct {
	device *wgpu.Device
	buf    *wgpu.Buffer
}

func (r reader) Read(offset, size uint64) ([]byte, error) {
	return ReadBuffer(r.device, r.buf, offset, size)
}
func (r reader) Size() uint64 { return r.buf.Size() }
