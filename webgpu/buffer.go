package webgpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// CopyBufferAlignment is WebGPU's COPY_BUFFER_ALIGNMENT: the sizes and offsets of buffer
// copies and queue writes, and the size of a buffer mapped at creation, are multiples of it.
const CopyBufferAlignment = 4

// AlignUp rounds n up to a multiple of alignment (a power of two).
func AlignUp(n, alignment uint64) uint64 {
	return (n + alignment - 1) &^ (alignment - 1)
}

// NewBuffer creates a buffer holding data, with the given usage. Its size is len(data)
// rounded up to CopyBufferAlignment (at least 4 bytes), the padding zero: WebGPU maps a
// buffer at creation only in whole 4-byte words. Bind it with its exact size when the shader
// computes arrayLength from it and that size is not a multiple of 4 (BufferRange).
func NewBuffer(device *wgpu.Device, label string, usage wgpu.BufferUsage, data []byte) (*wgpu.Buffer, error) {
	size := max(AlignUp(uint64(len(data)), CopyBufferAlignment), CopyBufferAlignment)
	buf, err := device.CreateBuffer(&wgpu.BufferDescriptor{
		Label:            label,
		Usage:            usage,
		Size:             size,
		MappedAtCreation: true,
	})
	if err != nil {
		return nil, err
	}
	copy(buf.GetMappedRange(0, uint(size)), data)
	if err := buf.Unmap(); err != nil {
		buf.Release()
		return nil, err
	}
	return buf, nil
}

// WriteBuffer writes data into buf at offset through the queue. WebGPU takes only whole
// 4-byte words: offset must be a multiple of CopyBufferAlignment, and data whose length is not
// is written followed by zero bytes up to the next multiple (which must fit in the buffer).
func WriteBuffer(queue *wgpu.Queue, buf *wgpu.Buffer, offset uint64, data []byte) error {
	if offset%CopyBufferAlignment != 0 {
		return fmt.Errorf("webgpu: WriteBuffer at offset %d: WebGPU writes buffers at multiples of %d", offset, CopyBufferAlignment)
	}
	n := len(data)
	if padded := AlignUp(uint64(n), CopyBufferAlignment); padded != uint64(n) {
		data = append(data[:n:n], make([]byte, padded-uint64(n))...)
	}
	if end := offset + uint64(len(data)); end > buf.GetSize() {
		return fmt.Errorf("webgpu: WriteBuffer of %d bytes (padded to %d) at offset %d overruns the %d-byte buffer",
			n, len(data), offset, buf.GetSize())
	}
	return queue.WriteBuffer(buf, offset, data)
}

// ReadBuffer returns size bytes of src from offset: it copies them into a mappable buffer,
// submits the copy, waits for it and maps the result. src needs wgpu.BufferUsageCopySrc and
// must not be mapped; offset must be a multiple of CopyBufferAlignment, and the copy is
// rounded up to one (so that range must lie in src). Everything is checked before anything is submitted: wgpu-native
// treats an error outside an error scope, as a failed submission is, as fatal.
func ReadBuffer(device *wgpu.Device, src *wgpu.Buffer, offset, size uint64) ([]byte, error) {
	if src.GetUsage()&wgpu.BufferUsageCopySrc == 0 {
		return nil, errors.New("webgpu: ReadBuffer: the buffer lacks wgpu.BufferUsageCopySrc")
	}
	if offset%CopyBufferAlignment != 0 {
		return nil, fmt.Errorf("webgpu: ReadBuffer at offset %d: WebGPU copies buffers from multiples of %d", offset, CopyBufferAlignment)
	}
	padded := AlignUp(size, CopyBufferAlignment)
	if size == 0 || offset+padded > src.GetSize() {
		return nil, fmt.Errorf("webgpu: ReadBuffer of %d bytes (a copy of %d) at offset %d from a %d-byte buffer",
			size, padded, offset, src.GetSize())
	}
	staging, err := device.CreateBuffer(&wgpu.BufferDescriptor{
		Label: "webgpu.ReadBuffer",
		Usage: wgpu.BufferUsageMapRead | wgpu.BufferUsageCopyDst,
		Size:  padded,
	})
	if err != nil {
		return nil, err
	}
	defer staging.Release()
	err = submit(device, func(enc *wgpu.CommandEncoder) error {
		return enc.CopyBufferToBuffer(src, offset, staging, 0, padded)
	})
	if err != nil {
		return nil, err
	}
	return mapRead(device, staging, size)
}

// submit records commands with fn and submits them.
func submit(device *wgpu.Device, fn func(*wgpu.CommandEncoder) error) error {
	enc, err := device.CreateCommandEncoder(nil)
	if err != nil {
		return err
	}
	defer enc.Release()
	if err := fn(enc); err != nil {
		return err
	}
	cmd, err := enc.Finish(nil)
	if err != nil {
		return err
	}
	defer cmd.Release()
	queue := device.GetQueue()
	defer queue.Release()
	queue.Submit(cmd)
	return nil
}

