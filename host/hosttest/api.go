package hosttest

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// The API scenarios check what every adapter does around its binding's calls: buffers in
// whole words, read-back, and the errors of modules and bind groups, in the core's words.

// BufferUploadAndReadBack writes and reads buffers whose sizes are not whole words.
func BufferUploadAndReadBack(t *testing.T, g GPU) {
	data := []byte{1, 2, 3, 4, 5, 6, 7} // not a multiple of COPY_BUFFER_ALIGNMENT
	buf := buffer(t, g, "seven", host.UsageStorage|host.UsageCopySrc|host.UsageCopyDst, data)
	got, err := g.ReadBuffer(buf, 0, 7)
	require.NoError(t, err)
	assert.Equal(t, data, got)
	got, err = g.ReadBuffer(buf, 4, 4)
	require.NoError(t, err)
	assert.Equal(t, []byte{5, 6, 7, 0}, got, "the padding byte is zero")
	// A write of 3 bytes is padded to 4 with a zero.
	require.NoError(t, g.WriteBuffer(buf, 4, []byte{0xA, 0xB, 0xC}))
	got, err = g.ReadBuffer(buf, 0, 8)
	require.NoError(t, err)
	assert.Equal(t, []byte{1, 2, 3, 4, 0xA, 0xB, 0xC, 0}, got)
	words := []uint32{0xdeadbeef, 7, 0x80000000, 42, 0}
	buf = buffer(t, g, "words", host.UsageStorage|host.UsageCopySrc, wgsl.SliceBytes(words))
	u, err := g.ReadUint32s(buf, 4, 3)
	require.NoError(t, err)
	assert.Equal(t, words[1:4], u)
}

// BufferErrors checks the read-back's and writes' refusals.
func BufferErrors(t *testing.T, g GPU) {
	p := g.Profile().Package
	noCopy := buffer(t, g, "no copy-src", host.UsageStorage|host.UsageCopyDst, make([]byte, 16))
	_, err := g.ReadBuffer(noCopy, 0, 16)
	assert.EqualError(t, err, p+": ReadBuffer: the buffer lacks wgpu.BufferUsageCopySrc")
	src := buffer(t, g, "src", host.UsageCopySrc|host.UsageCopyDst, make([]byte, 16))
	_, err = g.ReadBuffer(src, 2, 4)
	assert.EqualError(t, err, p+": ReadBuffer at offset 2: WebGPU copies buffers from multiples of 4")
	_, err = g.ReadBuffer(src, 12, 5)
	assert.EqualError(t, err, p+": ReadBuffer of 5 bytes (a copy of 8) at offset 12 from a 16-byte buffer")
	assert.EqualError(t, g.WriteBuffer(src, 6, []byte{1}), p+": WriteBuffer at offset 6: WebGPU writes buffers at multiples of 4")
	assert.EqualError(t, g.WriteBuffer(src, 12, []byte{1, 2, 3, 4, 5}), p+": WriteBuffer of 5 bytes (padded to 8) at offset 12 overruns the 16-byte buffer")
	_, err = g.ReadUint32s(src, 0, 0)
	assert.EqualError(t, err, "ReadArray: 0 elements; want at least 1")
}

// ImageRoundTrip writes an image 13 texels wide, whose 52-byte rows the copy to a buffer pads
// to 256 bytes, and reads it back: exactly that padding is dropped.
func ImageRoundTrip(t *testing.T, g GPU) {
	img := image.NewRGBA(image.Rect(0, 0, 13, 5))
	for y := range 5 {
		for x := range 13 {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 19), uint8(y * 51), uint8(x ^ y), 255 - uint8(x+y)})
		}
	}
	tex, _ := imageTexture(t, g, img, host.TextureCopySrc)
	got, err := g.ReadTexture(tex)
	require.NoError(t, err)
	assert.Equal(t, img.Pix, got)
}

