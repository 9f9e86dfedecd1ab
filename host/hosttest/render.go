package hosttest

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// The render scenarios draw offscreen into rgba8unorm targets and compare the pixels with
// what Go computes (within a pixel of an edge, rasterization decides) and, where the
// project's Vulkan harness draws from one module, with its golden pixels.

// DrawSize is the side of the instanced draw's target.
const DrawSize = 64

// The scene of draw.wgsl: a unit quad of two triangles (per vertex: position and uv, v
// growing downwards), four instances (per instance: corner, color, weight), a 2×2 texture
// sampled nearest, and a tint in the uniform's vec3.
var (
	Quad = []ts.Vertex{
		{Position: wgsl.Vec3f{0, 0, 0}, Uv: wgsl.Vec2f{0, 1}},
		{Position: wgsl.Vec3f{1, 0, 0}, Uv: wgsl.Vec2f{1, 1}},
		{Position: wgsl.Vec3f{1, 1, 0}, Uv: wgsl.Vec2f{1, 0}},
		{Position: wgsl.Vec3f{0, 0, 0}, Uv: wgsl.Vec2f{0, 1}},
		{Position: wgsl.Vec3f{1, 1, 0}, Uv: wgsl.Vec2f{1, 0}},
		{Position: wgsl.Vec3f{0, 1, 0}, Uv: wgsl.Vec2f{0, 0}},
	}
	Instances = []ts.Instance{
		{Offset: wgsl.Vec2f{-0.875, -0.875}, Color: wgsl.Vec3f{1, 0.25, 0}, Weight: 1},
		{Offset: wgsl.Vec2f{0.125, -0.875}, Color: wgsl.Vec3f{0, 1, 0.5}, Weight: 1},
		{Offset: wgsl.Vec2f{-0.875, 0.125}, Color: wgsl.Vec3f{0.5, 0, 1}, Weight: 0.5},
		{Offset: wgsl.Vec2f{0.125, 0.125}, Color: wgsl.Vec3f{1, 1, 1}, Weight: 0.75},
	}
	Globals = ts.Globals{Scale: wgsl.Vec2f{0.75, 0.75}, Tint: wgsl.Vec3f{1, 0.5, 0.25}, Alpha: 1}
	// albedo's texels, row by row from the top.
	albedo = [2][2]color.RGBA{{{255, 255, 255, 255}, {255, 0, 255, 255}}, {{0, 255, 255, 255}, {255, 255, 0, 255}}}
)

// AlbedoImage is the texture of the scene.
func AlbedoImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for y := range 2 {
		for x := range 2 {
			img.SetRGBA(x, y, albedo[y][x])
		}
	}
	return img
}

func unorm(f float32) uint8 { return uint8(math.Round(float64(min(max(f, 0), 1)) * 255)) }

// expectPixel is what draw.wgsl gives pixel (x, y), computed in Go; ok is false for pixels
// within a pixel of an edge of a quad or of a texel boundary.
func expectPixel(x, y int) (c color.RGBA, ok bool) {
	cx := (float64(x)+0.5)/DrawSize*2 - 1
	cy := 1 - (float64(y)+0.5)/DrawSize*2
	margin := 2.0 / DrawSize / float64(Globals.Scale[0]) // two pixels in quad units
	for _, in := range Instances {
		lx := (cx - float64(in.Offset[0])) / float64(Globals.Scale[0])
		ly := (cy - float64(in.Offset[1])) / float64(Globals.Scale[1])
		if lx < -margin || lx > 1+margin || ly < -margin || ly > 1+margin {
			continue
		}
		for _, edge := range []float64{lx, ly} {
			if math.Abs(edge) < margin || math.Abs(edge-0.5) < margin || math.Abs(edge-1) < margin {
				return c, false
			}
		}
		if lx < 0 || lx > 1 || ly < 0 || ly > 1 {
			continue
		}
		u, v := lx, 1-ly
		texel := albedo[int(v*2)][int(u*2)]
		ch := func(k int, t uint8) uint8 { return unorm(in.Color[k] * in.Weight * float32(t) / 255 * Globals.Tint[k]) }
		return color.RGBA{ch(0, texel.R), ch(1, texel.G), ch(2, texel.B), unorm(Globals.Alpha)}, true
	}
	return color.RGBA{}, true // the clear color
}

