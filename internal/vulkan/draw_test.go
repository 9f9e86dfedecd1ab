package vulkan

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
)

func compileWGSL(t *testing.T, src string) []uint32 {
	t.Helper()
	res, err := compiler.Compile(compiler.Source{Name: "t.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err)
	return res.SPIRV
}

// drawWGSL draws, per instance, a triangle covering the pixel at the instance's offset,
// whose fragments write the instance's color plus a uniform and the push constant.
const drawWGSL = `requires immediate_address_space;
struct Out { @builtin(position) pos: vec4f, @location(0) @interpolate(flat) color: vec4f }
@group(0) @binding(0) var<uniform> bias: vec4f;
var<immediate> push: vec4f;
@vertex fn vs(@location(0) corner: vec2f, @location(1) offset: vec2f, @location(2) color: vec4f) -> Out {
  return Out(vec4f(corner + offset, 0.0, 1.0), color + bias);
}
@fragment fn fs(in: Out) -> @location(0) vec4f { return in.color + push; }
`

// TestDraw draws two instances of a triangle from a per-vertex and a per-instance buffer
// into a 4x4 target, with a uniform buffer at both stages and push constants in the fragment
// stage, and reads the pixels back.
func TestDraw(t *testing.T) {
	d := Require(t)
	words := compileWGSL(t, drawWGSL)
	// A pixel is 0.5 wide in clip space; the triangle covers (-1, -1)..(-0.5, -0.5) and more.
	corners := f32Bytes(-1, -1, -0.2, -1, -1, -0.2)
	// Instance 0 at pixel (0, 0), instance 1 at pixel (2, 2): offset 1 in clip space.
	instances := f32Bytes(0, 0, 1, 2, 3, 4, 1, 1, 10, 20, 30, 40)
	draw := &Draw{Vertex: "vs", Fragment: "fs", Vertices: 3, Instances: 2,
		VertexBuffers: []VertexBuffer{
			{Data: corners, Stride: 8, Attributes: []VertexAttribute{{Location: 0, Format: uint32(RG32Float), Offset: 0}}},
			{Data: instances, Stride: 24, PerInstance: true, Attributes: []VertexAttribute{
				{Location: 1, Format: uint32(RG32Float), Offset: 0}, {Location: 2, Format: uint32(RGBA32Float), Offset: 8}}},
		},
		Target: Target{Format: RGBA32Float, Width: 4, Height: 4}}
	run := Run{SPIRV: words, Draw: draw,
		Bindings:  []Binding{{Group: 0, Binding: 0, Kind: UniformBuffer, Data: f32Bytes(0.5, 0.5, 0.5, 0.5), Stages: 0x1}},
		Immediate: f32Bytes(100, 200, 300, 400), ImmediateStages: 0x10}
	res, err := d.Dispatch(run)
	require.NoError(t, err)
	px := f32s(res.Target)
	require.Len(t, px, 4*4*4)
	at := func(x, y int) []float32 { return px[(y*4+x)*4 : (y*4+x)*4+4] }
	assert.Equal(t, []float32{101.5, 202.5, 303.5, 404.5}, at(0, 0), "instance 0")
	assert.Equal(t, []float32{110.5, 220.5, 330.5, 440.5}, at(2, 2), "instance 1")
	assert.Equal(t, []float32{0, 0, 0, 0}, at(3, 0), "cleared")
	assert.Equal(t, []float32{0, 0, 0, 0}, at(0, 3), "cleared")

	// The instance buffer stepped per vertex reads the wrong colors.
	draw.VertexBuffers[1].PerInstance = false
	res, err = d.Dispatch(run)
	require.NoError(t, err)
	assert.NotEqual(t, []float32{110.5, 220.5, 330.5, 440.5}, f32s(res.Target)[(2*4+2)*4:(2*4+2)*4+4])
}

// TestPushConstantsCompute runs a compute shader that reads immediate data.
func TestPushConstantsCompute(t *testing.T) {
	d := Require(t)
	words := compileWGSL(t, `requires immediate_address_space;
struct P { scale: f32, add: u32 }
var<immediate> p: P;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { out[i] = f32(i + p.add) * p.scale; }
`)
	push := append(f32Bytes(1.5), u32Bytes(10)...)
	res, err := d.Dispatch(Run{SPIRV: words, Entry: "main", Groups: [3]uint32{1, 1, 1}, Immediate: push,
		Bindings: []Binding{{Kind: StorageBuffer, Data: make([]byte, 16)}}})
	require.NoError(t, err)
	assert.Equal(t, []float32{15, 16.5, 18, 19.5}, f32s(res.Bytes(0, 0)))
}

func TestDrawErrors(t *testing.T) {
	d := Require(t)
	words := compileWGSL(t, drawWGSL)
	good := func() Run {
		return Run{SPIRV: words, Immediate: make([]byte, 16), Draw: &Draw{Vertex: "vs", Fragment: "fs", Vertices: 3,
			Target: Target{Format: RGBA8Unorm, Width: 2, Height: 2}},
			Bindings: []Binding{{Kind: UniformBuffer, Data: make([]byte, 16)}}}
	}
	for _, c := range []struct {
		edit func(*Run)
		want string
	}{
		{func(r *Run) { r.Draw.Vertex = "fs" }, `no Vertex entry point "fs"`},
		{func(r *Run) { r.Draw.Vertices = 0 }, "Draw.Vertices is 0"},
		{func(r *Run) { r.Draw.Target.Width = 0 }, "Draw.Target is 0x2"},
		{func(r *Run) { r.Draw.Target.Format = Depth32Float }, "not a color format"},
		{func(r *Run) { r.Immediate = make([]byte, 6) }, "Run.Immediate is 6 bytes"},
		{func(r *Run) { r.Immediate = make([]byte, 4*int(math.Max(float64(d.Info.MaxPushConstantsSize), 4))) }, "Run.Immediate is"},
		{func(r *Run) {
			r.Draw.VertexBuffers = []VertexBuffer{{Data: make([]byte, 8), Stride: 8, Attributes: []VertexAttribute{
				{Location: 0, Format: uint32(RG32Float)}, {Location: 0, Format: uint32(RG32Float)}}}}
		}, "location 0 is fed twice"},
	} {
		r := good()
		c.edit(&r)
		_, err := d.Dispatch(r)
		assert.ErrorContains(t, err, c.want)
	}
}
