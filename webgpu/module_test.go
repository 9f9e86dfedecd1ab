package webgpu_test

import (
	"image"
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/webgpu"
	"github.com/wgslgo/wgslgo/webgpu/internal/gputest"
)

// The texel formats of WGSL's storage textures (the spec's "Texel Formats" table, with the
// 8- and 16-bit ones of texture_formats_tier1): each must have a wgpu format of the same
// name.
var texelFormats = []wgsl.TextureFormat{
	"rgba8unorm", "rgba8snorm", "rgba8uint", "rgba8sint", "rgba16uint", "rgba16sint", "rgba16float",
	"r32uint", "r32sint", "r32float", "rg32uint", "rg32sint", "rg32float", "rgba32uint", "rgba32sint",
	"rgba32float", "bgra8unorm", "r8unorm", "r8snorm", "r8uint", "r8sint", "rg8unorm", "rg8snorm",
	"rg8uint", "rg8sint", "r16uint", "r16sint", "r16float", "rg16uint", "rg16sint", "rg16float",
	"rgb10a2uint", "rgb10a2unorm", "rg11b10ufloat", "r16unorm", "r16snorm", "rg16unorm", "rg16snorm",
	"rgba16unorm", "rgba16snorm",
}

func TestFormats(t *testing.T) {
	for _, f := range texelFormats {
		got, err := webgpu.TextureFormat(f)
		if assert.NoError(t, err, f) && got != wgpu.TextureFormatUndefined {
			name := got.String()
			if name == "" {
				name = wgpu.NativeTextureFormat(got).String()
			}
			assert.Equal(t, string(f), name)
		}
	}
	_, err := webgpu.TextureFormat("rgba9unorm")
	assert.ErrorContains(t, err, `"rgba9unorm"`)

	for _, f := range []wgsl.VertexFormat{
		wgsl.Float32, wgsl.Float32x2, wgsl.Float32x3, wgsl.Float32x4, wgsl.Sint32, wgsl.Sint32x2,
		wgsl.Sint32x3, wgsl.Sint32x4, wgsl.Uint32, wgsl.Uint32x2, wgsl.Uint32x3, wgsl.Uint32x4,
		wgsl.Float16x2, wgsl.Float16x4,
	} {
		got, err := webgpu.VertexFormat(f)
		if assert.NoError(t, err, f) {
			assert.Equal(t, string(f), got.String())
		}
	}
	_, err = webgpu.VertexFormat("float64")
	assert.Error(t, err)
	assert.Equal(t, wgpu.ShaderStageVertex|wgpu.ShaderStageCompute, webgpu.ShaderStage(wgsl.Vertex|wgsl.Compute))
}

