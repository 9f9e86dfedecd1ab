package webgpu_test

import (
	"testing"

	"github.com/cogentcore/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/webgpu"
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