// mapRead maps the first size bytes of a MapRead buffer, waiting for the queue, and copies
// them out.
func mapRead(device *wgpu.Device, buf *wgpu.Buffer, size uint64) ([]byte, error) {
	padded := AlignUp(size, CopyBufferAlignment)
	status := wgpu.BufferMapAsyncStatus(^uint32(0))
	if err := buf.MapAsync(wgpu.MapModeRead, 0, padded, func(s wgpu.BufferMapAsyncStatus) { status = s }); err != nil {
		return nil, err
	}
	device.Poll(true, nil)
	if status != wgpu.BufferMapAsyncStatusSuccess {
		return nil, fmt.Errorf("webgpu: mapping the read-back buffer: %v", status)
	}
	out := make([]byte, size)
	copy(out, buf.GetMappedRange(0, uint(padded)))
	return out, buf.Unmap()
}

// Encoder is a generated WGSL structure: Encode writes it in its WGSL layout.
type Encoder[T any] interface {
	*T
	Encode(dst []byte)
}

// UniformStride returns the distance between consecutive values of size bytes in one
// uniform buffer that is bound once and indexed with dynamic offsets: size rounded up to the
// device's minUniformBufferOffsetAlignment.
func UniformStride(limits wgpu.Limits, size uint64) uint64 {
	return AlignUp(size, uint64(limits.MinUniformBufferOffsetAlignment))
}

// PackUniforms encodes values into one buffer at multiples of UniformStride and returns the
// bytes, the dynamic offset of each value (for SetBindGroup) and the stride. Bind the buffer
// with a layout whose HasDynamicOffset is set (ModuleOptions.DynamicOffsets) and a binding
// size of one value (BufferRange).
func PackUniforms[T any, P Encoder[T]](limits wgpu.Limits, values []T) (data []byte, offsets []uint32, stride uint64) {
	size := uint64(unsafe.Sizeof(*new(T)))
	stride = UniformStride(limits, size)
	if len(values) == 0 {
		return nil, nil, stride
	}
	data = make([]byte, stride*uint64(len(values)-1)+size)
	offsets = make([]uint32, len(values))
	for i := range values {
		off := stride * uint64(i)
		P(&values[i]).Encode(data[off : off+size])
		offsets[i] = uint32(off)
	}
	return data, offsets, stride
}

// ReadStructArray reads back all of buf, which holds a structure whose last member is a
// runtime-sized array, and decodes it with that structure's generated Decode function
// (particles.DecodeParticles): its other members, and as many elements as the buffer holds,
// which is how WGSL's arrayLength counts them.
func ReadStructArray[H, E any](device *wgpu.Device, buf *wgpu.Buffer, decode func([]byte) (H, []E, error)) (H, []E, error) {
	b, err := ReadBuffer(device, buf, 0, buf.GetSize())
	if err != nil {
		var h H
		return h, nil, err
	}
	return decode(b)
}

// Decoder is a generated WGSL type: Decode reads it from its WGSL layout.
type Decoder interface {
	Decode(src []byte)
}

// ReadArray reads back n elements of an array of E that starts at offset in buf: a
// runtime-sized array bound on its own (var<storage> a: array<E>), or the elements after a
// structure's other members. E is a generated structure or a gen/wgsl vector or matrix, whose
// Decode method reads it, or a scalar (uint32, int32, float32, wgsl.F16), read little-endian.
// The array's stride is the Go size of E, which the generated types make the WGSL stride: for
// an array<vec3<f32>>, E is wgsl.Vec3fPadded, as in generated structures, not wgsl.Vec3f.
func ReadArray[E any](device *wgpu.Device, buf *wgpu.Buffer, offset uint64, n int) ([]E, error) {
	stride := uint64(unsafe.Sizeof(*new(E)))
	var decode func(dst *E, src []byte)
	switch any(new(E)).(type) {
	case Decoder:
		decode = func(dst *E, src []byte) { any(dst).(Decoder).Decode(src) }
	case *uint32, *int32, *float32, *wgsl.F16:
		decode = func(dst *E, src []byte) {
			if _, err := binary.Decode(src, binary.LittleEndian, dst); err != nil {
				panic(err) // src holds stride bytes, the size of *dst
			}
		}
	default:
		return nil, fmt.Errorf("webgpu: ReadArray of %T: not a generated WGSL type (a structure, vector or matrix) or a scalar", *new(E))
	}
	if n <= 0 {
		return nil, fmt.Errorf("webgpu: ReadArray of %d elements", n)
	}
	b, err := ReadBuffer(device, buf, offset, stride*uint64(n))
	if err != nil {
		return nil, err
	}
	out := make([]E, n)
	for i := range out {
		decode(&out[i], b[uint64(i)*stride:])
	}
	return out, nil
}
