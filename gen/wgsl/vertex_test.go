package wgsl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sprite is the vertex entry point of a sprite shader: two loose inputs that a host reads per
// instance from its particles and one per vertex from a quad, in one table buffer.
func sprite() *EntryPoint {
	return &EntryPoint{Name: "vert_main", Stage: Vertex, VertexBuffers: []VertexBufferLayout{{ArrayStride: 24, Attributes: []VertexAttribute{
		{Format: Float32x2, Offset: 0, ShaderLocation: 0, Name: "a_particlePos"},
		{Format: Float32x2, Offset: 8, ShaderLocation: 1, Name: "a_particleVel"},
		{Format: Float32x2, Offset: 16, ShaderLocation: 2, Name: "a_pos"},
	}}}}
}

func TestRegroup(t *testing.T) {
	for _, c := range []struct {
		name    string
		entry   *EntryPoint
		buffers []VertexBufferLayout
		want    []VertexBufferLayout
	}{
		{"per instance and per vertex", sprite(), []VertexBufferLayout{
			{ArrayStride: 16, StepMode: StepInstance, Attributes: []VertexAttribute{{Name: "a_particlePos"}, {Name: "a_particleVel", Offset: 8}}},
			{ArrayStride: 8, Attributes: []VertexAttribute{{ShaderLocation: 2}}},
		}, []VertexBufferLayout{
			{ArrayStride: 16, StepMode: StepInstance, Attributes: []VertexAttribute{
				{Format: Float32x2, Offset: 0, ShaderLocation: 0, Name: "a_particlePos"}, {Format: Float32x2, Offset: 8, ShaderLocation: 1, Name: "a_particleVel"}}},
			{ArrayStride: 8, StepMode: StepVertex, Attributes: []VertexAttribute{{Format: Float32x2, Offset: 0, ShaderLocation: 2, Name: "a_pos"}}},
		}},
		{"a wider buffer, another shader's layout, other formats", &EntryPoint{Name: "shadow", VertexBuffers: []VertexBufferLayout{{ArrayStride: 20, Attributes: []VertexAttribute{
			{Format: Float32x3, Offset: 0, ShaderLocation: 0, Name: "position"}, {Format: Float32x2, Offset: 12, ShaderLocation: 3, Name: "tint"}}}}},
			[]VertexBufferLayout{
				{ArrayStride: 24, StepMode: StepVertex, Attributes: []VertexAttribute{
					{Format: Float32x3, Offset: 0, ShaderLocation: 0, Name: "position"}, {Format: Float32x3, Offset: 12, ShaderLocation: 1, Name: "normal"}}},
				{ArrayStride: 4, StepMode: StepInstance, Attributes: []VertexAttribute{{Name: "tint", Format: Unorm8x2}}},
			}, []VertexBufferLayout{
				{ArrayStride: 24, StepMode: StepVertex, Attributes: []VertexAttribute{{Format: Float32x3, Offset: 0, ShaderLocation: 0, Name: "position"}}},
				{ArrayStride: 4, StepMode: StepInstance, Attributes: []VertexAttribute{{Format: Unorm8x2, Offset: 0, ShaderLocation: 3, Name: "tint"}}},
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.entry.Regroup(c.buffers...)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestRegroupErrors(t *testing.T) {
	quad := VertexBufferLayout{ArrayStride: 8, Attributes: []VertexAttribute{{Name: "a_pos"}}}
	for _, c := range []struct {
		name    string
		buffers []VertexBufferLayout
		want    []string // one line each
	}{
		{"an input held by none", []VertexBufferLayout{quad},
			[]string{
				`wgsl: entry point vert_main: input a_particlePos @location(0) (float32x2) is held by no vertex buffer: add {Name: "a_particlePos", Offset: ...} to the attributes of the buffer that holds it`,
				`wgsl: entry point vert_main: input a_particleVel @location(1) (float32x2) is held by no vertex buffer`,
			}},
		{"an input held twice", []VertexBufferLayout{{ArrayStride: 24, Attributes: sprite().VertexBuffers[0].Attributes}, quad},
			[]string{"wgsl: entry point vert_main, vertex buffer 1: input a_pos @location(2) is held by vertex buffer 0 too"}},
		{"formats", []VertexBufferLayout{{ArrayStride: 16, Attributes: []VertexAttribute{
			{Name: "a_particlePos", Format: Uint8x4}, {Name: "a_particleVel", Offset: 4, Format: "float64x2"}, {Name: "a_pos", Offset: 8, Format: Snorm16x2}}}},
			[]string{
				"wgsl: entry point vert_main, vertex buffer 0: input a_particlePos @location(0): the format uint8x4 gives the shader u32 values, and the input holds floating-point (float32x2): use a float, unorm or snorm format",
				`wgsl: entry point vert_main, vertex buffer 0: input a_particleVel @location(1): unknown vertex format "float64x2"`,
			}},
		{"places", []VertexBufferLayout{{ArrayStride: 18, StepMode: "per-frame", Attributes: []VertexAttribute{
			{Name: "a_particlePos", Offset: 2}, {Name: "a_particleVel", Offset: 12}, {Name: "a_pos", Offset: 8}}}},
			[]string{
				`wgsl: entry point vert_main, vertex buffer 0: unknown step mode "per-frame" (want "vertex" or "instance")`,
				"wgsl: entry point vert_main, vertex buffer 0: the stride 18 is not a multiple of 4",
				"wgsl: entry point vert_main, vertex buffer 0: input a_particlePos @location(0): offset 2 is not a multiple of 4, which float32x2 needs",
				"wgsl: entry point vert_main, vertex buffer 0: input a_particleVel @location(1): 8 bytes of float32x2 at offset 12 run past the stride, 18",
				"wgsl: entry point vert_main, vertex buffer 0: input a_pos @location(2) at offset 8 overlaps input a_particlePos @location(0) (8 bytes at offset 2)",
				"wgsl: entry point vert_main, vertex buffer 0: input a_particleVel @location(1) at offset 12 overlaps input a_pos @location(2) (8 bytes at offset 8)",
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := sprite().Regroup(c.buffers...)
			require.Error(t, err)
			lines := strings.Split(err.Error(), "\n")
			require.Len(t, lines, len(c.want), "%v", err)
			for i, want := range c.want {
				assert.True(t, strings.HasPrefix(lines[i], want), "line %d:\n%s\nwant\n%s", i, lines[i], want)
			}
		})
	}
}
