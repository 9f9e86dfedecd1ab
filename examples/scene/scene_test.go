package scene

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Everything these tests give the Vulkan harness comes from the generated code: the Go
// structures' bytes, and from the tables the descriptor types, stages, minimum sizes, vertex
// strides, formats, offsets and locations, the entry points and the immediate data's stages.
// The tests choose only what a host chooses: the data, the step modes, the sampler's filters
// and comparison, the texture contents and the target.

// bindings returns the harness bindings of every binding of a table, with data and images
// from fill.
func bindings(t *testing.T, s *wgsl.Shader, fill func(b *wgsl.Binding, vb *vulkan.Binding)) []vulkan.Binding {
	t.Helper()
	var out []vulkan.Binding
	for _, g := range s.BindGroups {
		for i := range g.Entries {
			b := &g.Entries[i]
			vb, err := vulkan.BindingOf(b)
			require.NoError(t, err)
			fill(b, &vb)
			out = append(out, vb)
		}
	}
	return out
}

const targetSize = 8 // the draw's target is 8x8 pixels of rgba32float

// pixelCenter is the clip-space position of the center of pixel (x, y): the viewport has a
// positive height, so clip y = -1 is row 0.
func pixelCenter(x, y int) wgsl.Vec3f {
	step := float32(2) / targetSize
	return wgsl.Vec3f{-1 + (float32(x)+0.5)*step, -1 + (float32(y)+0.5)*step, 0}
}

// drawScene holds the inputs of the instanced draw and the pixels they make.
type drawScene struct {
	globals   Globals
	vertices  []Vertex
	instances []Instance
	pixels    [][2]int     // the pixel each instance covers
	palette   []wgsl.Vec4f // the palette texture, 4x1
}

func newDrawScene() *drawScene {
	s := &drawScene{
		globals: Globals{Scale: 1, Tint: wgsl.Vec3f{1, 2, 0.5}, Light: Light{Dir: wgsl.Vec3f{0, 0, 1}, Intensity: 2}},
		// One small triangle around the origin: it covers the center of the pixel it is
		// moved to and no other. Flat interpolation takes the shade of the first vertex.
		vertices: []Vertex{
			{Position: wgsl.Vec3f{-0.1, -0.1, 0}, Shade: wgsl.F16FromFloat32(0.75)},
			{Position: wgsl.Vec3f{0.12, -0.1, 0}, Shade: wgsl.F16FromFloat32(3)},
			{Position: wgsl.Vec3f{-0.1, 0.12, 0}, Shade: wgsl.F16FromFloat32(5)},
		},
		pixels:  [][2]int{{0, 0}, {7, 0}, {3, 4}, {6, 7}, {1, 6}},
		palette: []wgsl.Vec4f{{0.125, 0, 0, 0.5}, {0, 0.25, 0, 0.25}, {0, 0, 0.5, 0}, {1, 1, 1, 1}},
	}
	colors := []wgsl.Vec3f{{0.5, 0.25, 1}, {1, 1, 1}, {0.25, 0.5, 0.75}, {2, 0.125, 0.5}, {0, 1, 0}}
	for i, p := range s.pixels {
		var c wgsl.Vec3h
		for k := range c {
			c[k] = wgsl.F16FromFloat32(colors[i][k])
		}
		s.instances = append(s.instances, Instance{Offset: pixelCenter(p[0], p[1]), Color: c, Palette: uint32(i % 4)})
	}
	return s
}

// want returns the pixels the draw makes, computed in Go as the shaders do.
func (s *drawScene) want() []float32 {
	out := make([]float32, targetSize*targetSize*4)
	for i, inst := range s.instances {
		x, y := s.pixels[i][0], s.pixels[i][1]
		shade := s.vertices[0].Shade.Float32()
		for k := range 3 {
			c := inst.Color[k].Float32() * shade * s.globals.Tint[k] * s.globals.Light.Intensity
			out[(y*targetSize+x)*4+k] = c + s.palette[inst.Palette][k]
		}
		out[(y*targetSize+x)*4+3] = 1 + s.palette[inst.Palette][3]
	}
	return out
}

