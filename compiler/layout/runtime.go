package layout

import "github.com/wgslgo/wgslgo/compiler/types"

// RuntimeArray finds the runtime-sized array of t: t itself, or the last member of a structure
// (recursively). It returns the array, its byte offset within t and its stride; ok is false when
// t is not runtime-sized.
func (l *Layouts) RuntimeArray(t types.Type) (a *types.Array, offset, stride int, ok bool) {
	for {
		switch u := t.(type) {
		case *types.Array:
			if !u.IsRuntimeSized() {
				return nil, 0, 0, false
			}
			return u, offset, l.ArrayStride(u), true
		case *types.Struct:
			n := len(u.Members)
			if n == 0 {
				return nil, 0, 0, false
			}
			offset = add(offset, l.Struct(u).Members[n-1].Offset)
			t = u.Members[n-1].Type
		default:
			return nil, 0, 0, false
		}
	}
}

// SizeWithElements is SizeOf(t) when its runtime-sized array has n elements: the array's offset
// plus n strides, rounded up to the alignment of each enclosing structure. It is SizeOf(t) for
// types that are not runtime-sized.
func (l *Layouts) SizeWithElements(t types.Type, n int) int {
	if _, _, _, ok := l.RuntimeArray(t); !ok {
		return l.SizeOf(t)
	}
	// Walk down the chain of last members, then back up, rounding at each structure.
	var chain []*types.Struct
	for {
		s, ok := t.(*types.Struct)
		if !ok {
			break
		}
		chain = append(chain, s)
		t = s.Members[len(s.Members)-1].Type
	}
	size := mul(n, l.ArrayStride(t.(*types.Array)))
	for i := len(chain) - 1; i >= 0; i-- {
		sl := l.Struct(chain[i])
		size = roundUp(sl.Align, add(sl.Members[len(sl.Members)-1].Offset, size))
	}
	return size
}

// MinBindingSize is WebGPU's minimum buffer binding size of a buffer variable with store type
// t: SizeOf(t), where a runtime-sized array<E> counts as array<E, 1>. For a runtime-sized
// structure that is the array's offset plus one stride, rounded up to the structure's
// alignment. For the runtime-sized buffer type it is 0.
func (l *Layouts) MinBindingSize(t types.Type) int {
	if _, _, _, ok := l.RuntimeArray(t); ok {
		return l.SizeWithElements(t, 1)
	}
	return l.SizeOf(t)
}

// ElementCount is the spec's NRuntime: the number of elements of the runtime-sized array of a
// buffer variable with store type t, bound with an effective buffer binding size of
// bindingSize bytes: truncate((bindingSize - offset) / stride). It is 0 when t is not
// runtime-sized or the binding is too small to hold an element.
func (l *Layouts) ElementCount(t types.Type, bindingSize int) int {
	_, off, stride, ok := l.RuntimeArray(t)
	if !ok || stride <= 0 || bindingSize < off {
		return 0
	}
	return (bindingSize - off) / stride
}

// Limit is the spec's limit on the combined byte-size of the variables of an address space
// that one shader (for function, one function) uses, or 0 when the spec states none. These are
// the sizes every implementation supports; the checker decides what exceeding them means.
func Limit(space types.AddressSpace) int {
	switch space {
	case types.AddrPrivate, types.AddrFunction:
		return 8192
	case types.AddrWorkgroup:
		return 16384 // maxComputeWorkgroupStorageSize
	case types.AddrImmediate:
		return 64 // maxImmediateSize, for the immediate address space
	}
	return 0
}
