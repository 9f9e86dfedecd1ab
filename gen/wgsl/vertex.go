package wgsl

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// VertexBufferLayout is one vertex buffer of a vertex entry point: WebGPU's
// GPUVertexBufferLayout, a Vulkan vertex input binding with its attributes. Its generated Go
// structure holds one vertex (or instance) with exactly this layout.
type VertexBufferLayout struct {
	// ArrayStride is the distance between two elements of the buffer: the size of the Go
	// structure, a multiple of 4.
	ArrayStride uint64
	// StepMode is empty in generated tables: whether the buffer advances per vertex or per
	// instance is the host's choice. PerVertex and PerInstance return the layout with it set.
	StepMode   VertexStepMode
	Attributes []VertexAttribute
	// Struct is the WGSL structure the buffer holds, "" for the buffer of an entry point's
	// @location parameters that are not in a structure.
	Struct string
}

// PerVertex returns the layout with StepMode StepVertex.
func (l VertexBufferLayout) PerVertex() VertexBufferLayout {
	l.StepMode = StepVertex
	return l
}

// PerInstance returns the layout with StepMode StepInstance.
func (l VertexBufferLayout) PerInstance() VertexBufferLayout {
	l.StepMode = StepInstance
	return l
}

// VertexStepMode is WebGPU's GPUVertexStepMode.
type VertexStepMode string

// The vertex step modes.
const (
	StepVertex   VertexStepMode = "vertex"
	StepInstance VertexStepMode = "instance"
)

// VkVertexInputRate returns the mode's VkVertexInputRate, and false when the mode is neither
// StepVertex nor StepInstance.
func (m VertexStepMode) VkVertexInputRate() (uint32, bool) {
	switch m {
	case StepVertex:
		return 0, true // VK_VERTEX_INPUT_RATE_VERTEX
	case StepInstance:
		return 1, true // VK_VERTEX_INPUT_RATE_INSTANCE
	}
	return 0, false
}

// VertexAttribute is one @location input in a vertex buffer: WebGPU's GPUVertexAttribute.
type VertexAttribute struct {
	Format         VertexFormat
	Offset         uint64
	ShaderLocation uint32
	// Name is the WGSL structure member or parameter.
	Name string
}

// VertexFormat is WebGPU's GPUVertexFormat.
type VertexFormat string

// The vertex formats of the WGSL types a vertex input may have, which generated tables use.
// A 16-bit input with one or three components has a two- or four-component format, one
// component wider than the shader reads (WebGPU has no float16x3, and float16 is missing from
// many implementations): its last 2 bytes are padding in the Go structure.
const (
	Float32   VertexFormat = "float32"
	Float32x2 VertexFormat = "float32x2"
	Float32x3 VertexFormat = "float32x3"
	Float32x4 VertexFormat = "float32x4"
	Sint32    VertexFormat = "sint32"
	Sint32x2  VertexFormat = "sint32x2"
	Sint32x3  VertexFormat = "sint32x3"
	Sint32x4  VertexFormat = "sint32x4"
	Uint32    VertexFormat = "uint32"
	Uint32x2  VertexFormat = "uint32x2"
	Uint32x3  VertexFormat = "uint32x3"
	Uint32x4  VertexFormat = "uint32x4"
	Float16x2 VertexFormat = "float16x2"
	Float16x4 VertexFormat = "float16x4"
)

// The other vertex formats of WebGPU, which a host's buffers may hold (see
// EntryPoint.Regroup): 8- and 16-bit integers, normalized (unorm, snorm: floats in [0, 1] or
// [-1, 1] in the shader) or not, a lone f16, and packed formats.
const (
	Uint8        VertexFormat = "uint8"
	Uint8x2      VertexFormat = "uint8x2"
	Uint8x4      VertexFormat = "uint8x4"
	Sint8        VertexFormat = "sint8"
	Sint8x2      VertexFormat = "sint8x2"
	Sint8x4      VertexFormat = "sint8x4"
	Unorm8       VertexFormat = "unorm8"
	Unorm8x2     VertexFormat = "unorm8x2"
	Unorm8x4     VertexFormat = "unorm8x4"
	Snorm8       VertexFormat = "snorm8"
	Snorm8x2     VertexFormat = "snorm8x2"
	Snorm8x4     VertexFormat = "snorm8x4"
	Uint16       VertexFormat = "uint16"
	Uint16x2     VertexFormat = "uint16x2"
	Uint16x4     VertexFormat = "uint16x4"
	Sint16       VertexFormat = "sint16"
	Sint16x2     VertexFormat = "sint16x2"
	Sint16x4     VertexFormat = "sint16x4"
	Unorm16      VertexFormat = "unorm16"
	Unorm16x2    VertexFormat = "unorm16x2"
	Unorm16x4    VertexFormat = "unorm16x4"
	Snorm16      VertexFormat = "snorm16"
	Snorm16x2    VertexFormat = "snorm16x2"
	Snorm16x4    VertexFormat = "snorm16x4"
	Float16      VertexFormat = "float16"
	Unorm1010102 VertexFormat = "unorm10-10-10-2"
	Unorm8x4BGRA VertexFormat = "unorm8x4-bgra"
)