// mismatches lists the pixels that differ from the expected ones.
func mismatches(got, want []float32) []string {
	if len(got) != len(want) {
		return []string{fmt.Sprintf("%d floats, want %d", len(got), len(want))}
	}
	var out []string
	for i := 0; i < len(want); i += 4 {
		if fmt.Sprint(got[i:i+4]) != fmt.Sprint(want[i:i+4]) {
			out = append(out, fmt.Sprintf("pixel (%d, %d): %v, want %v", i/4%targetSize, i/4/targetSize, got[i:i+4], want[i:i+4]))
		}
	}
	return out
}

// draw draws the scene with the vertex buffer layouts given.
func (s *drawScene) draw(t *testing.T, dev *vulkan.Device, vertexLayout, instanceLayout wgsl.VertexBufferLayout) ([]float32, error) {
	t.Helper()
	sh := &DrawShader
	var vertexData, instanceData []byte
	for i := range s.vertices {
		vertexData = append(vertexData, s.vertices[i].Bytes()...)
	}
	for i := range s.instances {
		instanceData = append(instanceData, s.instances[i].Bytes()...)
	}
	var texels []byte
	for i := range s.palette {
		texels = append(texels, wgsl.Bytes(&s.palette[i])...)
	}
	vb, err := vulkan.VertexBufferOf(vertexLayout, vertexData)
	require.NoError(t, err)
	ib, err := vulkan.VertexBufferOf(instanceLayout, instanceData)
	require.NoError(t, err)
	binds := bindings(t, &sh.Shader, func(b *wgsl.Binding, vb *vulkan.Binding) {
		switch b.Ref() {
		case sh.Globals().Ref():
			vb.Data = s.globals.Bytes()
		case sh.Palette().Ref():
			vb.Image = &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 4, Height: 1}
			vb.Data = texels
		}
	})
	res, err := dev.Dispatch(vulkan.Run{SPIRV: sh.Words(), Bindings: binds, Draw: &vulkan.Draw{
		Vertex: sh.Vs().Name, Fragment: sh.Fs().Name,
		VertexBuffers: []vulkan.VertexBuffer{vb, ib},
		Vertices:      uint32(len(s.vertices)), Instances: uint32(len(s.instances)),
		Target: vulkan.Target{Format: vulkan.RGBA32Float, Width: targetSize, Height: targetSize},
	}})
	if err != nil {
		return nil, err
	}
	var px []float32
	for i := 0; i+4 <= len(res.Target); i += 4 {
		px = append(px, math.Float32frombits(uint32(res.Target[i])|uint32(res.Target[i+1])<<8|uint32(res.Target[i+2])<<16|uint32(res.Target[i+3])<<24))
	}
	return px, nil
}

// TestInstancedDraw draws five instances of a triangle from a per-vertex buffer (vec3<f32>
// and f16 attributes) and a per-instance buffer (vec3<f32>, vec3<f16> and u32 attributes),
// with a uniform buffer at the vertex stage and a texture and sampler at the fragment stage,
// on lavapipe, and compares every pixel with the value computed in Go.
func TestInstancedDraw(t *testing.T) {
	dev := vulkan.Require(t)
	spirvval.Check(t, DrawShader.Words(), "vulkan1.1")
	vs := DrawShader.Vs()
	require.Len(t, vs.VertexBuffers, 2)
	s := newDrawScene()
	got, err := s.draw(t, dev, vs.VertexBuffers[0].PerVertex(), vs.VertexBuffers[1].PerInstance())
	require.NoError(t, err)
	assert.Empty(t, mismatches(got, s.want()))
	assert.Equal(t, wgsl.Vertex, DrawShader.Globals().Visibility)
	assert.Equal(t, wgsl.Fragment, DrawShader.Palette().Visibility)
	assert.Equal(t, wgsl.SampleFloat, DrawShader.Palette().Texture.SampleType)
	assert.Equal(t, wgsl.SamplerFiltering, DrawShader.PaletteSampler().Sampler.Type)
}

