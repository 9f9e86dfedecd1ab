package host

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// CopyBufferAlignment is WebGPU's COPY_BUFFER_ALIGNMENT: the sizes and offsets of buffer
// copies and queue writes, and the size of a buffer mapped at creation, are multiples of it.
const CopyBufferAlignment = 4

// AlignUp rounds n up to a multiple of alignment (a power of two).
func AlignUp(n, alignment uint64) uint64 {
	return (n + alignment - 1) &^ (alignment - 1)
}

// BufferUsage is a set of WebGPU's GPUBufferUsage flags, with their bits (webgpu.h's
// WGPUBufferUsage, which every binding's BufferUsage shares).
type BufferUsage uint64

// The buffer usages.
const (
	UsageMapRead  BufferUsage = 0x1
	UsageMapWrite BufferUsage = 0x2
	UsageCopySrc  BufferUsage = 0x4
	UsageCopyDst  BufferUsage = 0x8
	UsageIndex    BufferUsage = 0x10
	UsageVertex   BufferUsage = 0x20
	UsageUniform  BufferUsage = 0x40
	UsageStorage  BufferUsage = 0x80
)

// usageName spells a buffer usage flag as the Go bindings name it (all of them call their
// package wgpu).
func usageName(u BufferUsage) string {
	switch u {
	case UsageCopySrc:
		return "wgpu.BufferUsageCopySrc"
	case UsageUniform:
		return "wgpu.BufferUsageUniform"
	case UsageStorage:
		return "wgpu.BufferUsageStorage"
	}
	return fmt.Sprintf("buffer usage %#x", uint64(u))
}

// BufferSize is the size of a buffer created to hold n bytes: n rounded up to
// CopyBufferAlignment, at least 4, since WebGPU maps a buffer at creation only in whole
// 4-byte words. The padding is zero.
func BufferSize(n int) uint64 {
	return max(AlignUp(uint64(n), CopyBufferAlignment), CopyBufferAlignment)
}

// Write checks a queue write of data into a buffer of bufSize bytes at offset and returns the
// bytes to write: WebGPU writes only whole 4-byte words, so offset must be a multiple of
// CopyBufferAlignment and data whose length is not is followed by zero bytes up to the next
// multiple (which must fit in the buffer).
func (p *Profile) Write(offset, bufSize uint64, data []byte) ([]byte, error) {
	if offset%CopyBufferAlignment != 0 {
		return nil, p.errorf("WriteBuffer at offset %d: WebGPU writes buffers at multiples of %d", offset, CopyBufferAlignment)
	}
	n := len(data)
	if padded := AlignUp(uint64(n), CopyBufferAlignment); padded != uint64(n) {
		data = append(data[:n:n], make([]byte, padded-uint64(n))...)
	}
	if end := offset + uint64(len(data)); end > bufSize {
		return nil, p.errorf("WriteBuffer of %d bytes (padded to %d) at offset %d overruns the %d-byte buffer", n, len(data), offset, bufSize)
	}
	return data, nil
}

// Read checks a read-back of size bytes from offset of a buffer of bufSize bytes with the
// given usage, and returns the size of the copy: size rounded up to CopyBufferAlignment. The
// buffer needs UsageCopySrc; offset must be a multiple of CopyBufferAlignment and the whole
// copy must lie in the buffer. Everything is checked before anything is submitted:
// wgpu-native treats an error outside an error scope, as a failed submission is, as fatal.
func (p *Profile) Read(usage BufferUsage, bufSize, offset, size uint64) (uint64, error) {
	if usage&UsageCopySrc == 0 {
		return 0, p.errorf("ReadBuffer: the buffer lacks %s", usageName(UsageCopySrc))
	}
	if offset%CopyBufferAlignment != 0 {
		return 0, p.errorf("ReadBuffer at offset %d: WebGPU copies buffers from multiples of %d", offset, CopyBufferAlignment)
	}
	padded := AlignUp(size, CopyBufferAlignment)
	if size == 0 || offset+padded > bufSize {
		return 0, p.errorf("ReadBuffer of %d bytes (a copy of %d) at offset %d from a %d-byte buffer", size, padded, offset, bufSize)
	}
	return padded, nil
}

// Encoder is a generated WGSL structure: Encode writes it in its WGSL layout.
type Encoder[T any] interface {
	*T
	Encode(dst []byte)
}