// vertexFormat is what the code needs to know of a vertex format: its VkFormat, its size, and
// the scalar type the shader reads it as (f: f32 or f16, i: i32, u: u32).
type vertexFormat struct {
	vk, size uint32
	reads    byte
}

var vertexFormats = map[VertexFormat]vertexFormat{
	Uint8: {13, 1, 'u'}, Uint8x2: {20, 2, 'u'}, Uint8x4: {41, 4, 'u'}, // VK_FORMAT_R8_UINT ...
	Sint8: {14, 1, 'i'}, Sint8x2: {21, 2, 'i'}, Sint8x4: {42, 4, 'i'},
	Unorm8: {9, 1, 'f'}, Unorm8x2: {16, 2, 'f'}, Unorm8x4: {37, 4, 'f'},
	Snorm8: {10, 1, 'f'}, Snorm8x2: {17, 2, 'f'}, Snorm8x4: {38, 4, 'f'},
	Uint16: {74, 2, 'u'}, Uint16x2: {81, 4, 'u'}, Uint16x4: {95, 8, 'u'}, // VK_FORMAT_R16_UINT ...
	Sint16: {75, 2, 'i'}, Sint16x2: {82, 4, 'i'}, Sint16x4: {96, 8, 'i'},
	Unorm16: {70, 2, 'f'}, Unorm16x2: {77, 4, 'f'}, Unorm16x4: {91, 8, 'f'},
	Snorm16: {71, 2, 'f'}, Snorm16x2: {78, 4, 'f'}, Snorm16x4: {92, 8, 'f'},
	Float16: {76, 2, 'f'}, Float16x2: {83, 4, 'f'}, Float16x4: {97, 8, 'f'}, // VK_FORMAT_R16_SFLOAT ...
	Uint32: {98, 4, 'u'}, Sint32: {99, 4, 'i'}, Float32: {100, 4, 'f'}, // VK_FORMAT_R32_UINT, _SINT, _SFLOAT
	Uint32x2: {101, 8, 'u'}, Sint32x2: {102, 8, 'i'}, Float32x2: {103, 8, 'f'},
	Uint32x3: {104, 12, 'u'}, Sint32x3: {105, 12, 'i'}, Float32x3: {106, 12, 'f'},
	Uint32x4: {107, 16, 'u'}, Sint32x4: {108, 16, 'i'}, Float32x4: {109, 16, 'f'},
	Unorm1010102: {64, 4, 'f'}, // VK_FORMAT_A2B10G10R10_UNORM_PACK32
	Unorm8x4BGRA: {44, 4, 'f'}, // VK_FORMAT_B8G8R8A8_UNORM
}

// VkFormat returns the format's VkFormat, 0 (VK_FORMAT_UNDEFINED) for an unknown one.
func (f VertexFormat) VkFormat() uint32 { return vertexFormats[f].vk }

// Size returns the format's byte size, 0 for an unknown one.
func (f VertexFormat) Size() uint32 { return vertexFormats[f].size }

