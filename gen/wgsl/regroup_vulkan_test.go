package wgsl_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// A pixel of the 4x4 targets is 0.5 wide in clip space; a sprite's corners make a triangle
// around its center that covers the pixel's center and no other.
var corners = []float32{-0.2, -0.2, 0.2, -0.2, 0, 0.2}

// center is the clip-space center of pixel (x, y) (the harness's viewport puts -1 at row 0).
func center(x, y int) (float32, float32) { return float32(x)*0.5 - 0.75, float32(y)*0.5 - 0.75 }

func f32Bytes(vs ...float32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

// vertexEntry compiles src and returns its SPIR-V and the table entry of vertex entry point
// vs, as generated code has it (built here from the reflection).
func vertexEntry(t *testing.T, src string) ([]uint32, *wgsl.EntryPoint) {
	res, err := compiler.Compile(compiler.Source{Name: "t.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err)
	spirvval.Check(t, res.SPIRV, "vulkan1.1")
	for _, e := range res.Reflection.EntryPoints {
		if e.Name != "vs" {
			continue
		}
		out := &wgsl.EntryPoint{Name: e.Name, Stage: wgsl.Vertex}
		for _, b := range e.VertexBuffers {
			l := wgsl.VertexBufferLayout{ArrayStride: uint64(b.Stride), Struct: b.Struct}
			for _, a := range b.Attributes {
				l.Attributes = append(l.Attributes, wgsl.VertexAttribute{Format: wgsl.VertexFormat(a.Format), Offset: uint64(a.Offset), ShaderLocation: uint32(a.Location), Name: a.Name})
			}
			out.VertexBuffers = append(out.VertexBuffers, l)
		}
		return res.SPIRV, out
	}
	t.Fatal("no entry point vs")
	return nil, nil
}

// draw draws instances sprites of 3 vertices from the vertex buffers, laid out by layouts,
// into a 4x4 target and returns its pixels.
func draw(t *testing.T, words []uint32, instances uint32, layouts []wgsl.VertexBufferLayout, data ...[]byte) [][4]float32 {
	d := vulkan.Require(t)
	dr := &vulkan.Draw{Vertex: "vs", Fragment: "fs", Vertices: 3, Instances: instances, Target: vulkan.Target{Format: vulkan.RGBA32Float, Width: 4, Height: 4}}
	for i, l := range layouts {
		vb, err := vulkan.VertexBufferOf(l, data[i])
		require.NoError(t, err)
		dr.VertexBuffers = append(dr.VertexBuffers, vb)
	}
	res, err := d.Dispatch(vulkan.Run{SPIRV: words, Draw: dr})
	require.NoError(t, err)
	px := make([][4]float32, 16)
	for i := range px {
		for c := range 4 {
			px[i][c] = math.Float32frombits(binary.LittleEndian.Uint32(res.Target[16*i+4*c:]))
		}
	}
	return px
}

// TestRegroupOnLavapipe draws with vertex buffers laid out as hosts feed them, through
// EntryPoint.Regroup: every pixel is what the inputs, read from the host's buffers at the
// host's offsets, make it. The table's own layouts, where they differ, read other bytes.
func TestRegroupOnLavapipe(t *testing.T) {
	// Loose inputs, two per instance from a buffer of particles (pos, vel: 16 bytes), one per
	// vertex from a buffer of corners.
	t.Run("loose inputs from two buffers", func(t *testing.T) {
		words, vs := vertexEntry(t, `struct Out { @builtin(position) pos: vec4f, @location(0) @interpolate(flat) color: vec4f }
@vertex fn vs(@location(0) a_pos: vec2f, @location(1) a_vel: vec2f, @location(2) corner: vec2f) -> Out {
  return Out(vec4f(a_pos + corner, 0.0, 1.0), vec4f(a_vel, a_pos));
}
@fragment fn fs(in: Out) -> @location(0) vec4f { return in.color; }
`)
		layouts, err := vs.Regroup(
			wgsl.VertexBufferLayout{ArrayStride: 16, StepMode: wgsl.StepInstance, Attributes: []wgsl.VertexAttribute{{Name: "a_pos"}, {Name: "a_vel", Offset: 8}}},
			wgsl.VertexBufferLayout{ArrayStride: 8, Attributes: []wgsl.VertexAttribute{{Name: "corner"}}},
		)
		require.NoError(t, err)
		var particles []float32
		want := map[int][4]float32{}
		for i, p := range [][2]int{{0, 0}, {3, 1}, {1, 2}} {
			x, y := center(p[0], p[1])
			particles = append(particles, x, y, float32(10+i), float32(20+i))
			want[p[1]*4+p[0]] = [4]float32{float32(10 + i), float32(20 + i), x, y}
		}
		px := draw(t, words, 3, layouts, f32Bytes(particles...), f32Bytes(corners...))
		for i, c := range px {
			assert.Equal(t, want[i], c, "pixel (%d, %d)", i%4, i/4)
		}

		// The particles stepped per vertex: the three vertices of each sprite read three
		// particles, and the picture is another.
		layouts[0].StepMode = wgsl.StepVertex
		wrong := draw(t, words, 3, layouts, f32Bytes(particles...), f32Bytes(corners...))
		assert.NotEqual(t, px, wrong)
	})

	// One structure's members from two buffers: position and color per instance from a
	// 48-byte particle (position, lifetime, color, velocity), the quad's corner per vertex;
	// and a color from unorm8x4 bytes.
	t.Run("one structure from two buffers", func(t *testing.T) {
		words, vs := vertexEntry(t, `struct VertexInput { @location(0) position: vec3f, @location(1) color: vec4f, @location(2) quad_pos: vec2f }
struct Out { @builtin(position) pos: vec4f, @location(0) @interpolate(flat) color: vec4f }
@vertex fn vs(in: VertexInput) -> Out { return Out(vec4f(in.position.xy + in.quad_pos, in.position.z, 1.0), in.color); }
@fragment fn fs(in: Out) -> @location(0) vec4f { return in.color; }
`)
		require.Len(t, vs.VertexBuffers, 1)
		particle := wgsl.VertexBufferLayout{ArrayStride: 48, StepMode: wgsl.StepInstance, Attributes: []wgsl.VertexAttribute{{Name: "position"}, {Name: "color", Offset: 16}}}
		quad := wgsl.VertexBufferLayout{ArrayStride: 8, Attributes: []wgsl.VertexAttribute{{Name: "quad_pos"}}}
		layouts, err := vs.Regroup(particle, quad)
		require.NoError(t, err)
		var particles []float32
		want := map[int][4]float32{}
		for i, p := range [][2]int{{2, 0}, {0, 3}} {
			x, y := center(p[0], p[1])
			// lifetime and velocity are not the shader's: they must not show.
			particles = append(particles, x, y, 0.5, -7, float32(i+1), 0.25, 0.5, 0.75, 99, 99, 99, 99)
			want[p[1]*4+p[0]] = [4]float32{float32(i + 1), 0.25, 0.5, 0.75}
		}
		px := draw(t, words, 2, layouts, f32Bytes(particles...), f32Bytes(corners...))
		for i, c := range px {
			assert.Equal(t, want[i], c, "pixel (%d, %d)", i%4, i/4)
		}

		// The color as unorm8x4 bytes after the position, in a 16-byte particle.
		particle = wgsl.VertexBufferLayout{ArrayStride: 16, StepMode: wgsl.StepInstance, Attributes: []wgsl.VertexAttribute{{Name: "position"}, {Name: "color", Offset: 12, Format: wgsl.Unorm8x4}}}
		layouts, err = vs.Regroup(particle, quad)
		require.NoError(t, err)
		x, y := center(1, 1)
		b := append(f32Bytes(x, y, 0.5), 255, 0, 51, 102)
		px = draw(t, words, 1, layouts, b, f32Bytes(corners...))
		for c, want := range []float32{1, 0, 0.2, 0.4} {
			assert.InDelta(t, want, px[1*4+1][c], 1e-6, "component %d", c)
		}
	})

	// A position read from a mesh of 24-byte vertices (position, normal) that another pass
	// draws: the table's stride is 12.
	t.Run("a position from a wider mesh", func(t *testing.T) {
		words, vs := vertexEntry(t, `struct Out { @builtin(position) pos: vec4f, @location(0) @interpolate(flat) color: vec4f }
@vertex fn vs(@location(0) position: vec3f) -> Out { return Out(vec4f(position, 1.0), vec4f(position, 1.0)); }
@fragment fn fs(in: Out) -> @location(0) vec4f { return in.color; }
`)
		require.Equal(t, uint64(12), vs.VertexBuffers[0].ArrayStride)
		mesh := wgsl.VertexBufferLayout{ArrayStride: 24, Attributes: []wgsl.VertexAttribute{
			{Format: wgsl.Float32x3, Offset: 0, ShaderLocation: 0, Name: "position"}, {Format: wgsl.Float32x3, Offset: 12, ShaderLocation: 1, Name: "normal"}}}
		layouts, err := vs.Regroup(mesh)
		require.NoError(t, err)
		x, y := center(3, 3)
		var vertices []float32
		for i := 0; i < 6; i += 2 {
			vertices = append(vertices, x+corners[i], y+corners[i+1], 0.5, 0, 1, 0) // position, normal
		}
		px := draw(t, words, 1, layouts, f32Bytes(vertices...))
		got := px[3*4+3]
		assert.InDelta(t, x, got[0], 0.2)
		assert.InDelta(t, y, got[1], 0.2)
		assert.Equal(t, [2]float32{0.5, 1}, [2]float32{got[2], got[3]})

		// The table's layout, stride 12, reads normals as positions: the pixel stays clear.
		px = draw(t, words, 1, []wgsl.VertexBufferLayout{vs.VertexBuffers[0].PerVertex()}, f32Bytes(vertices...))
		assert.Equal(t, [4]float32{}, px[3*4+3])
	})
}