// TestInstancedDrawFailsWithWrongLayouts shows that the draw test can fail: the instance
// buffer stepped per vertex, a stride 4 bytes long and an attribute 4 bytes off each give
// other pixels (or a refused draw).
func TestInstancedDrawFailsWithWrongLayouts(t *testing.T) {
	dev := vulkan.Require(t)
	vs := DrawShader.Vs()
	s := newDrawScene()
	short := vs.VertexBuffers[1].PerInstance()
	short.ArrayStride += 4
	shifted := vs.VertexBuffers[0].PerVertex()
	shifted.Attributes = append([]wgsl.VertexAttribute(nil), shifted.Attributes...)
	shifted.Attributes[1].Offset -= 4
	for name, layouts := range map[string][2]wgsl.VertexBufferLayout{
		"instances stepped per vertex": {vs.VertexBuffers[0].PerVertex(), vs.VertexBuffers[1].PerVertex()},
		"instance stride 4 long":       {vs.VertexBuffers[0].PerVertex(), short},
		"shade 4 bytes early":          {shifted, vs.VertexBuffers[1].PerInstance()},
	} {
		got, err := s.draw(t, dev, layouts[0], layouts[1])
		if err != nil {
			t.Logf("%s: the draw is refused: %v", name, err)
			continue
		}
		wrong := mismatches(got, s.want())
		assert.NotEmpty(t, wrong, name)
		t.Logf("%s: %d wrong pixels", name, len(wrong))
	}
}

// shadeScene holds the inputs of the compute shader and what it computes.
type shadeScene struct {
	params Params
	probes []Probe
	depth  []float32 // the shadow map, 2x2
	push   Push
}

func newShadeScene() *shadeScene {
	s := &shadeScene{
		params: Params{Lights: [2]Light{{Dir: wgsl.Vec3f{1, 0, 0}, Intensity: 3}, {Dir: wgsl.Vec3f{0, 1, 0}, Intensity: 0.5}}},
		depth:  []float32{0.25, 0.5, 0.75, 1},
		push:   Push{Bias: 0.125, Scale: 2},
	}
	for i := range 7 {
		x, y := i%2, i/2%2
		s.probes = append(s.probes, Probe{Uv: wgsl.Vec2f{(float32(x) + 0.5) / 2, (float32(y) + 0.5) / 2},
			Depth: float32(i) * 0.1, Light: uint32(i % 2)})
	}
	s.params.Count = uint32(len(s.probes))
	return s
}

// want returns the results the shader computes with the override gain, in Go: the sampler
// compares with "less", reference against texel.
func (s *shadeScene) want(gain float32) []Result {
	var out []Result
	for i, p := range s.probes {
		x, y := int(p.Uv[0]*2), int(p.Uv[1]*2)
		visible := float32(0)
		if p.Depth+s.push.Bias < s.depth[y*2+x] {
			visible = 1
		}
		out = append(out, Result{Lit: visible * s.params.Lights[p.Light].Intensity * s.push.Scale * gain, Id: uint32(i) + 100})
	}
	return out
}

