package interp

import (
	"encoding/binary"
)

// Memory is byte slices, regions, each with the layout the SPIR-V gives it: a buffer's bytes
// as the host binds them, a workgroup variable, a private variable of an invocation, the
// function variables of one call. A pointer is a region number and a byte offset; each
// invocation numbers its regions: the module's globals in their order, then, at
// len(globals)+d, the function variables of the call at depth d of its stack (a pointer to a
// function variable never outlives its call: WGSL returns no pointers).

// load reads a value of type ti from mem (which holds at least ti.size bytes) into dst.
func load(dst []uint32, mem []byte, ti *typeInfo) {
	switch {
	case ti.dense:
		for i := range dst[:ti.words] {
			dst[i] = binary.LittleEndian.Uint32(mem[4*i:])
		}
	case ti.leaves != nil:
		for i, l := range ti.leaves {
			if l.half {
				dst[i] = uint32(binary.LittleEndian.Uint16(mem[l.off:]))
			} else {
				dst[i] = binary.LittleEndian.Uint32(mem[l.off:])
			}
		}
	case ti.elem != nil:
		for i := range ti.count {
			load(dst[i*ti.elem.words:], mem[i*ti.stride:], ti.elem)
		}
	default:
		for i, m := range ti.members {
			load(dst[ti.memberWords[i]:], mem[ti.memberOffs[i]:], m)
		}
	}
}

// store writes the value src of type ti into mem, leaving the padding alone (as the
// SPIR-V's stores of members and components do).
func store(mem []byte, src []uint32, ti *typeInfo) {
	switch {
	case ti.dense:
		for i, w := range src[:ti.words] {
			binary.LittleEndian.PutUint32(mem[4*i:], w)
		}
	case ti.leaves != nil:
		for i, l := range ti.leaves {
			if l.half {
				binary.LittleEndian.PutUint16(mem[l.off:], uint16(src[i]))
			} else {
				binary.LittleEndian.PutUint32(mem[l.off:], src[i])
			}
		}
	case ti.elem != nil:
		for i := range ti.count {
			store(mem[i*ti.stride:], src[i*ti.elem.words:], ti.elem)
		}
	default:
		for i, m := range ti.members {
			store(mem[ti.memberOffs[i]:], src[ti.memberWords[i]:], m)
		}
	}
}