// Regroup returns the vertex buffers of entry point e as a host's buffers hold its inputs,
// checked against e's inputs, for the pipeline's vertex state in place of e.VertexBuffers:
// some inputs per instance from a buffer of particles and others per vertex from a mesh, one
// structure's members from two buffers, or a position read from a mesh whose vertices hold
// more than the shader reads.
//
// Each of buffers is one buffer slot, in order: its ArrayStride, its StepMode (StepVertex when
// empty, as in WebGPU) and an attribute for each input it holds, named by Name (the WGSL
// structure member or parameter) or, when Name is empty, by ShaderLocation, at its Offset in
// the buffer's elements and in the Format the buffer holds it, the table's when empty (a
// unorm8x4 color for a vec4<f32> input, say). Attributes that name none of e's inputs are
// left out, so the layout of a buffer that another shader reads more of serves as it is
// (VertexMainInputLayout.PerVertex()). The result has each attribute's Format,
// ShaderLocation and Name.
//
// It is an error, with every problem named, when an input is held by no buffer or by two,
// when a format is unknown or gives the shader another scalar type than its input's (a float,
// unorm or snorm format for f32 and f16 inputs, a sint one for i32, a uint one for u32; the
// counts of components may differ, as WebGPU allows), when an attribute is misaligned (its
// offset not a multiple of 4, or of its size when smaller), runs past the stride, or overlaps
// another of its buffer, or when a stride is not a multiple of 4 or a step mode unknown.
func (e *EntryPoint) Regroup(buffers ...VertexBufferLayout) ([]VertexBufferLayout, error) {
	var inputs []VertexAttribute
	for _, b := range e.VertexBuffers {
		inputs = append(inputs, b.Attributes...)
	}
	fedBy := make([]int, len(inputs)) // the slot + 1 of the buffer that holds each input
	var errs []error
	fail := func(slot int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("wgsl: entry point %s, vertex buffer %d: %s", e.Name, slot, fmt.Sprintf(format, args...)))
	}
	out := make([]VertexBufferLayout, len(buffers))
	for slot, b := range buffers {
		o := &out[slot]
		o.ArrayStride, o.StepMode = b.ArrayStride, cmp.Or(b.StepMode, StepVertex)
		if _, ok := o.StepMode.VkVertexInputRate(); !ok {
			fail(slot, "unknown step mode %q (want %q or %q)", b.StepMode, StepVertex, StepInstance)
		}
		if b.ArrayStride%4 != 0 {
			fail(slot, "the stride %d is not a multiple of 4", b.ArrayStride)
		}
		for _, a := range b.Attributes {
			i := slices.IndexFunc(inputs, func(in VertexAttribute) bool {
				return a.Name != "" && in.Name == a.Name || a.Name == "" && in.ShaderLocation == a.ShaderLocation
			})
			if i < 0 {
				continue // an input e does not read
			}
			in := inputs[i]
			if fedBy[i] != 0 {
				fail(slot, "%s is held by vertex buffer %d too", inputName(in), fedBy[i]-1)
				continue
			}
			fedBy[i] = slot + 1
			f := cmp.Or(a.Format, in.Format)
			info, ok := vertexFormats[f]
			switch {
			case !ok:
				fail(slot, "%s: unknown vertex format %q", inputName(in), f)
				continue
			case info.reads != vertexFormats[in.Format].reads:
				fail(slot, "%s: the format %s gives the shader %s values, and the input holds %s (%s): use a %s format",
					inputName(in), f, readsName[info.reads], readsName[vertexFormats[in.Format].reads], in.Format, formatClasses[vertexFormats[in.Format].reads])
				continue
			}
			size := uint64(info.size)
			end := b.ArrayStride
			if end == 0 {
				end = maxVertexBufferArrayStride // a stride of 0: every element is the same
			}
			switch {
			case a.Offset%min(4, size) != 0:
				fail(slot, "%s: offset %d is not a multiple of %d, which %s needs", inputName(in), a.Offset, min(4, size), f)
			case a.Offset+size > end:
				fail(slot, "%s: %d bytes of %s at offset %d run past the stride, %d", inputName(in), size, f, a.Offset, end)
			}
			o.Attributes = append(o.Attributes, VertexAttribute{Format: f, Offset: a.Offset, ShaderLocation: in.ShaderLocation, Name: in.Name})
		}
		byOffset := slices.SortedFunc(slices.Values(o.Attributes), func(x, y VertexAttribute) int { return cmp.Compare(x.Offset, y.Offset) })
		for k := 1; k < len(byOffset); k++ {
			x, y := byOffset[k-1], byOffset[k]
			if x.Offset+uint64(x.Format.Size()) > y.Offset {
				fail(slot, "%s at offset %d overlaps %s (%d bytes at offset %d)", inputName(y), y.Offset, inputName(x), x.Format.Size(), x.Offset)
			}
		}
	}
	for i, in := range inputs {
		if fedBy[i] == 0 {
			errs = append(errs, fmt.Errorf("wgsl: entry point %s: %s (%s) is held by no vertex buffer: add {Name: %q, Offset: ...} to the attributes of the buffer that holds it",
				e.Name, inputName(in), in.Format, in.Name))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// maxVertexBufferArrayStride is WebGPU's default limit, the most an attribute may reach into
// an element of a buffer whose stride is 0.
const maxVertexBufferArrayStride = 2048

func inputName(a VertexAttribute) string {
	return fmt.Sprintf("input %s @location(%d)", a.Name, a.ShaderLocation)
}

var (
	readsName     = map[byte]string{'f': "floating-point", 'i': "i32", 'u': "u32"}
	formatClasses = map[byte]string{'f': "float, unorm or snorm", 'i': "sint", 'u': "uint"}
)