// drawDiffs compares the target's texels with expectPixel (a unit of rounding is allowed).
func drawDiffs(pix []byte) []string {
	var diffs []string
	near := func(a, b uint8) bool { return a == b || a == b+1 || a+1 == b }
	for y := range DrawSize {
		for x := range DrawSize {
			want, ok := expectPixel(x, y)
			i := 4 * (y*DrawSize + x)
			got := color.RGBA{pix[i], pix[i+1], pix[i+2], pix[i+3]}
			if ok && !(near(got.R, want.R) && near(got.G, want.G) && near(got.B, want.B) && near(got.A, want.A)) {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// drawScene renders draw.wgsl's scene with the table sh (draw.wgsl's, or a changed copy) and
// the pipeline descriptor the adapter makes, changed as change says, and reads the target.
func drawScene(t *testing.T, g GPU, sh *wgsl.Shader, change Change) ([]byte, error) {
	t.Helper()
	m, err := g.Module(sh, nil)
	if err != nil {
		return nil, err
	}
	t.Cleanup(m.Release)
	table := &ts.DrawShader // the accessors; sh may be a changed copy of its table
	pipe, err := m.RenderPipeline(RenderPipeline{Vertex: table.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance},
		Fragment: table.Fs(), Change: change})
	if err != nil {
		return nil, err
	}
	// Vertex and instance buffers twice as long as needed, so that a wrong stride reads
	// (wrong) data instead of failing a bounds check.
	vertices := buffer(t, g, "vertices", host.UsageVertex, append(wgsl.SliceBytes(Quad), make([]byte, len(wgsl.SliceBytes(Quad)))...))
	insts := buffer(t, g, "instances", host.UsageVertex, append(wgsl.SliceBytes(Instances), make([]byte, len(wgsl.SliceBytes(Instances)))...))
	_, view := imageTexture(t, g, AlbedoImage(), host.TextureBinding)
	sampler, err := g.Sampler(Sampler{})
	require.NoError(t, err)
	bg0, err := ts.DrawGroup0(m.Binder(), buffer(t, g, "globals", host.UsageUniform, Globals.Bytes()))
	require.NoError(t, err)
	bg1, err := ts.DrawGroup1(m.Binder(), view, sampler)
	require.NoError(t, err)
	return g.Render(DrawSize, DrawSize, [4]float64{}, Draw{Pipeline: pipe, BindGroups: []Handle{bg0, bg1},
		VertexBuffers: []Handle{vertices, insts}, Vertices: uint32(len(Quad)), Instances: uint32(len(Instances))})
}

// InstancedDraw draws four instances of a textured quad: a per-vertex buffer (vec3 and vec2
// attributes, stride 20), a per-instance buffer (vec2, vec3, f32), a uniform with a vec3 at
// offset 16, a texture with a sampler; the layouts all come from the generated table.
func InstancedDraw(t *testing.T, g GPU) {
	pix, err := drawScene(t, g, &ts.DrawShader.Shader, Change{})
	require.NoError(t, err)
	writePNG(t, pix, DrawSize, DrawSize)
	diffs := drawDiffs(pix)
	assert.Empty(t, diffs, "%d pixels differ", len(diffs))
	// The scene is not trivially empty: the texels and instances give many colors.
	seen := map[color.RGBA]bool{}
	for y := range DrawSize {
		for x := range DrawSize {
			if c, ok := expectPixel(x, y); ok {
				seen[c] = true
			}
		}
	}
	assert.Greater(t, len(seen), 10, "distinct colors in the expected image")
	checkGolden(t, "draw", pix)
}

// The negative controls of InstancedDraw change one fact of what the adapter made, as a
// hand-written host might get it wrong, and the draw must notice: by an error or by wrong
// pixels.

// InstancedDrawWrongVertexStride strides the vertices as if position were padded like a
// vec3 in a buffer.
func InstancedDrawWrongVertexStride(t *testing.T, g GPU) {
	pix, err := drawScene(t, g, &ts.DrawShader.Shader, Change{VertexStride: 4})
	expectCaught(t, pix, err, drawDiffs)
}

// InstancedDrawWrongAttributeOffset reads the instances' color from 12, as if offset were a
// vec3.
func InstancedDrawWrongAttributeOffset(t *testing.T, g GPU) {
	pix, err := drawScene(t, g, &ts.DrawShader.Shader, Change{AttributeOffset: 4})
	expectCaught(t, pix, err, drawDiffs)
}

// InstancedDrawWrongVisibility makes albedo, which the fragment stage samples, visible to
// the vertex stage only in the table: the core refuses the pipeline before the binding sees
// it (a driver may crash on it).
func InstancedDrawWrongVisibility(t *testing.T, g GPU) {
	sh := ts.DrawShader.Shader
	sh.BindGroups = append([]wgsl.BindGroup(nil), sh.BindGroups...)
	sh.BindGroups[1].Entries = append([]wgsl.Binding(nil), sh.BindGroups[1].Entries...)
	sh.BindGroups[1].Entries[0].Visibility = wgsl.Vertex
	_, err := drawScene(t, g, &sh, Change{})
	require.EqualError(t, err, g.Profile().Package+": draw.wgsl: entry point fs: @group(1) @binding(0) albedo is visible to vertex only in the layout, and the fragment entry point uses it")
}

// expectCaught checks that a draw failed, or else that its pixels are wrong.
func expectCaught(t *testing.T, pix []byte, err error, diffs func([]byte) []string) {
	t.Helper()
	if err != nil {
		t.Logf("caught by the adapter or the binding: %v", err)
		return
	}
	d := diffs(pix)
	require.NotEmpty(t, d, "the pixel check missed the mistake")
	t.Logf("caught by the pixel check: %d pixels differ, the first %s", len(d), d[0])
}

// ShadowSize is the side of the two-file pipeline's target.
const ShadowSize = 32

// The scene of shadow_vertex.wgsl and shadow_fragment.wgsl: a square at depth 0.5 seen by a
// light whose view-projection is the identity, over a 2 × 2 shadow map whose texels are
// nearer (0.25) and farther (0.75) than the square.
var (
	shadowScene = ts.Scene{LightViewProj: wgsl.Mat4x4f{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
		LightColor: wgsl.Vec3f{1, 0.75, 0.5}}
	shadowModel  = ts.Model{Offset: wgsl.Vec2f{-0.5, -0.5}, Depth: 0.5}
	shadowSquare = []ts.ShadowVertexMainInput{{Position: wgsl.Vec2f{0, 0}}, {Position: wgsl.Vec2f{1, 0}}, {Position: wgsl.Vec2f{1, 1}},
		{Position: wgsl.Vec2f{0, 0}}, {Position: wgsl.Vec2f{1, 1}}, {Position: wgsl.Vec2f{0, 1}}}
	shadowDepths = [2][2]float32{{0.25, 0.75}, {0.75, 0.25}} // rows top first
)

// shadowDiffs compares the target with the square as Go computes it: lit where the shadow
// map's texel is not nearer than the square's depth less the bias.
func shadowDiffs(pix []byte, bias float32) []string {
	var diffs []string
	margin := 2.0 / ShadowSize
	for y := range ShadowSize {
		for x := range ShadowSize {
			cx := (float64(x)+0.5)/ShadowSize*2 - 1
			cy := 1 - (float64(y)+0.5)/ShadowSize*2
			if math.Abs(cx) < margin || math.Abs(cy) < margin || math.Abs(math.Abs(cx)-0.5) < margin || math.Abs(math.Abs(cy)-0.5) < margin {
				continue // an edge of the square or of a texel
			}
			want := color.RGBA{}
			if math.Abs(cx) < 0.5 && math.Abs(cy) < 0.5 {
				u, v := cx*0.5+0.5, -cy*0.5+0.5
				want.A = 255
				if shadowModel.Depth-bias <= shadowDepths[int(v*2)][int(u*2)] {
					want.R, want.G, want.B = unorm(shadowScene.LightColor[0]), unorm(shadowScene.LightColor[1]), unorm(shadowScene.LightColor[2])
				}
			}
			i := 4 * (y*ShadowSize + x)
			if got := (color.RGBA{pix[i], pix[i+1], pix[i+2], pix[i+3]}); got != want {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// drawShadowed draws the scene with a render pipeline whose vertex and fragment entry points
// are in two shaders, with one layout of both and the fragment shader's bias override set;
// change, when not zero, changes the pipeline descriptor first.
func drawShadowed(t *testing.T, g GPU, bias float32, change Change) ([]byte, error) {
	t.Helper()
	vsh, fsh := &ts.ShadowVertexShader, &ts.ShadowFragmentShader
	layout, err := g.Layout(nil, &vsh.Shader, &fsh.Shader)
	require.NoError(t, err)
	t.Cleanup(layout.Release)
	require.Equal(t, wgsl.Vertex|wgsl.Fragment, layout.Plan().Groups[0][0].Visibility, "scene, which both halves read")
	vs := module(t, g, &vsh.Shader, &host.ModuleOptions{Layout: layout})
	var o ts.ShadowFragmentOverrides
	o.SetBias(bias)
	fs := module(t, g, &fsh.Shader, &host.ModuleOptions{Layout: layout, Overrides: o.Values()})
	pipe, err := vs.RenderPipeline(RenderPipeline{Vertex: vsh.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex},
		Fragment: fsh.Main(), FragmentModule: fs, Change: change})
	if err != nil {
		return nil, err
	}
	var texels []byte
	for _, row := range shadowDepths {
		for _, d := range row {
			v := uint16(math.Round(float64(d) * 65535))
			texels = append(texels, byte(v), byte(v>>8))
		}
	}
	_, shadowView, err := g.Texture(Texture{Label: "shadow map", Format: "depth16unorm", Width: 2, Height: 2,
		Usage: host.TextureBinding | host.TextureCopyDst, Texels: texels, BytesPerRow: 4})
	require.NoError(t, err)
	sampler, err := g.Sampler(Sampler{Compare: "less-equal"})
	require.NoError(t, err)
	// One bind group of @group(0) for both halves: scene from either table, the shadow map and
	// its sampler from the fragment shader's.
	bg0, err := ts.ShadowFragmentGroup0(layout.Binder(), buffer(t, g, "scene", host.UsageUniform, shadowScene.Bytes()), shadowView, sampler)
	require.NoError(t, err)
	bg1, err := ts.ShadowVertexGroup1(layout.Binder(), buffer(t, g, "model", host.UsageUniform, shadowModel.Bytes()))
	require.NoError(t, err)
	return g.Render(ShadowSize, ShadowSize, [4]float64{}, Draw{Pipeline: pipe, BindGroups: []Handle{bg0, bg1},
		VertexBuffers: []Handle{buffer(t, g, "square", host.UsageVertex, wgsl.SliceBytes(shadowSquare))}, Vertices: uint32(len(shadowSquare)), Instances: 1})
}

// TwoShaderPipeline draws with a vertex shader and a fragment shader of separate files, as
// the WebGPU samples' shadow mapping does: one layout of both, where the scene uniform both
// declare is one binding visible to both stages, a depth texture read through a comparison
// sampler, and the fragment shader's override. With no bias the square is lit where the
// shadow map is farther; with a bias of 0.375 everywhere.
func TwoShaderPipeline(t *testing.T, g GPU) {
	for _, bias := range []float32{0, 0.375} {
		t.Run(fmt.Sprintf("bias=%v", bias), func(t *testing.T) {
			pix, err := drawShadowed(t, g, bias, Change{})
			require.NoError(t, err)
			writePNG(t, pix, ShadowSize, ShadowSize)
			diffs := shadowDiffs(pix, bias)
			assert.Empty(t, diffs, "%d pixels differ", len(diffs))
		})
	}
	assert.NotEmpty(t, shadowDiffs(make([]byte, 4*ShadowSize*ShadowSize), 0), "an empty picture passes the check")
	p := g.Profile().Package
	// Two modules with layouts of their own cannot make one pipeline.
	vs := module(t, g, &ts.ShadowVertexShader.Shader, nil)
	fs := module(t, g, &ts.ShadowFragmentShader.Shader, nil)
	_, err := vs.RenderPipeline(RenderPipeline{Vertex: ts.ShadowVertexShader.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex},
		Fragment: ts.ShadowFragmentShader.Main(), FragmentModule: fs})
	assert.EqualError(t, err, p+": shadow_vertex.wgsl and shadow_fragment.wgsl have layouts of their own: a pipeline of both needs one layout of both shaders (NewLayout, ModuleOptions.Layout)")
	own, err := g.Layout(nil, &ts.ShadowVertexShader.Shader)
	require.NoError(t, err)
	defer own.Release()
	_, err = g.Module(&ts.DrawShader.Shader, &host.ModuleOptions{Layout: own})
	assert.EqualError(t, err, p+": draw.wgsl: the layout shadow_vertex.wgsl is not one of this shader (NewLayout(device, opts, &XShader.Shader, ...) with this table)")
	shared, err := g.Layout(nil, &ts.ShadowVertexShader.Shader, &ts.ShadowFragmentShader.Shader)
	require.NoError(t, err)
	late := module(t, g, &ts.ShadowVertexShader.Shader, &host.ModuleOptions{Layout: shared})
	shared.Release()
	_, err = late.RenderPipeline(RenderPipeline{Vertex: ts.ShadowVertexShader.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex}})
	assert.EqualError(t, err, p+": shadow_vertex.wgsl: the layout shadow_vertex.wgsl+shadow_fragment.wgsl is released")
	_, err = g.Module(&ts.ShadowFragmentShader.Shader, &host.ModuleOptions{Layout: shared})
	assert.EqualError(t, err, p+": shadow_fragment.wgsl: the layout shadow_vertex.wgsl+shadow_fragment.wgsl is released")
}

// TwoShaderPipelineVertexLayout is the negative control: the pipeline made with the vertex
// shader's own layout, which has neither the shadow map nor the fragment stage's view of the
// scene, is refused.
func TwoShaderPipelineVertexLayout(t *testing.T, g GPU) {
	own, err := g.Layout(nil, &ts.ShadowVertexShader.Shader)
	require.NoError(t, err)
	defer own.Release()
	_, err = drawShadowed(t, g, 0, Change{Layout: own})
	require.Error(t, err)
	t.Logf("caught: %v", err)
}

// BillboardSize is the side of the billboards' target.
const BillboardSize = 64

// The scene of billboard.wgsl: particles (values that float32 arithmetic keeps exact, so that
// Go and the GPU agree bit for bit), one simulation step, the corners of a unit square and the
// view.
var (
	Billboards = []ts.Particle{
		{Position: wgsl.Vec2f{-0.75, -0.75}, Size: 0.5, Color: wgsl.Vec4f{1, 0, 0, 1}, Velocity: wgsl.Vec2f{0.25, 0.5}},
		{Position: wgsl.Vec2f{0.25, -0.75}, Size: 0.25, Color: wgsl.Vec4f{0, 1, 0, 1}, Velocity: wgsl.Vec2f{0, 1}},
		{Position: wgsl.Vec2f{-0.5, 0.25}, Size: 0.375, Color: wgsl.Vec4f{0, 0, 1, 1}, Velocity: wgsl.Vec2f{-0.125, 0.25}},
		{Position: wgsl.Vec2f{0.25, 0.375}, Size: 0.5, Color: wgsl.Vec4f{1, 1, 1, 1}, Velocity: wgsl.Vec2f{0.5, -0.25}},
		{Position: wgsl.Vec2f{0.5, -0.25}, Size: 0.125, Color: wgsl.Vec4f{1, 0, 1, 1}, Velocity: wgsl.Vec2f{0, 0}},
	}
	BillboardSim  = ts.Sim{Dt: 0.5, Gravity: wgsl.Vec2f{0, -0.5}}
	BillboardView = ts.View{Scale: wgsl.Vec2f{1, 0.75}, Tint: wgsl.Vec3f{1, 0.5, 0.25}}
	UnitSquare    = []ts.Corner{{Offset: wgsl.Vec2f{0, 0}}, {Offset: wgsl.Vec2f{1, 0}}, {Offset: wgsl.Vec2f{1, 1}},
		{Offset: wgsl.Vec2f{0, 0}}, {Offset: wgsl.Vec2f{1, 1}}, {Offset: wgsl.Vec2f{0, 1}}}
)

// SimulateInGo is billboard.wgsl's simulate, in Go.
func SimulateInGo(ps []ts.Particle, sim ts.Sim) []ts.Particle {
	out := append([]ts.Particle(nil), ps...)
	for i := range out {
		p := &out[i]
		for k := range 2 {
			p.Velocity[k] += sim.Gravity[k] * sim.Dt
			p.Position[k] += p.Velocity[k] * sim.Dt
		}
	}
	return out
}

// billboardDiffs compares the target with the squares of ps as Go computes them.
func billboardDiffs(pix []byte, ps []ts.Particle) []string {
	var diffs []string
	for y := range BillboardSize {
		for x := range BillboardSize {
			cx := (float64(x)+0.5)/BillboardSize*2 - 1
			cy := 1 - (float64(y)+0.5)/BillboardSize*2
			want, ok := color.RGBA{}, true
			for _, p := range ps {
				w, h := float64(p.Size*BillboardView.Scale[0]), float64(p.Size*BillboardView.Scale[1])
				lx, ly := (cx-float64(p.Position[0]))/w, (cy-float64(p.Position[1]))/h
				if math.Abs(lx) < 2/BillboardSize/w || math.Abs(lx-1) < 2/BillboardSize/w ||
					math.Abs(ly) < 2/BillboardSize/h || math.Abs(ly-1) < 2/BillboardSize/h {
					ok = false
				}
				if lx > 0 && lx < 1 && ly > 0 && ly < 1 {
					want = color.RGBA{unorm(p.Color[0] * BillboardView.Tint[0]), unorm(p.Color[1] * BillboardView.Tint[1]),
						unorm(p.Color[2] * BillboardView.Tint[2]), 255}
				}
			}
			i := 4 * (y*BillboardSize + x)
			if got := (color.RGBA{pix[i], pix[i+1], pix[i+2], pix[i+3]}); ok && got != want {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// runBillboards steps the particles with the compute pipeline, reads them back, and draws
// them with the render pipeline from the same storage buffer, stepped by the given modes.
func runBillboards(t *testing.T, g GPU, modes []wgsl.VertexStepMode) ([]byte, []byte, error) {
	t.Helper()
	sh := &ts.BillboardShader
	p := g.Profile().Package
	if !g.Profile().Has(host.SharedBindings) {
		_, err := g.Module(&sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Simulate()}})
		expectRefusal(t, g, err, host.SharedBindings)
		return nil, nil, errRefused
	}
	// view and sim are both @group(0) @binding(0): one layout cannot hold both.
	_, err := g.Module(&sh.Shader, nil)
	require.EqualError(t, err, p+": billboard.wgsl: view and sim are both @group(0) @binding(0), which one layout cannot hold: "+
		"give each set of the entry points that use them a layout of its own (LayoutOptions.EntryPoints or ModuleOptions.EntryPoints)")
	sim := module(t, g, &sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Simulate()}})
	draw := module(t, g, &sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}})
	step, err := sim.ComputePipeline(sh.Simulate())
	require.NoError(t, err)
	pipe, err := draw.RenderPipeline(RenderPipeline{Vertex: sh.Vs(), StepModes: modes, Fragment: sh.Fs()})
	require.NoError(t, err)
	// The particles are storage to the compute pipeline and per-instance vertices to the draw.
	ps := buffer(t, g, "particles", host.UsageStorage|host.UsageVertex|host.UsageCopySrc, wgsl.SliceBytes(Billboards))
	// Twice as many corners as drawn, so that a wrong step mode reads wrong data, not past the
	// buffer's end.
	corners := buffer(t, g, "corners", host.UsageVertex, append(wgsl.SliceBytes(UnitSquare), make([]byte, len(wgsl.SliceBytes(UnitSquare)))...))
	simGroup, err := ts.BillboardComputeGroup0(sim.Binder(), buffer(t, g, "sim", host.UsageUniform, BillboardSim.Bytes()), ps)
	require.NoError(t, err)
	viewBuf := buffer(t, g, "view", host.UsageUniform, BillboardView.Bytes())
	_, err = ts.BillboardComputeGroup0(draw.Binder(), viewBuf, ps)
	require.ErrorContains(t, err, "@group(0) @binding(0) sim is not a binding of billboard.wgsl: @group(0) @binding(0) is view here")
	drawGroup, err := ts.BillboardRenderGroup0(draw.Binder(), viewBuf)
	require.NoError(t, err)
	size, err := sim.Plan().WorkgroupSize(sh.Simulate())
	require.NoError(t, err)
	require.NoError(t, g.Dispatch(step, wgsl.WorkgroupCount(size, [3]uint32{uint32(len(Billboards)), 1, 1}), []Handle{simGroup}, nil))
	moved, err := g.ReadBuffer(ps, 0, uint64(len(wgsl.SliceBytes(Billboards))))
	require.NoError(t, err)
	pix, err := g.Render(BillboardSize, BillboardSize, [4]float64{}, Draw{Pipeline: pipe, BindGroups: []Handle{drawGroup},
		VertexBuffers: []Handle{corners, ps}, Vertices: uint32(len(UnitSquare)), Instances: uint32(len(Billboards))})
	return moved, pix, err
}

// errRefused says that runBillboards checked the binding's refusal instead.
var errRefused = errors.New("refused")

// SharedBindingNumber runs the WebGPU samples' particles pattern: a compute and a render
// entry point of one shader with different uniforms at @group(0) @binding(0), each module
// made for its own entry points, and the storage buffer the compute pipeline writes drawn as
// per-instance vertices, a structure with one Go type and one layout in both roles.
func SharedBindingNumber(t *testing.T, g GPU) {
	moved, pix, err := runBillboards(t, g, []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance})
	if err == errRefused {
		return
	}
	require.NoError(t, err)
	want := SimulateInGo(Billboards, BillboardSim)
	require.Equal(t, wgsl.SliceBytes(want), moved)
	writePNG(t, pix, BillboardSize, BillboardSize)
	diffs := billboardDiffs(pix, want)
	assert.Empty(t, diffs, "%d pixels differ", len(diffs))
	checkGolden(t, "billboard", pix)
}

// SharedBindingNumberWrongStepMode is the negative control: the particle buffer stepped per
// vertex instead of per instance reads past its 5 particles (an error) or, were the buffer
// longer, draws the wrong squares.
func SharedBindingNumberWrongStepMode(t *testing.T, g GPU) {
	_, pix, err := runBillboards(t, g, []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepVertex})
	if err == errRefused {
		return
	}
	expectCaught(t, pix, err, func(pix []byte) []string { return billboardDiffs(pix, SimulateInGo(Billboards, BillboardSim)) })
}

// PushSize is the side of the immediate-data draws' target.
const PushSize = 32

// Pushes are two draws of push.wgsl, each a square placed and colored by its immediate data.
var Pushes = []ts.Push{
	{Offset: wgsl.Vec2f{-0.75, -0.75}, Scale: 0.75, Color: wgsl.Vec4f{1, 0.5, 0, 1}},
	{Offset: wgsl.Vec2f{0.25, 0}, Scale: 0.5, Color: wgsl.Vec4f{0, 0.25, 1, 1}},
}

// pushDiffs compares the target with the draws of ps as Go computes them.
func pushDiffs(pix []byte, draws []ts.Push) []string {
	var diffs []string
	for y := range PushSize {
		for x := range PushSize {
			cx := (float64(x)+0.5)/PushSize*2 - 1
			cy := 1 - (float64(y)+0.5)/PushSize*2
			want, ok := color.RGBA{}, true
			for _, p := range draws {
				lx, ly := (cx-float64(p.Offset[0]))/float64(p.Scale), (cy-float64(p.Offset[1]))/float64(p.Scale)
				m := 2.0 / PushSize / float64(p.Scale)
				if math.Abs(lx) < m || math.Abs(lx-1) < m || math.Abs(ly) < m || math.Abs(ly-1) < m {
					ok = false
				}
				if lx > 0 && lx < 1 && ly > 0 && ly < 1 {
					want = color.RGBA{unorm(p.Color[0]), unorm(p.Color[1]), unorm(p.Color[2]), unorm(p.Color[3])}
				}
			}
			i := 4 * (y*PushSize + x)
			if got := (color.RGBA{pix[i], pix[i+1], pix[i+2], pix[i+3]}); ok && got != want {
				diffs = append(diffs, fmt.Sprintf("(%d, %d) is %v, want %v", x, y, got, want))
			}
		}
	}
	return diffs
}

// ImmediateData draws with var<immediate> data read in both stages: two draws with
// different data in one pass give two squares. A binding that cannot pass immediate data
// refuses the layout; one that cannot in compute passes refuses the compute pipeline.
func ImmediateData(t *testing.T, g GPU) {
	sh := &ts.PushShader
	p := g.Profile()
	opts := &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}}
	if !p.Has(host.ImmediateData) {
		_, err := g.Module(&sh.Shader, opts)
		expectRefusal(t, g, err, host.ImmediateData)
		return
	}
	all := module(t, g, &sh.Shader, nil)
	_, err := all.ComputePipeline(sh.Copy())
	if !p.Has(host.ComputeImmediateData) {
		expectRefusal(t, g, err, host.ComputeImmediateData)
	} else {
		require.NoError(t, err)
	}
	m := module(t, g, &sh.Shader, opts)
	pipe, err := m.RenderPipeline(RenderPipeline{Vertex: sh.Vs(), Fragment: sh.Fs()})
	require.NoError(t, err)
	var draws []Draw
	for _, push := range Pushes {
		draws = append(draws, Draw{Pipeline: pipe, Immediates: push.Bytes(), Layout: m.Layout(), Vertices: 6, Instances: 1})
	}
	pix, err := g.Render(PushSize, PushSize, [4]float64{}, draws...)
	require.NoError(t, err)
	writePNG(t, pix, PushSize, PushSize)
	diffs := pushDiffs(pix, Pushes)
	assert.Empty(t, diffs, "%d pixels differ", len(diffs))
	one, err := g.Render(PushSize, PushSize, [4]float64{}, draws[0])
	require.NoError(t, err)
	checkGolden(t, "push", one)
	_, err = g.Render(PushSize, PushSize, [4]float64{}, Draw{Pipeline: pipe, Immediates: make([]byte, 36), Layout: m.Layout(), Vertices: 6, Instances: 1})
	assert.EqualError(t, err, p.Package+": push.wgsl: 36 bytes of immediate data; the layout's push take 32")
}

// RenderTargetClear clears an offscreen target 70 × 3, whose rows the read-back pads.
func RenderTargetClear(t *testing.T, g GPU) {
	pix, err := g.Render(70, 3, [4]float64{1, 0.5, 0, 1})
	require.NoError(t, err)
	require.Len(t, pix, 70*3*4)
	for i := 0; i < len(pix); i += 4 {
		// 0.5 in unorm8 is 127.5: either neighbour is a correct rounding.
		c := pix[i : i+4]
		require.Truef(t, c[0] == 255 && (c[1] == 127 || c[1] == 128) && c[2] == 0 && c[3] == 255, "texel %d = %v", i/4, c)
	}
}