// run dispatches words (shade.wgsl's SPIR-V, or that of a WGSL text made from it) with
// params encoded by encodeParams and the immediate data push, and returns the results.
func (s *shadeScene) run(t *testing.T, dev *vulkan.Device, words []uint32, spec wgsl.Specialization, encodeParams func(*Params) []byte, push []byte) ([]Result, error) {
	t.Helper()
	sh := &ShadeShader
	var probes []byte
	for i := range s.probes {
		probes = append(probes, s.probes[i].Bytes()...)
	}
	var depth []byte
	for i := range s.depth {
		depth = append(depth, wgsl.Bytes(&s.depth[i])...)
	}
	binds := bindings(t, &sh.Shader, func(b *wgsl.Binding, vb *vulkan.Binding) {
		switch b.Ref() {
		case sh.Params().Ref():
			vb.Data = encodeParams(&s.params)
		case sh.Probes().Ref():
			vb.Data = probes
		case sh.Results().Ref():
			vb.Data = make([]byte, len(s.probes)*int(b.Buffer.MinBindingSize))
		case sh.ShadowMap().Ref():
			vb.Image = &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.Depth32Float, Width: 2, Height: 2}
			vb.Data = depth
		case sh.ShadowSampler().Ref():
			vb.Sampler = &vulkan.SamplerDesc{Compare: vulkan.CompareLess}
		}
	})
	e := sh.Shade()
	im := sh.Immediate(e.Immediate)
	require.NotNil(t, im)
	stages, _, size := im.VkPushConstantRange()
	require.Equal(t, int(size), len(push))
	workgroupSize, err := sh.WorkgroupSize(e, nil) // no override sets shade's workgroup size
	if err != nil {
		return nil, err
	}
	groups := wgsl.WorkgroupCount(workgroupSize, [3]uint32{uint32(len(s.probes)), 1, 1})
	specMap := map[uint32][]byte{}
	for _, entry := range spec.Entries {
		specMap[entry.ID] = spec.Data[entry.Offset : entry.Offset+entry.Size]
	}
	run := vulkan.Run{SPIRV: words, Entry: e.Name, Spec: specMap, Groups: groups,
		Bindings: binds, Immediate: push, ImmediateStages: stages}
	res, err := dev.Dispatch(run)
	if err != nil {
		return nil, err
	}
	if slices.Equal(words, sh.Words()) {
		// The interpreter runs the table's WGSL as the SPIR-V does.
		interpcheck.Compare(t, interpcheck.FromShader(t, &sh.Shader), run, res)
	}
	var out []Result
	b := res.Bytes(sh.Results().Group, sh.Results().Binding)
	for i := 0; i+8 <= len(b); i += 8 {
		var r Result
		r.Decode(b[i:])
		out = append(out, r)
	}
	return out, nil
}

func encodeParams(p *Params) []byte { return p.Bytes() }

// TestComputeTwoGroupsShadowImmediates dispatches shade.wgsl on lavapipe: a uniform buffer
// with an array of structures, a storage buffer of structures in, one out, in group 0; a depth
// texture and a comparison sampler in group 1; immediate data. The results equal the values
// computed in Go.
func TestComputeTwoGroupsShadowImmediates(t *testing.T) {
	dev := vulkan.Require(t)
	spirvval.Check(t, ShadeShader.Words(), "vulkan1.1")
	s := newShadeScene()
	got, err := s.run(t, dev, ShadeShader.Words(), wgsl.Specialization{}, encodeParams, s.push.Bytes())
	require.NoError(t, err)
	assert.Equal(t, s.want(1), got)
	assert.Equal(t, wgsl.SampleDepth, ShadeShader.ShadowMap().Texture.SampleType)
	assert.Equal(t, wgsl.SamplerComparison, ShadeShader.ShadowSampler().Sampler.Type)
	assert.Equal(t, uint32(1), ShadeShader.ShadowMap().Group)
}

// TestComputeFailsWithWrongInputs shows that the compute test can fail: a hand-packed Params
// (lights 12 bytes apart, as a host that forgets the vec3's alignment would write them) and
// missing immediate data each give other results.
func TestComputeFailsWithWrongInputs(t *testing.T) {
	dev := vulkan.Require(t)
	s := newShadeScene()
	packed := func(p *Params) []byte {
		b := make([]byte, len(p.Bytes()))
		for i, l := range p.Lights {
			copy(b[i*12:], wgsl.Bytes(&l.Dir)) // the intensity overwritten by the next light
			copy(b[i*12+12:], wgsl.Bytes(&l.Intensity))
		}
		copy(b[32:], wgsl.Bytes(&p.Count))
		return b
	}
	got, err := s.run(t, dev, ShadeShader.Words(), wgsl.Specialization{}, packed, s.push.Bytes())
	require.NoError(t, err)
	assert.NotEqual(t, s.want(1), got, "hand-packed lights")
	got, err = s.run(t, dev, ShadeShader.Words(), wgsl.Specialization{}, encodeParams, make([]byte, len(s.push.Bytes())))
	require.NoError(t, err)
	assert.NotEqual(t, s.want(1), got, "no immediate data")
}

