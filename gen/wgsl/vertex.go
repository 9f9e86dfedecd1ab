package wgsl

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

// The vertex formats of the WGSL types a vertex input may have. A 16-bit input with one or
// three components has a two- or four-component format, one component wider than the
// shader reads (WebGPU has no float16x3, and float16 is missing from many implementations):
// its last 2 bytes are padding in the Go structure.
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

var vertexFormats = map[VertexFormat]struct{ vk, size uint32 }{
	Float16x2: {83, 4}, Float16x4: {97, 8}, // VK_FORMAT_R16G16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT
	Uint32: {98, 4}, Sint32: {99, 4}, Float32: {100, 4}, // VK_FORMAT_R32_UINT, _SINT, _SFLOAT
	Uint32x2: {101, 8}, Sint32x2: {102, 8}, Float32x2: {103, 8},
	Uint32x3: {104, 12}, Sint32x3: {105, 12}, Float32x3: {106, 12},
	Uint32x4: {107, 16}, Sint32x4: {108, 16}, Float32x4: {109, 16},
}

// VkFormat returns the format's VkFormat, 0 (VK_FORMAT_UNDEFINED) for an unknown one.
func (f VertexFormat) VkFormat() uint32 { return vertexFormats[f].vk }

// Size returns the format's byte size, 0 for an unknown one.
func (f VertexFormat) Size() uint32 { return vertexFormats[f].size }
