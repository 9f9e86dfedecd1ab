package reflect

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// This file lays out the vertex buffers of a vertex entry point: a host convention, since
// WGSL says which inputs there are, not where they lie in memory.
//
// Each parameter of structure type with @location members has a buffer of its own, holding
// those members; one more buffer holds the entry point's @location parameters (and in the
// 2021 draft the var<in> variables it uses), at the place of the first of them. So the usual
// instancing pattern, fn vs(v: Vertex, i: Instance), has two buffers that the host steps per
// vertex and per instance, and a structure used by two entry points has one layout.
//
// In a buffer the attributes follow each other in declaration order, each at the next
// offset its format allows, with the stride the end rounded up to 4: WebGPU wants attribute
// offsets to be multiples of min(4, the format's size) and strides multiples of 4 ("vertex
// state" validation in the WebGPU spec), and every format used here is 4, 8, 12 or 16 bytes,
// so the attributes are packed without gaps.
//
// The format of an attribute is the WebGPU vertex format whose components are the input's
// type: float32x3 for vec3<f32>, sint32 for i32... A 16-bit input with one or three
// components takes the two- or four-component format (float16x2, float16x4), one component
// more than it reads: WebGPU has no float16x3 (16-bit formats come in pairs so that every
// format keeps 4-byte alignment) and its float16 is recent and missing from implementations
// such as wgpu-native v0.23. A vertex attribute may have more components than the shader
// reads; the extra one is ignored (the "vertex processing" section of the WebGPU spec;
// Vulkan's "vertex input extraction" likewise). The Go structure pads the input with 2 bytes.

// vertexBuffers returns the vertex buffers of the vertex entry point f.
func vertexBuffers(l *layout.Layouts, f *sema.Func) ([]VertexBuffer, error) {
	var out []VertexBuffer
	loose := -1 // the index of the buffer of loose inputs in out
	addLoose := func(name string, t types.Type, io types.IO) error {
		if loose < 0 {
			loose = len(out)
			out = append(out, VertexBuffer{})
		}
		return appendAttribute(l, &out[loose], name, t, io.Location)
	}
	for _, prm := range f.Params {
		if prm.IO.Location >= 0 {
			if err := addLoose(prm.Name(), prm.Type, prm.IO); err != nil {
				return nil, err
			}
			continue
		}
		s, ok := prm.Type.(*types.Struct)
		if !ok || prm.IO.Builtin != "" {
			continue
		}
		buf := VertexBuffer{Struct: s.Name}
		for _, m := range s.Members {
			if m.IO.Location >= 0 {
				if err := appendAttribute(l, &buf, m.Name, m.Type, m.IO.Location); err != nil {
					return nil, err
				}
			}
		}
		if len(buf.Attributes) > 0 {
			out = append(out, buf)
		}
	}
	for _, g := range f.Globals {
		if v, ok := g.(*sema.Var); ok && v.Space == types.AddrIn && v.IO.Location >= 0 {
			if err := addLoose(v.Name(), v.Type, v.IO); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// appendAttribute adds an input to a buffer, at its end.
func appendAttribute(l *layout.Layouts, b *VertexBuffer, name string, t types.Type, location int) error {
	format, size, ok := VertexFormat(t)
	if !ok {
		return fmt.Errorf("the vertex input %s has type %s, which no vertex format holds", name, t)
	}
	off := b.Stride // a multiple of 4, which min(4, size) divides
	b.Attributes = append(b.Attributes, VertexAttribute{Location: location, Name: name, Type: TypeOf(l, t), Format: format, Offset: off})
	b.Stride = off + (size+3)/4*4
	return nil
}

// VertexFormat returns the WebGPU vertex format of a vertex input of type t and its size in
// bytes; ok is false for types no vertex format holds.
func VertexFormat(t types.Type) (format string, size int, ok bool) {
	n := 1
	s, isScalar := t.(*types.Scalar)
	if v, isVec := t.(*types.Vector); isVec {
		n, s, isScalar = v.N, v.Elem, true
	}
	if !isScalar {
		return "", 0, false
	}
	var base string
	switch s.Kind {
	case types.KindF32:
		base = "float32"
	case types.KindI32:
		base = "sint32"
	case types.KindU32:
		base = "uint32"
	case types.KindF16:
		n += n % 2 // float16x2 and float16x4 only
		return "float16x" + strconv.Itoa(n), 2 * n, true
	default:
		return "", 0, false
	}
	if n == 1 {
		return base, 4, true
	}
	return base + "x" + strconv.Itoa(n), 4 * n, true
}

// memoryVertexLayouts lays the vertex buffer of a structure that is also in memory (the store
// type of a buffer a compute shader fills, say) out as that memory, when its offsets are
// valid vertex attribute offsets and its size a valid stride: then one buffer serves both,
// and the structure has one Go type. Otherwise the buffer keeps its packed layout, and a
// host needs two types (the generator says so).
func memoryVertexLayouts(m *Module) {
	structs := map[string]*Struct{}
	for i := range m.Structs {
		structs[m.Structs[i].Name] = &m.Structs[i]
	}
	for i := range m.EntryPoints {
		for j := range m.EntryPoints[i].VertexBuffers {
			b := &m.EntryPoints[i].VertexBuffers[j]
			if s := structs[b.Struct]; s != nil {
				if laid, ok := asMemory(b, s); ok {
					*b = laid
				}
			}
		}
	}
}

func asMemory(b *VertexBuffer, s *Struct) (VertexBuffer, bool) {
	out := VertexBuffer{Struct: b.Struct, Stride: s.Size, Attributes: append([]VertexAttribute(nil), b.Attributes...)}
	if s.RuntimeSized || s.Size%4 != 0 {
		return out, false
	}
	for k := range out.Attributes {
		a := &out.Attributes[k]
		var mem *Member
		for n := range s.Members {
			if s.Members[n].Name == a.Name {
				mem = &s.Members[n]
			}
		}
		size := formatSizes()[a.Format]
		if mem == nil || size == 0 || mem.Offset%min(4, size) != 0 || mem.Offset+size > s.Size {
			return out, false
		}
		a.Offset = mem.Offset
	}
	return out, true
}

// formatSizes maps each vertex format VertexFormat returns to its size. It is built by the
// first program whose vertex buffers it lays out as memory, not when every process starts.
func formatSizes() map[string]int {
	formatSizesOnce.Do(buildFormatSizes)
	return formatSizesMap
}

var (
	formatSizesOnce sync.Once
	formatSizesMap  map[string]int
)

func buildFormatSizes() {
	sizes := map[string]int{}
	for _, s := range []*types.Scalar{types.F32, types.I32, types.U32, types.F16} {
		for n := 1; n <= 4; n++ {
			var t types.Type = s
			if n > 1 {
				t = types.Vec(n, s)
			}
			f, size, _ := VertexFormat(t)
			sizes[f] = size
		}
	}
	formatSizesMap = sizes
}