// TestOverrideSubstitution sets the override gain three ways and gets the same results: as
// Vulkan specialization data of the SPIR-V, and in the WGSL text with the value substituted,
// compiled by this project's compiler (and accepted by tint), as a WebGPU host without
// pipeline constants would do it.
func TestOverrideSubstitution(t *testing.T) {
	dev := vulkan.Require(t)
	s := newShadeScene()
	var o ShadeOverrides
	o.SetGain(2.5)
	spec, err := o.Specialization()
	require.NoError(t, err)
	got, err := s.run(t, dev, ShadeShader.Words(), spec, encodeParams, s.push.Bytes())
	require.NoError(t, err)
	assert.Equal(t, s.want(2.5), got, "specialization")

	text, err := o.WGSL()
	require.NoError(t, err)
	assert.Contains(t, text, "const gain: f32 = 2.5f;")
	assert.NotContains(t, text, "override gain")
	res, err := compiler.Compile(compiler.Source{Name: "shade.wgsl", Text: []byte(text)}, compiler.Options{})
	require.NoError(t, err, "the substituted WGSL:\n%s", text)
	require.Empty(t, res.Reflection.Overrides)
	spirvval.Check(t, res.SPIRV, "vulkan1.1")
	tintAccepts(t, text)
	got, err = s.run(t, dev, res.SPIRV, wgsl.Specialization{}, encodeParams, s.push.Bytes())
	require.NoError(t, err)
	assert.Equal(t, s.want(2.5), got, "substituted WGSL")

	constants, err := o.PipelineConstants()
	require.NoError(t, err)
	assert.Equal(t, map[string]float64{"gain": 2.5}, constants)
}

// TestPushConstantSpelling: the WGSL for a WebGPU implementation that knows immediate data
// only as push constants (naga in cogentcore/webgpu v0.23.0) spells the address space
// push_constant and does not require the language feature; spelled back, it is the same
// shader and computes the same results.
func TestPushConstantSpelling(t *testing.T) {
	dev := vulkan.Require(t)
	s := newShadeScene()
	text, err := ShadeShader.WGSLWithPushConstants(map[string]float64{"gain": 2.5})
	require.NoError(t, err)
	assert.Contains(t, text, "var<push_constant> push: Push;")
	assert.NotContains(t, text, "immediate_address_space")
	assert.NotContains(t, text, "var<immediate>")
	back := "requires immediate_address_space;\n" + strings.ReplaceAll(text, "var<push_constant>", "var<immediate>")
	res, err := compiler.Compile(compiler.Source{Name: "shade.wgsl", Text: []byte(back)}, compiler.Options{})
	require.NoError(t, err, "the respelled WGSL:\n%s", text)
	got, err := s.run(t, dev, res.SPIRV, wgsl.Specialization{}, encodeParams, s.push.Bytes())
	require.NoError(t, err)
	assert.Equal(t, s.want(2.5), got)
}

// tintAccepts runs tint over WGSL when it is installed (always under CI=true).
func tintAccepts(t *testing.T, text string) {
	t.Helper()
	tint, err := exec.LookPath("tint")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tint is not on PATH")
		}
		t.Log("tint is not on PATH: the substituted WGSL is checked by this project's compiler only")
		return
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.wgsl")
	require.NoError(t, os.WriteFile(in, []byte(text), 0o644))
	out, err := exec.Command(tint, "-o", filepath.Join(dir, "out.wgsl"), in).CombinedOutput()
	require.NoError(t, err, "tint rejects the WGSL:\n%s\n%s", out, text)
}