func TestBindGroupLayoutEntries(t *testing.T) {
	draw := &ts.DrawShader
	e, err := webgpu.BindGroupLayoutEntry(draw.Globals(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.BindGroupLayoutEntry{Binding: 0, Visibility: wgpu.ShaderStageVertex | wgpu.ShaderStageFragment,
		Buffer: wgpu.BufferBindingLayout{Type: wgpu.BufferBindingTypeUniform, MinBindingSize: 32}}, e)
	e, err = webgpu.BindGroupLayoutEntry(draw.Globals(), true)
	require.NoError(t, err)
	assert.True(t, e.Buffer.HasDynamicOffset)
	e, err = webgpu.BindGroupLayoutEntry(draw.Albedo(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.BindGroupLayoutEntry{Binding: 0, Visibility: wgpu.ShaderStageFragment,
		Texture: wgpu.TextureBindingLayout{SampleType: wgpu.TextureSampleTypeFloat, ViewDimension: wgpu.TextureViewDimension2D}}, e)
	e, err = webgpu.BindGroupLayoutEntry(draw.AlbedoSampler(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.SamplerBindingTypeFiltering, e.Sampler.Type)
	_, err = webgpu.BindGroupLayoutEntry(draw.AlbedoSampler(), true)
	assert.ErrorContains(t, err, "only buffers take dynamic offsets")

	sample := &ts.SampleShader
	e, err = webgpu.BindGroupLayoutEntry(sample.Coords(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.BufferBindingTypeReadOnlyStorage, e.Buffer.Type)
	e, err = webgpu.BindGroupLayoutEntry(sample.Texels(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.BufferBindingTypeStorage, e.Buffer.Type)
	assert.Equal(t, uint64(16), e.Buffer.MinBindingSize)

	storage := &wgsl.Binding{Group: 0, Binding: 3, Name: "out", Type: "texture_storage_2d<r16unorm, write>", Visibility: wgsl.Compute,
		StorageTexture: &wgsl.StorageTextureBindingLayout{Access: wgsl.AccessWriteOnly, Format: "r16unorm", ViewDimension: wgsl.View2D}}
	e, err = webgpu.BindGroupLayoutEntry(storage, false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.StorageTextureBindingLayout{Access: wgpu.StorageTextureAccessWriteOnly,
		Format: wgpu.TextureFormat(wgpu.NativeTextureFormatR16Unorm), ViewDimension: wgpu.TextureViewDimension2D}, e.StorageTexture)

	external := &wgsl.Binding{Group: 0, Binding: 0, Name: "video", Type: "texture_external",
		ExternalTexture: &wgsl.ExternalTextureBindingLayout{Plane1: wgsl.BindingRef{Binding: 1}, Params: wgsl.BindingRef{Binding: 2}}}
	_, err = webgpu.BindGroupLayoutEntry(external, false)
	assert.ErrorContains(t, err, "webgpu: @group(0) @binding(0) video: texture_external: cogentcore/webgpu v0.23.0 has no external textures; declare a texture_2d<f32>")
	part := &wgsl.Binding{Group: 0, Binding: 1, Name: "video_plane1", Type: "texture_2d<f32>", ExternalPart: &wgsl.BindingRef{},
		Texture: &wgsl.TextureBindingLayout{SampleType: wgsl.SampleFloat, ViewDimension: wgsl.View2D}}
	_, err = webgpu.BindGroupLayoutEntry(part, false)
	assert.ErrorContains(t, err, "the compiler adds it for the texture_external @group(0) @binding(0)")
}

func TestVertexBufferLayouts(t *testing.T) {
	vs := ts.DrawShader.Vs()
	got, err := webgpu.VertexBufferLayouts(vs, wgsl.StepVertex, wgsl.StepInstance)
	require.NoError(t, err)
	assert.Equal(t, []wgpu.VertexBufferLayout{
		{ArrayStride: 20, StepMode: wgpu.VertexStepModeVertex, Attributes: []wgpu.VertexAttribute{
			{Format: wgpu.VertexFormatFloat32x3, Offset: 0, ShaderLocation: 0},
			{Format: wgpu.VertexFormatFloat32x2, Offset: 12, ShaderLocation: 1},
		}},
		{ArrayStride: 24, StepMode: wgpu.VertexStepModeInstance, Attributes: []wgpu.VertexAttribute{
			{Format: wgpu.VertexFormatFloat32x2, Offset: 0, ShaderLocation: 2},
			{Format: wgpu.VertexFormatFloat32x3, Offset: 8, ShaderLocation: 3},
			{Format: wgpu.VertexFormatFloat32, Offset: 20, ShaderLocation: 4},
		}},
	}, got)
	_, err = webgpu.VertexBufferLayouts(vs, wgsl.StepVertex)
	assert.ErrorContains(t, err, "entry point vs has 2 vertex buffers (Vertex, Instance), given 1 step modes")
	_, err = webgpu.VertexBufferLayouts(vs, wgsl.StepVertex, "")
	assert.ErrorContains(t, err, "slot 1: vertex buffer Instance: no step mode: choose one with PerVertex or PerInstance")
	one, err := webgpu.VertexBufferLayout(ts.InstanceLayout.PerInstance())
	require.NoError(t, err)
	assert.Equal(t, got[1], one)
}

func TestPipelineConstants(t *testing.T) {
	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(96)
	got, err := webgpu.PipelineConstants(&particles.ParticlesShader.Shader, o.Values())
	require.NoError(t, err)
	assert.Equal(t, []wgpu.ConstantEntry{{Key: "workgroup_width", Value: 96}}, got)
	got, err = webgpu.PipelineConstants(&particles.ParticlesShader.Shader, nil)
	require.NoError(t, err)
	assert.Empty(t, got, "an override left at its default is no constant")
	_, err = webgpu.PipelineConstants(&particles.ParticlesShader.Shader, map[string]float64{"workgroup_height": 2})
	assert.ErrorContains(t, err, `particles.wgsl has no override "workgroup_height"`)
}

func TestModuleErrors(t *testing.T) {
	g := gputest.Require(t)
	sh := &particles.ParticlesShader
	_, err := webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{Overrides: map[string]float64{"workgroup_width": -1}})
	assert.ErrorContains(t, err, "-1 is out of the range of u32")
	_, err = webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{DynamicOffsets: []wgsl.BindingRef{{Group: 0, Binding: 7}}})
	assert.ErrorContains(t, err, "particles.wgsl: the layout has no buffer @group(0) @binding(7) to give a dynamic offset")
	_, err = webgpu.NewModule(g.Device, &sh.Shader, &webgpu.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{ts.DrawShader.Vs()}})
	assert.ErrorContains(t, err, "particles.wgsl: no vertex entry point vs")
	_, err = webgpu.NewModule(g.Device, &ts.HalfShader.Shader, nil)
	assert.ErrorContains(t, err, "webgpu: half.wgsl: f16: cogentcore/webgpu v0.23.0 compiles WGSL with an older naga, which reads no enable directive; use f32")

	m, err := webgpu.NewModule(g.Device, &ts.DrawShader.Shader, nil)
	require.NoError(t, err)
	defer m.Release()
	_, err = m.NewComputePipeline(g.Device, ts.DrawShader.Vs())
	assert.ErrorContains(t, err, "draw.wgsl: entry point vs is a vertex entry point, not compute")
	_, err = m.NewComputePipeline(g.Device, ts.SentinelShader.Update())
	assert.ErrorContains(t, err, "draw.wgsl has no entry point update")
	opts := webgpu.RenderPipelineOptions{
		Vertex: ts.DrawShader.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance},
		Fragment: ts.DrawShader.Fs(), Primitive: wgpu.PrimitiveState{Topology: wgpu.PrimitiveTopologyTriangleList},
	}
	_, err = m.RenderPipelineDescriptor(&opts)
	assert.ErrorContains(t, err, "entry point fs: it writes @location(0) (vec4<f32>), which has no color target")
	opts.Formats = []wgpu.TextureFormat{wgpu.TextureFormatRGBA8Unorm, wgpu.TextureFormatRGBA8Unorm}
	_, err = m.RenderPipelineDescriptor(&opts)
	assert.ErrorContains(t, err, "2 color targets given, but it writes only locations below 1")
	opts.Formats = opts.Formats[:1]
	opts.Targets = []wgpu.ColorTargetState{{Format: wgpu.TextureFormatRGBA8Unorm}}
	_, err = m.RenderPipelineDescriptor(&opts)
	assert.ErrorContains(t, err, "both Targets and Formats given")
	opts.Formats = nil
	desc, err := m.RenderPipelineDescriptor(&opts)
	require.NoError(t, err)
	assert.Equal(t, wgpu.ColorWriteMaskAll, desc.Fragment.Targets[0].WriteMask, "a zero WriteMask is WebGPU's default")
	assert.Equal(t, wgpu.MultisampleState{Count: 1, Mask: ^uint32(0)}, desc.Multisample)
	assert.Equal(t, m.Layout.PipelineLayout, desc.Layout)
	assert.Equal(t, "draw.wgsl vs+fs", desc.Label)
	_, err = m.BindGroupDescriptor(0, webgpu.Sampler(ts.DrawShader.AlbedoSampler(), nil))
	assert.ErrorContains(t, err, "@group(1) @binding(1) albedo_sampler: it belongs to @group(1), not @group(0)")
	_, err = m.BindGroupDescriptor(1, webgpu.Texture(ts.DrawShader.Albedo(), nil), webgpu.Sampler(ts.DrawShader.AlbedoSampler(), nil))
	assert.ErrorContains(t, err, "albedo: a texture_2d<f32> binding needs a texture view (Texture)")
	assert.ErrorContains(t, err, "albedo_sampler: a sampler binding needs a sampler (Sampler)")

	m.Release()
	_, err = m.NewComputePipeline(g.Device, ts.DrawShader.Vs())
	assert.ErrorContains(t, err, "vertex entry point, not compute")
	_, err = m.RenderPipelineDescriptor(&opts)
	assert.ErrorContains(t, err, "the module is released")
	_, err = m.BindGroupDescriptor(0)
	assert.ErrorContains(t, err, "the module is released")
}

func TestBindGroupErrors(t *testing.T) {
	g := gputest.Require(t)
	sh := &ts.SampleShader
	m, err := webgpu.NewModule(g.Device, &sh.Shader, nil)
	require.NoError(t, err)
	defer m.Release()
	storage := func(size int, usage wgpu.BufferUsage) *wgpu.Buffer {
		b, err := webgpu.NewBuffer(g.Device, "", usage, make([]byte, size))
		require.NoError(t, err)
		t.Cleanup(b.Release)
		return b
	}
	small := storage(8, wgpu.BufferUsageStorage)
	big := storage(64, wgpu.BufferUsageStorage)
	uniformOnly := storage(64, wgpu.BufferUsageUniform)
	sampler, err := g.Device.CreateSampler(&wgpu.SamplerDescriptor{LodMaxClamp: 32, MaxAnisotropy: 1})
	require.NoError(t, err)
	defer sampler.Release()

	_, err = m.BindGroupDescriptor(0,
		webgpu.Sampler(sh.Image(), sampler),          // a sampler for a texture
		webgpu.Buffer(sh.Coords(), big),              // fine
		webgpu.Buffer(sh.Coords(), big),              // twice
		webgpu.Buffer(sh.Texels(), small),            // below the minimum binding size
		webgpu.Buffer(ts.DrawShader.Globals(), big),  // another shader's
		webgpu.BufferRange(sh.Texels(), big, 48, 32), // and beyond the buffer
		webgpu.Sampler(ts.DrawShader.AlbedoSampler(), sampler),
	)
	require.Error(t, err)
	for _, want := range []string{
		"sample.wgsl @group(0): @group(0) @binding(0) image: a texture_2d<f32> binding needs a texture view (Texture)",
		"@group(0) @binding(2) coords: given twice",
		"@group(0) @binding(3) texels: 8 bytes bound; the binding's minimum is 16 (array<vec4<f32>>)",
		"@group(0) @binding(0) globals is not a binding of sample.wgsl",
		"@group(0) @binding(3) texels: given twice",
		"@group(1) @binding(1) albedo_sampler is not a binding of sample.wgsl",
		"@group(0) @binding(1) image_sampler: no resource given",
	} {
		assert.ErrorContains(t, err, want)
	}
	_, err = m.BindGroupDescriptor(0, webgpu.BufferRange(sh.Texels(), big, 48, 32))
	assert.ErrorContains(t, err, "32 bytes from offset 48 overrun the 64-byte buffer")
	_, err = m.BindGroupDescriptor(0, webgpu.Buffer(sh.Texels(), uniformOnly))
	assert.ErrorContains(t, err, "the buffer lacks wgpu.BufferUsageStorage, which a storage binding needs")
	_, err = m.BindGroupDescriptor(1)
	assert.ErrorContains(t, err, "sample.wgsl has no @group(1)")
	_, err = m.BindGroupDescriptor(0, webgpu.Resource{})
	assert.ErrorContains(t, err, "a resource without a binding")
	_, err = m.BindGroupDescriptor(0, webgpu.Texture(sh.Image(), nil), webgpu.Sampler(sh.ImageSampler(), sampler),
		webgpu.BufferRange(sh.Coords(), big, 0, 32), webgpu.BufferRange(sh.Texels(), big, 16, 16))
	assert.ErrorContains(t, err, "@group(0) @binding(2) coords and @binding(3) texels bind one buffer, writable in one and read-only in the other")

	// wgpu checks what Go cannot see: here, a view of an integer texture where the layout
	// wants a filterable float one.
	img, err := g.Device.CreateTexture(&wgpu.TextureDescriptor{
		Usage: wgpu.TextureUsageTextureBinding, Dimension: wgpu.TextureDimension2D, Size: wgpu.Extent3D{Width: 1, Height: 1, DepthOrArrayLayers: 1},
		Format: wgpu.TextureFormatR32Uint, MipLevelCount: 1, SampleCount: 1,
	})
	require.NoError(t, err)
	defer img.Release()
	view, err := img.CreateView(nil)
	require.NoError(t, err)
	defer view.Release()
	_, err = m.NewBindGroup(g.Device, 0, webgpu.Texture(sh.Image(), view), webgpu.Sampler(sh.ImageSampler(), sampler),
		webgpu.Buffer(sh.Coords(), storage(64, wgpu.BufferUsageStorage)), webgpu.Buffer(sh.Texels(), big))
	assert.ErrorContains(t, err, "expects sample type = Float")

	// What the aliasing check above refuses, wgpu refuses when the bind group is used.
	pipe, err := m.NewComputePipeline(g.Device, sh.Main())
	require.NoError(t, err)
	defer pipe.Release()
	tex, err := webgpu.NewImageTexture(g.Device, "image", wgpu.TextureUsageTextureBinding, image.NewRGBA(image.Rect(0, 0, 1, 1)))
	require.NoError(t, err)
	defer tex.Release()
	texView, err := tex.CreateView(nil)
	require.NoError(t, err)
	defer texView.Release()
	desc, err := m.BindGroupDescriptor(0, webgpu.Texture(sh.Image(), texView), webgpu.Sampler(sh.ImageSampler(), sampler),
		webgpu.Buffer(sh.Coords(), storage(64, wgpu.BufferUsageStorage)), webgpu.Buffer(sh.Texels(), big))
	require.NoError(t, err)
	for i := range desc.Entries {
		if desc.Entries[i].Binding == sh.Coords().Binding {
			desc.Entries[i].Buffer = big
		}
	}
	aliased, err := g.Device.CreateBindGroup(desc)
	require.NoError(t, err)
	defer aliased.Release()
	err = dispatch(g, pipe, [3]uint32{1, 1, 1}, []*wgpu.BindGroup{aliased}, nil)
	require.Error(t, err)
	t.Logf("wgpu: %v", err)
}

func TestLayouts(t *testing.T) {
	g := gputest.Require(t)
	uniform := func(source string, stage wgsl.ShaderStage, size uint64) *wgsl.Shader {
		return &wgsl.Shader{Source: source, BindGroups: []wgsl.BindGroup{{Entries: []wgsl.Binding{{Name: "u", Type: "U", Visibility: stage,
			Buffer: &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: size}}}}}}
	}
	a, b := uniform("a.wgsl", wgsl.Vertex, 16), uniform("b.wgsl", wgsl.Fragment, 32)
	l, err := webgpu.NewLayout(g.Device, nil, a, b)
	require.NoError(t, err)
	defer l.Release()
	assert.Equal(t, [][]wgsl.Binding{{{Name: "u", Type: "U", Visibility: wgsl.Vertex | wgsl.Fragment,
		Buffer: &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: 32}}}}, l.Groups, "one entry, both stages, the larger size")
	_, err = l.BindGroupDescriptor(0, webgpu.Buffer(&a.BindGroups[0].Entries[0], nil))
	assert.ErrorContains(t, err, "webgpu: a.wgsl+b.wgsl @group(0): @group(0) @binding(0) u: a uniform buffer binding needs a buffer")

	_, err = webgpu.NewLayout(g.Device, nil, &ts.DrawShader.Shader, &ts.SampleShader.Shader)
	assert.ErrorContains(t, err, "@group(0) @binding(0) is uniform buffer globals (Globals, at least 32 bytes) in one shader and texture image (texture_2d<f32>, float, 2d, multisampled false) in sample.wgsl: a layout of both needs the same resource there")
	_, err = webgpu.NewLayout(g.Device, nil, a, a)
	assert.ErrorContains(t, err, "a.wgsl is given twice")
	_, err = webgpu.NewLayout(g.Device, nil)
	assert.ErrorContains(t, err, "a layout of no shaders")

	bb := &ts.BillboardShader
	sim, err := webgpu.NewModule(g.Device, &bb.Shader, &webgpu.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{bb.Simulate()}})
	require.NoError(t, err)
	defer sim.Release()
	assert.Equal(t, []string{"sim", "particles"}, []string{sim.Layout.Groups[0][0].Name, sim.Layout.Groups[0][1].Name})
	_, err = sim.RenderPipelineDescriptor(&webgpu.RenderPipelineOptions{Vertex: bb.Vs(), StepModes: []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance}})
	assert.ErrorContains(t, err, "billboard.wgsl: the layout billboard.wgsl does not serve entry point vs (see ModuleOptions.EntryPoints)")
	_, err = webgpu.NewModule(g.Device, &bb.Shader, &webgpu.ModuleOptions{Layout: sim.Layout, EntryPoints: []*wgsl.EntryPoint{bb.Vs()}})
	assert.ErrorContains(t, err, "ModuleOptions.EntryPoints and DynamicOffsets are for the module's own layout")
}