// ReadTextureErrors checks the read-back's refusals.
func ReadTextureErrors(t *testing.T, g GPU) {
	p := g.Profile().Package
	tex, _ := imageTexture(t, g, image.NewRGBA(image.Rect(0, 0, 4, 4)), host.TextureBinding)
	_, err := g.ReadTexture(tex)
	assert.EqualError(t, err, p+": ReadTexture: the texture lacks wgpu.TextureUsageCopySrc")
	depth, _, err := g.Texture(Texture{Format: "depth32float", Width: 4, Height: 4, Usage: host.TextureRenderAttachment | host.TextureCopySrc})
	require.NoError(t, err)
	_, err = g.ReadTexture(depth)
	assert.EqualError(t, err, p+`: ReadTexture: format "depth32float" is not an uncompressed color format`)
}

// ModuleErrors checks the errors of modules and pipelines as each adapter passes them on.
func ModuleErrors(t *testing.T, g GPU) {
	p := g.Profile().Package
	sh := &particles.ParticlesShader
	_, err := g.Module(&sh.Shader, &host.ModuleOptions{Overrides: map[string]float64{"workgroup_width": -1}})
	assert.ErrorContains(t, err, p+": particles.wgsl: wgsl: override workgroup_width: -1 is out of the range of u32")
	_, err = g.Module(&sh.Shader, &host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{ts.DrawShader.Vs()}})
	assert.EqualError(t, err, p+": particles.wgsl: no vertex entry point vs")

	m := module(t, g, &ts.DrawShader.Shader, nil)
	_, err = m.ComputePipeline(ts.DrawShader.Vs())
	assert.EqualError(t, err, p+": draw.wgsl: entry point vs is a vertex entry point, not compute")
	_, err = m.ComputePipeline(ts.SentinelShader.Update())
	assert.EqualError(t, err, p+": draw.wgsl has no entry point update")
	_, err = m.RenderPipeline(RenderPipeline{Vertex: ts.DrawShader.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex}, Fragment: ts.DrawShader.Fs()})
	assert.EqualError(t, err, p+": draw.wgsl: entry point vs has 2 vertex buffers (Vertex, Instance), given 1 step modes")
	_, err = m.BindGroup(0, Resource{Binding: ts.DrawShader.AlbedoSampler()})
	assert.ErrorContains(t, err, "@group(1) @binding(1) albedo_sampler: it belongs to @group(1), not @group(0)")
	m.Release()
	_, err = m.ComputePipeline(ts.DrawShader.Vs())
	assert.ErrorContains(t, err, "vertex entry point, not compute")
	_, err = m.RenderPipeline(RenderPipeline{Vertex: ts.DrawShader.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance}})
	assert.EqualError(t, err, p+": draw.wgsl: the module is released")
	_, err = m.BindGroup(0)
	assert.EqualError(t, err, p+": draw.wgsl: the module is released")
}

