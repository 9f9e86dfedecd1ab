package wgsl

import (
	"encoding/binary"
	"math"
)

// Specialization is the specialization data of a pipeline: the values of some overrides, laid
// out as Vulkan's VkSpecializationInfo wants them: in the host's byte order, each value aligned
// to its size. The generated Overrides types build it.
type Specialization struct {
	Entries []SpecializationEntry
	Data    []byte
}

// SpecializationEntry is a VkSpecializationMapEntry: where one override's value lies in Data.
type SpecializationEntry struct {
	ID     uint32 // the override's SpecId
	Offset uint32
	Size   uint32
}

func (s *Specialization) add(id uint32, size int) []byte {
	off := (len(s.Data) + size - 1) / size * size
	s.Data = append(s.Data, make([]byte, off+size-len(s.Data))...)
	s.Entries = append(s.Entries, SpecializationEntry{ID: id, Offset: uint32(off), Size: uint32(size)})
	return s.Data[off:]
}

// AddBool adds the value of a bool override, as a 4-byte VkBool32.
func (s *Specialization) AddBool(id uint32, v bool) {
	var x uint32
	if v {
		x = 1
	}
	binary.NativeEndian.PutUint32(s.add(id, 4), x)
}

// AddI32 adds the value of an i32 override.
func (s *Specialization) AddI32(id uint32, v int32) {
	binary.NativeEndian.PutUint32(s.add(id, 4), uint32(v))
}

// AddU32 adds the value of a u32 override.
func (s *Specialization) AddU32(id uint32, v uint32) { binary.NativeEndian.PutUint32(s.add(id, 4), v) }

// AddF32 adds the value of an f32 override.
func (s *Specialization) AddF32(id uint32, v float32) {
	binary.NativeEndian.PutUint32(s.add(id, 4), math.Float32bits(v))
}

// AddF16 adds the value of an f16 override, 2 bytes.
func (s *Specialization) AddF16(id uint32, v F16) {
	binary.NativeEndian.PutUint16(s.add(id, 2), uint16(v))
}
