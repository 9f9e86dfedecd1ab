package webgpu

import (
	"fmt"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/host"
)

// NewBuffer creates a buffer holding data, with the given usage. Its size is len(data)
// rounded up to host.CopyBufferAlignment (at least 4 bytes), the padding zero: WebGPU maps a
// buffer at creation only in whole 4-byte words. Bind it with its exact size when the shader
// computes arrayLength from it and that size is not a multiple of 4 (BufferRange).
func NewBuffer(device *wgpu.Device, label string, usage wgpu.BufferUsage, data []byte) (*wgpu.Buffer, error) {
	contents := make([]byte, host.BufferSize(len(data)))
	copy(contents, data)
	return try(device.TryCreateBufferInit(&wgpu.BufferInitDescriptor{Label: label, Usage: usage, Contents: contents}))
}

// WriteBuffer writes data into buf at offset through the queue, in whole 4-byte words (see
// host.Profile.Write).
func WriteBuffer(queue *wgpu.Queue, buf *wgpu.Buffer, offset uint64, data []byte) error {
	padded, err := Profile.Write(offset, buf.GetSize(), data)
	if err == nil {
		_, err = try(struct{}{}, queue.TryWriteBuffer(buf, offset, padded))
	}
	return err
}

// ReadBuffer returns size bytes of src from offset: it copies them into a mappable buffer,
// submits the copy, waits for it and maps the result. src needs wgpu.BufferUsageCopySrc and
// must not be mapped (see host.Profile.Read). Everything is checked before anything is
// submitted: the binding's Queue.Submit aborts the process on a validation error.
func ReadBuffer(device *wgpu.Device, src *wgpu.Buffer, offset, size uint64) ([]byte, error) {
	n, err := Profile.Read(host.BufferUsage(src.GetUsage()), src.GetSize(), offset, size)
	if err != nil {
		return nil, err
	}
	return readBack(device, n, size, func(enc *wgpu.CommandEncoder, dst *wgpu.Buffer) error {
		return enc.TryCopyBufferToBuffer(src, offset, dst, 0, n)
	})
}

// Reader reads buf back through ReadBuffer, for host.ReadArray and host.ReadStructArray:
// host.ReadArray[uint32](Reader(device, buf), 0, n).
func Reader(device *wgpu.Device, buf *wgpu.Buffer) host.Reader { return reader{device, buf} }

type reader struct {
	device *wgpu.Device
	buf    *wgpu.Buffer
}

func (r reader) Size() uint64 { return r.buf.GetSize() }

func (r reader) Read(offset, size uint64) ([]byte, error) {
	return ReadBuffer(r.device, r.buf, offset, size)
}

// readBack records a copy of size bytes into a new mappable buffer with record, submits it,
// maps the buffer and returns its first n bytes.
func readBack(device *wgpu.Device, size, n uint64, record func(*wgpu.CommandEncoder, *wgpu.Buffer) error) ([]byte, error) {
	dst, err := try(device.TryCreateBuffer(&wgpu.BufferDescriptor{Label: "webgpu read-back", Size: size, Usage: wgpu.BufferUsageCopyDst | wgpu.BufferUsageMapRead}))
	if err != nil {
		return nil, err
	}
	defer dst.Release()
	if err := Submit(device, func(enc *wgpu.CommandEncoder) error { return record(enc, dst) }); err != nil {
		return nil, err
	}
	var status wgpu.MapAsyncStatus
	if _, err := try(struct{}{}, dst.TryMapAsync(wgpu.MapModeRead, 0, size, func(s wgpu.MapAsyncStatus) { status = s })); err != nil {
		return nil, err
	}
	device.Poll(true, nil)
	if status != wgpu.MapAsyncStatusSuccess {
		return nil, fmt.Errorf("webgpu: mapping the read-back buffer: %v", status)
	}
	out := append([]byte(nil), dst.GetMappedRange(0, uint(size))[:n]...)
	_, err = try(struct{}{}, dst.TryUnmap())
	return out, err
}

// Submit records commands with record into a new command encoder and submits them, unless
// recording or finishing them fails: the binding's Queue.Submit aborts the process on a
// validation error, which a failed encoder carries.
func Submit(device *wgpu.Device, record func(*wgpu.CommandEncoder) error) error {
	enc, err := try(device.TryCreateCommandEncoder(nil))
	if err != nil {
		return err
	}
	defer enc.Release()
	if err := record(enc); err != nil {
		settle()
		return err
	}
	cmd, err := try(enc.TryFinish(nil))
	if err != nil {
		return err
	}
	defer cmd.Release()
	queue := device.GetQueue()
	queue.Submit(cmd)
	return nil
}