// BindGroupErrors checks that the adapter makes the core's checks of a bind group with its
// binding's objects: sizes and usages it reads from them, and where it can tell them the
// formats of views; and that what Go cannot see, the binding refuses.
func BindGroupErrors(t *testing.T, g GPU) {
	sh := &ts.SampleShader
	m := module(t, g, &sh.Shader, nil)
	small := buffer(t, g, "small", host.UsageStorage, make([]byte, 8))
	big := buffer(t, g, "big", host.UsageStorage, make([]byte, 64))
	uniformOnly := buffer(t, g, "uniform", host.UsageUniform, make([]byte, 64))
	sampler, err := g.Sampler(Sampler{})
	require.NoError(t, err)
	_, err = m.BindGroup(0, Resource{Binding: sh.Image(), Sampler: sampler}, Resource{Binding: sh.Coords(), Buffer: big},
		Resource{Binding: sh.Texels(), Buffer: small})
	for _, want := range []string{
		g.Profile().Package + ": sample.wgsl @group(0): @group(0) @binding(0) image: a texture_2d<f32> binding needs a texture view (Texture)",
		"@group(0) @binding(3) texels: 8 bytes bound; the binding's minimum is 16 (array<vec4<f32>>)",
		"@group(0) @binding(1) image_sampler: no resource given",
	} {
		assert.ErrorContains(t, err, want)
	}
	_, err = m.BindGroup(0, Resource{Binding: sh.Texels(), Buffer: big, Offset: 48, Size: 32})
	assert.ErrorContains(t, err, "32 bytes from offset 48 overrun the 64-byte buffer")
	_, err = m.BindGroup(0, Resource{Binding: sh.Texels(), Buffer: uniformOnly})
	assert.ErrorContains(t, err, "the buffer lacks wgpu.BufferUsageStorage, which a storage binding needs")
	_, view := imageTexture(t, g, image.NewRGBA(image.Rect(0, 0, 1, 1)), host.TextureBinding)
	// One buffer writable and read-only in one bind group, in ranges that do not even touch:
	// WebGPU's usage scope takes the buffer whole.
	_, err = m.BindGroup(0, Resource{Binding: sh.Image(), View: view}, Resource{Binding: sh.ImageSampler(), Sampler: sampler},
		Resource{Binding: sh.Coords(), Buffer: big, Size: 16}, Resource{Binding: sh.Texels(), Buffer: big, Offset: 48, Size: 16})
	assert.ErrorContains(t, err, "@group(0) @binding(2) coords and @binding(3) texels bind one buffer, writable in one and read-only in the other")

	// Through the generated function: what its types cannot rule out is checked the same.
	_, err = ts.SampleGroup0(m.Binder(), nil, sampler, big, small)
	assert.ErrorContains(t, err, "@group(0) @binding(0) image: a texture_2d<f32> binding needs a texture view (Texture)")
	assert.ErrorContains(t, err, "@group(0) @binding(3) texels: 8 bytes bound; the binding's minimum is 16 (array<vec4<f32>>)")
	_, err = ts.DrawGroup0(m.Binder(), big)
	assert.EqualError(t, err, g.Profile().Package+": draw.wgsl is not a shader of layout sample.wgsl: make its bind groups with the Binder of its own module or layout")
	_, err = ts.SampleGroup0(m.Binder(host.BufferRange{Binding: sh.Texels(), Offset: 48, Size: 32}), view, sampler, big, big)
	assert.ErrorContains(t, err, "@group(0) @binding(3) texels: 32 bytes from offset 48 overrun the 64-byte buffer")

	// A view of an integer texture where the layout wants a filterable float one: the adapter
	// or the binding refuses it.
	_, uintView, err := g.Texture(Texture{Format: "r32uint", Width: 1, Height: 1, Usage: host.TextureBinding})
	require.NoError(t, err)
	_, err = m.BindGroup(0, Resource{Binding: sh.Image(), View: uintView}, Resource{Binding: sh.ImageSampler(), Sampler: sampler},
		Resource{Binding: sh.Coords(), Buffer: big}, Resource{Binding: sh.Texels(), Buffer: buffer(t, g, "texels", host.UsageStorage, make([]byte, 64))})
	require.Error(t, err)
	t.Logf("the integer view: %v", err)
}

// expectRefusal checks that err is the core's refusal of feature f on g's binding.
func expectRefusal(t *testing.T, g GPU, err error, f host.Feature) {
	t.Helper()
	p := g.Profile()
	require.Error(t, err, "%s lacks %s", p.Binding, f)
	assert.ErrorContains(t, err, p.Package+": ")
	assert.ErrorContains(t, err, string(f)+": "+p.Binding+" "+p.Lacks[f])
	t.Logf("refused: %v", err)
}

// module makes a module of g and releases it when the test ends.
func module(t *testing.T, g GPU, s *wgsl.Shader, opts *host.ModuleOptions) Module {
	t.Helper()
	m, err := g.Module(s, opts)
	require.NoError(t, err)
	t.Cleanup(m.Release)
	return m
}

// buffer makes a buffer of g holding data.
func buffer(t *testing.T, g GPU, label string, usage host.BufferUsage, data []byte) Handle {
	t.Helper()
	b, err := g.Buffer(label, usage, data)
	require.NoError(t, err)
	return b
}

// imageTexture makes an rgba8unorm texture of g holding img, and its view.
func imageTexture(t *testing.T, g GPU, img *image.RGBA, usage host.TextureUsage) (tex, view Handle) {
	t.Helper()
	pix, bytesPerRow, w, h := host.ImageTexels(img)
	tex, view, err := g.Texture(Texture{Format: "rgba8unorm", Width: w, Height: h, Usage: usage | host.TextureCopyDst, Texels: pix, BytesPerRow: bytesPerRow})
	require.NoError(t, err)
	return tex, view
}