// UniformStride returns the distance between consecutive values of size bytes in one
// uniform buffer that is bound once and indexed with dynamic offsets: size rounded up to the
// device's minUniformBufferOffsetAlignment.
func UniformStride(minUniformBufferOffsetAlignment uint32, size uint64) uint64 {
	return AlignUp(size, uint64(minUniformBufferOffsetAlignment))
}

// PackUniforms encodes values into one buffer at multiples of UniformStride and returns the
// bytes, the dynamic offset of each value (for SetBindGroup) and the stride. Bind the buffer
// with a layout whose entry has a dynamic offset and a binding size of one value.
func PackUniforms[T any, P Encoder[T]](minUniformBufferOffsetAlignment uint32, values []T) (data []byte, offsets []uint32, stride uint64) {
	size := uint64(unsafe.Sizeof(*new(T)))
	stride = UniformStride(minUniformBufferOffsetAlignment, size)
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

// Decoder is a generated WGSL type: Decode reads it from its WGSL layout.
type Decoder interface {
	Decode(src []byte)
}

// ArraySize returns the bytes n elements of E take in a WGSL array. E is a generated structure or a gen/wgsl vector or matrix, whose Decode method
// reads it, or a scalar (uint32, int32, float32, wgsl.F16). The array's stride is the Go
// size of E, which the generated types make the WGSL stride: for an array<vec3<f32>>, E is
// wgsl.Vec3fPadded, as in generated structures, not wgsl.Vec3f.
func ArraySize[E any](n int) (uint64, error) {
	if decoder[E]() == nil {
		return 0, fmt.Errorf("%T is not a generated WGSL type (a structure, vector or matrix) nor a scalar", *new(E))
	}
	if n <= 0 {
		return 0, fmt.Errorf("%d elements; want at least 1", n)
	}
	return uint64(unsafe.Sizeof(*new(E))) * uint64(n), nil
}

func decoder[E any]() func(dst *E, src []byte) {
	switch any(new(E)).(type) {
	case Decoder:
		return func(dst *E, src []byte) { any(dst).(Decoder).Decode(src) }
	case *uint32, *int32, *float32, *wgsl.F16:
		return func(dst *E, src []byte) {
			if _, err := binary.Decode(src, binary.LittleEndian, dst); err != nil {
				panic(err) // src holds the size of *dst
			}
		}
	}
	return nil
}

// Reader reads bytes back from one buffer, as an adapter's Reader does: size bytes from
// offset (see Profile.Read), and its size.
type Reader interface {
	Read(offset, size uint64) ([]byte, error)
	Size() uint64
}

// Bytes is a Reader of bytes already read back.
type Bytes []byte

// Read returns size bytes from offset.
func (b Bytes) Read(offset, size uint64) ([]byte, error) {
	if offset+size > uint64(len(b)) {
		return nil, fmt.Errorf("%d bytes at %d of %d", size, offset, len(b))
	}
	return b[offset : offset+size], nil
}

// Size returns the number of bytes.
func (b Bytes) Size() uint64 { return uint64(len(b)) }

// ReadArray reads back n elements of an array of E that starts at offset in the buffer of r:
// a runtime-sized array bound on its own (var<storage> a: array<E>), or the elements after a
// structure's other members (see ArraySize for E).
func ReadArray[E any](r Reader, offset uint64, n int) ([]E, error) {
	size, err := ArraySize[E](n)
	if err != nil {
		return nil, fmt.Errorf("ReadArray: %w", err)
	}
	b, err := r.Read(offset, size)
	if err != nil {
		return nil, err
	}
	decode, stride := decoder[E](), int(size)/n
	out := make([]E, n)
	for i := range out {
		decode(&out[i], b[i*stride:])
	}
	return out, nil
}

// ReadStructArray reads back all of the buffer of r, which holds a structure whose last
// member is a runtime-sized array, and decodes it with that structure's generated Decode
// function (particles.DecodeParticles): its other members, and as many elements as the buffer
// holds, which is how WGSL's arrayLength counts them.
func ReadStructArray[H, E any](r Reader, decode func([]byte) (H, []E, error)) (H, []E, error) {
	b, err := r.Read(0, r.Size())
	if err != nil {
		var h H
		return h, nil, err
	}
	return decode(b)
}
