package wgsl

import (
	"encoding/binary"
	"fmt"
	"unsafe"
)

// Bytes returns the memory of *p as a byte slice, without copying: on a little-endian host, the
// WGSL bytes of a generated structure or any other shape of this package. Writes through the
// slice change *p. It panics on a big-endian host, where the Encode methods give the bytes.
func Bytes[T any](p *T) []byte {
	needLittleEndian("Bytes")
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), unsafe.Sizeof(*p))
}

// SliceBytes returns the memory of the elements of s as a byte slice, without copying, like
// Bytes: on a little-endian host, the WGSL bytes of an array of them. It panics on a big-endian
// host.
func SliceBytes[T any](s []T) []byte {
	needLittleEndian("SliceBytes")
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]))
}

// ViewOf returns b as a *T, without copying: b must hold at least the size of T and be aligned
// for T (memory from make, and mapped GPU memory, are). It fails on a big-endian host.
func ViewOf[T any](b []byte) (*T, error) {
	var zero T
	if err := canView(b, unsafe.Sizeof(zero), unsafe.Alignof(zero)); err != nil {
		return nil, err
	}
	if uintptr(len(b)) < unsafe.Sizeof(zero) {
		return nil, fmt.Errorf("wgsl: %d bytes cannot hold a %T of %d bytes", len(b), zero, unsafe.Sizeof(zero))
	}
	return (*T)(unsafe.Pointer(unsafe.SliceData(b))), nil
}

// View returns b as a []T, without copying: len(b) must be a multiple of the size of T and b
// must be aligned for T. It fails on a big-endian host.
func View[T any](b []byte) ([]T, error) {
	var zero T
	size := unsafe.Sizeof(zero)
	if err := canView(b, size, unsafe.Alignof(zero)); err != nil {
		return nil, err
	}
	if size == 0 || uintptr(len(b))%size != 0 {
		return nil, fmt.Errorf("wgsl: %d bytes are not a whole number of %T of %d bytes", len(b), zero, size)
	}
	if len(b) == 0 {
		return []T{}, nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b))/size), nil
}

func canView(b []byte, size, align uintptr) error {
	if !LittleEndian {
		return fmt.Errorf("wgsl: cannot view bytes as Go values on a big-endian host: use Decode")
	}
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(b))); len(b) > 0 && p%align != 0 {
		return fmt.Errorf("wgsl: bytes at address %#x are not aligned to %d bytes", p, align)
	}
	return nil
}

func needLittleEndian(fn string) {
	if !LittleEndian {
		panic("wgsl: " + fn + " needs a little-endian host; use the Encode and Decode methods")
	}
}

// Words returns the little-endian 32-bit words of b in a new slice, e.g. SPIR-V for an API that
// takes words. A trailing partial word is dropped.
func Words(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return w
}

// WordBytes returns the words of w as little-endian bytes in a new slice: the form of a .spv
// file.
func WordBytes(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}
