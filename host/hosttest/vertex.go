package hosttest

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// The vertex feeding scenarios draw with the host's own vertex buffers
// (RenderPipeline.VertexBuffers, checked by wgsl.EntryPoint.Regroup), as public WebGPU
// programs feed their shaders: a flock's storage buffer drawn as per-instance vertices beside
// a per-vertex shape, and a depth pass reading the position of a lit pass's mesh.

// FlockSize is the side of the flock's target.
const FlockSize = 32

// The flock of flock.wgsl before one step of flockDt, and the square each boid is drawn as.
var (
	Flock = []ts.Boid{
		{Pos: wgsl.Vec2f{-0.5, -0.5}, Vel: wgsl.Vec2f{0.5, -0.5}},
		{Pos: wgsl.Vec2f{0.5, -0.25}, Vel: wgsl.Vec2f{-0.25, 1}},
		{Pos: wgsl.Vec2f{0, 0.5}, Vel: wgsl.Vec2f{1, 0.25}},
	}
	flockDt      = float32(0.5)
	flockCorners = []wgsl.Vec2f{{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}}
)

const boidHalfSide = 0.125 // corner * 0.125 in flock.wgsl

// FlockBuffers are the host's vertex buffers of flock.wgsl's vs: slot 0 the boids' storage
// buffer per instance (position at offset 0, velocity at 8 of 16 bytes), slot 1 the corners per
// vertex. The table has one buffer of the three loose inputs.
func FlockBuffers(posOffset, velOffset uint64) []wgsl.VertexBufferLayout {
	return []wgsl.VertexBufferLayout{
		{ArrayStride: 16, StepMode: wgsl.StepInstance, Attributes: []wgsl.VertexAttribute{{Name: "boid_pos", Offset: posOffset}, {Name: "boid_vel", Offset: velOffset}}},
		{ArrayStride: 8, StepMode: wgsl.StepVertex, Attributes: []wgsl.VertexAttribute{{Name: "corner"}}},
	}
}

// FlockDraw steps the flock with the compute entry point and draws the moved boids from the
// same storage buffer with the host's vertex buffers: each boid a square at its new position
// in the color of its velocity.
func FlockDraw(t *testing.T, g GPU) {
	pix, err := drawFlock(t, g, FlockBuffers(0, 8))
	require.NoError(t, err)
	writePNG(t, pix, FlockSize, FlockSize)
	assert.Empty(t, flockDiffs(pix))
}

// FlockDrawSwappedInputs is FlockDraw's negative control: the buffers as a host that mixes up
// the two per-instance inputs describes them, which Regroup cannot tell from the right ones
// (both are vec2<f32>): the pixels must tell.
func FlockDrawSwappedInputs(t *testing.T, g GPU) {
	pix, err := drawFlock(t, g, FlockBuffers(8, 0))
	require.NoError(t, err)
	assert.NotEmpty(t, flockDiffs(pix), "boids drawn at their velocities must not pass the pixel check")
}

// drawFlock steps the flock once and draws it with the vertex buffers given.
func drawFlock(t *testing.T, g GPU, buffers []wgsl.VertexBufferLayout) ([]byte, error) {
	t.Helper()
	sh := &ts.FlockShader
	// The step and the draw have layouts of their own, as the draw binds no group: the boids'
	// buffer is writable storage in the one and a vertex buffer in the other.
	m := module(t, g, &sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Advance()}})
	draw := module(t, g, &sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}})
	step, err := m.ComputePipeline(sh.Advance())
	require.NoError(t, err)
	boids := buffer(t, g, "boids", host.UsageStorage|host.UsageVertex|host.UsageCopySrc, wgsl.SliceBytes(Flock))
	flight := ts.Flight{Dt: flockDt}
	group, err := ts.FlockGroup0(m.Binder(), buffer(t, g, "flight", host.UsageUniform, flight.Bytes()), boids)
	require.NoError(t, err)
	size, err := m.Plan().WorkgroupSize(sh.Advance())
	require.NoError(t, err)
	require.NoError(t, g.Dispatch(step, wgsl.WorkgroupCount(size, [3]uint32{uint32(len(Flock)), 1, 1}), []Handle{group}, nil))
	pipe, err := draw.RenderPipeline(RenderPipeline{Vertex: sh.Vs(), VertexBuffers: buffers, Fragment: sh.Fs()})
	if err != nil {
		return nil, err
	}
	corners := buffer(t, g, "corners", host.UsageVertex, wgsl.SliceBytes(flockCorners))
	return g.Render(FlockSize, FlockSize, [4]float64{}, Draw{Pipeline: pipe, VertexBuffers: []Handle{boids, corners},
		Vertices: uint32(len(flockCorners)), Instances: uint32(len(Flock))})
}

// flockDiffs compares the flock's target with what Go computes, leaving out the pixels within
// a pixel of a square's edge.
func flockDiffs(pix []byte) []string {
	return targetDiffs(pix, FlockSize, func(cx, cy, pixel float64) (want color.RGBA, ok bool) {
		ok = true
		for _, b := range Flock {
			dx := math.Abs(cx - float64(b.Pos[0]+b.Vel[0]*flockDt))
			dy := math.Abs(cy - float64(b.Pos[1]+b.Vel[1]*flockDt))
			if math.Abs(dx-boidHalfSide) < pixel || math.Abs(dy-boidHalfSide) < pixel {
				ok = false
			} else if dx < boidHalfSide && dy < boidHalfSide {
				want = color.RGBA{unorm(b.Vel[0]*0.5 + 0.5), unorm(b.Vel[1]*0.5 + 0.5), 0, 255}
			}
		}
		return want, ok
	})
}

// targetDiffs compares the texels of a size × size target with what expect gives for the
// center (cx, cy) of each pixel in clip space (pixel is a pixel's side there), where it says
// ok: a unit of rounding is allowed.
func targetDiffs(pix []byte, size int, expect func(cx, cy, pixel float64) (color.RGBA, bool)) []string {
	var diffs []string
	pixel := 2.0 / float64(size)
	for y := range size {
		for x := range size {
			want, ok := expect((float64(x)+0.5)*pixel-1, 1-(float64(y)+0.5)*pixel, pixel)
			i := 4 * (y*size + x)
			if got := (color.RGBA{pix[i], pix[i+1], pix[i+2], pix[i+3]}); ok && !nearRGBA(got, want) {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// MeshSize is the side of the mesh's target.
const MeshSize = 16

// Mesh is the mesh of mesh.wgsl: the left half of the target at depth 0.25 facing +z, and the
// top right quarter at depth 0.75 facing +x, two triangles each, 24 bytes a vertex.
var Mesh = meshQuads(meshShapes)

var meshShapes = []meshQuad{
	{x0: -1, y0: -1, x1: 0, y1: 1, z: 0.25, normal: wgsl.Vec3f{0, 0, 1}},
	{x0: 0, y0: 0, x1: 1, y1: 1, z: 0.75, normal: wgsl.Vec3f{1, 0, 0}},
}

type meshQuad struct {
	x0, y0, x1, y1, z float32
	normal            wgsl.Vec3f
}

func meshQuads(qs []meshQuad) []ts.MeshVertex {
	var out []ts.MeshVertex
	for _, q := range qs {
		for _, c := range [][2]float32{{q.x0, q.y0}, {q.x1, q.y0}, {q.x1, q.y1}, {q.x0, q.y0}, {q.x1, q.y1}, {q.x0, q.y1}} {
			out = append(out, ts.MeshVertex{Position: wgsl.Vec3f{c[0], c[1], q.z}, Normal: q.normal})
		}
	}
	return out
}

// MeshPasses draws the mesh from one buffer twice: the lit pass with the table's 24-byte
// layout, the depth pass (whose shader reads only the position, a 12-byte layout in its table)
// with the lit pass's layout as its own vertex buffer: each pass shows the quads, in the
// normals' colors and at their depths.
func MeshPasses(t *testing.T, g GPU) {
	sh := &ts.MeshShader
	lit, err := drawMesh(t, g, RenderPipeline{Vertex: sh.Lit(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex}, Fragment: sh.LitFs()})
	require.NoError(t, err)
	writePNG(t, lit, MeshSize, MeshSize)
	assert.Empty(t, meshDiffs(lit, func(q meshQuad) color.RGBA {
		return color.RGBA{unorm(q.normal[0]*0.5 + 0.5), unorm(q.normal[1]*0.5 + 0.5), unorm(q.normal[2]*0.5 + 0.5), 255}
	}), "lit pass")
	depth, err := drawMesh(t, g, RenderPipeline{Vertex: sh.Depth(), VertexBuffers: []wgsl.VertexBufferLayout{sh.Lit().VertexBuffers[0].PerVertex()},
		Fragment: sh.DepthFs()})
	require.NoError(t, err)
	assert.Empty(t, meshDiffs(depth, depthColor), "depth pass")
}

// MeshDepthPassTableStride is MeshPasses' negative control: the depth pass fed with its table's
// layout, 12-byte positions, from the 24-byte mesh, as a host that takes the table as it is
// would: the pipeline is valid and the pixels wrong.
func MeshDepthPassTableStride(t *testing.T, g GPU) {
	sh := &ts.MeshShader
	depth, err := drawMesh(t, g, RenderPipeline{Vertex: sh.Depth(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex}, Fragment: sh.DepthFs()})
	require.NoError(t, err)
	assert.NotEmpty(t, meshDiffs(depth, depthColor), "the mesh read as 12-byte positions must not pass the pixel check")
}

func depthColor(q meshQuad) color.RGBA {
	d := unorm(q.z)
	return color.RGBA{d, d, d, 255}
}

// drawMesh draws the mesh with pipeline o of mesh.wgsl.
func drawMesh(t *testing.T, g GPU, o RenderPipeline) ([]byte, error) {
	t.Helper()
	m := module(t, g, &ts.MeshShader.Shader, nil)
	pipe, err := m.RenderPipeline(o)
	if err != nil {
		return nil, err
	}
	mesh := buffer(t, g, "mesh", host.UsageVertex, wgsl.SliceBytes(Mesh))
	return g.Render(MeshSize, MeshSize, [4]float64{}, Draw{Pipeline: pipe, VertexBuffers: []Handle{mesh}, Vertices: uint32(len(Mesh)), Instances: 1})
}

// meshDiffs compares a pass's target with the quads in the colors shade gives, leaving out
// the pixels within a pixel of a quad's edge.
func meshDiffs(pix []byte, shade func(meshQuad) color.RGBA) []string {
	return targetDiffs(pix, MeshSize, func(cx, cy, pixel float64) (want color.RGBA, ok bool) {
		ok = true
		near := func(v float64, e float32) bool { return math.Abs(v-float64(e)) < pixel }
		for _, q := range meshShapes {
			if near(cx, q.x0) || near(cx, q.x1) || near(cy, q.y0) || near(cy, q.y1) {
				ok = false
			} else if cx > float64(q.x0) && cx < float64(q.x1) && cy > float64(q.y0) && cy < float64(q.y1) {
				want = shade(q)
			}
		}
		return want, ok
	})
}

// VertexBuffersErrors checks that the adapter refuses the host's vertex buffers that do not
// hold the shader's inputs, in the core's words, before the binding sees them.
func VertexBuffersErrors(t *testing.T, g GPU) {
	p := g.Profile().Package
	sh := &ts.FlockShader
	m := module(t, g, &sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}})
	_, err := m.RenderPipeline(RenderPipeline{Vertex: sh.Vs(), VertexBuffers: FlockBuffers(0, 8)[:1], Fragment: sh.Fs()})
	assert.EqualError(t, err, p+`: flock.wgsl: wgsl: entry point vs: input corner @location(2) (float32x2) is held by no vertex buffer: add {Name: "corner", Offset: ...} to the attributes of the buffer that holds it`)
	_, err = m.RenderPipeline(RenderPipeline{Vertex: sh.Vs(), VertexBuffers: FlockBuffers(0, 4), Fragment: sh.Fs()})
	assert.EqualError(t, err, p+": flock.wgsl: wgsl: entry point vs, vertex buffer 0: input boid_vel @location(1) at offset 4 overlaps input boid_pos @location(0) (8 bytes at offset 0)")
	_, err = m.RenderPipeline(RenderPipeline{Vertex: sh.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepInstance}, VertexBuffers: FlockBuffers(0, 8), Fragment: sh.Fs()})
	assert.EqualError(t, err, p+": flock.wgsl: entry point vs: both step modes and vertex buffers given: the vertex buffers' own step modes are the ones that count, drop StepModes")
}

// nearRGBA tells whether a and b differ by at most a unit of rounding in each channel.
func nearRGBA(a, b color.RGBA) bool {
	near := func(x, y uint8) bool { return x == y || x == y+1 || x+1 == y }
	return near(a.R, b.R) && near(a.G, b.G) && near(a.B, b.B) && near(a.A, b.A)
}
