package webgpu_test

import (
	"runtime"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
	"github.com/wgslgo/wgslgo/webgpu"
)

// The texel formats of WGSL's storage textures (the spec's "Texel Formats" table, with the
// 8- and 16-bit ones of texture_formats_tier1) and the vertex formats of the generated tables:
// each must map to a value of the binding of the same name.
func TestFormats(t *testing.T) {
	for _, f := range []wgsl.TextureFormat{"rgba8unorm", "rgba8snorm", "rgba8uint", "rgba8sint", "rgba16uint", "rgba16sint", "rgba16float",
		"r32uint", "r32sint", "r32float", "rg32uint", "rg32sint", "rg32float", "rgba32uint", "rgba32sint", "rgba32float", "bgra8unorm",
		"r8unorm", "r8snorm", "r8uint", "r8sint", "rg8unorm", "rg8snorm", "rg8uint", "rg8sint", "r16uint", "r16sint", "r16float",
		"rg16uint", "rg16sint", "rg16float", "rgb10a2uint", "rgb10a2unorm", "rg11b10ufloat", "r16unorm", "r16snorm", "rg16unorm",
		"rg16snorm", "rgba16unorm", "rgba16snorm"} {
		got, err := webgpu.TextureFormat(f)
		if assert.NoError(t, err, f) && got.String() != "" {
			assert.Equal(t, string(f), got.String())
		}
	}
	_, err := webgpu.TextureFormat("rgba9unorm")
	assert.ErrorContains(t, err, `texture format "rgba9unorm" is not one oliverbestmann/webgpu`)
	for _, f := range []wgsl.VertexFormat{wgsl.Float32, wgsl.Float32x2, wgsl.Float32x3, wgsl.Float32x4, wgsl.Sint32, wgsl.Sint32x2,
		wgsl.Sint32x3, wgsl.Sint32x4, wgsl.Uint32, wgsl.Uint32x2, wgsl.Uint32x3, wgsl.Uint32x4, wgsl.Float16x2, wgsl.Float16x4} {
		got, err := webgpu.VertexFormat(f)
		if assert.NoError(t, err, f) {
			assert.Equal(t, string(f), got.String())
		}
	}
	e, err := webgpu.BindGroupLayoutEntry(ts.DrawShader.Globals(), true)
	require.NoError(t, err)
	assert.Equal(t, wgpu.BindGroupLayoutEntry{Binding: 0, Visibility: wgpu.ShaderStageVertex | wgpu.ShaderStageFragment,
		Buffer: wgpu.BufferBindingLayout{Type: wgpu.BufferBindingTypeUniform, MinBindingSize: 32, HasDynamicOffset: true}}, e)
	e, err = webgpu.BindGroupLayoutEntry(ts.StorageShader.Picture(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.StorageTextureBindingLayout{Access: wgpu.StorageTextureAccessWriteOnly, Format: wgpu.TextureFormatRGBA8Unorm,
		ViewDimension: wgpu.TextureViewDimension2D}, e.StorageTexture)
	l, err := webgpu.VertexBufferLayout(ts.DrawShader.Vs().VertexBuffers[0].PerVertex())
	require.NoError(t, err)
	assert.Equal(t, wgpu.VertexBufferLayout{ArrayStride: 20, StepMode: wgpu.VertexStepModeVertex, Attributes: []wgpu.VertexAttribute{
		{Format: wgpu.VertexFormatFloat32x3, Offset: 0, ShaderLocation: 0}, {Format: wgpu.VertexFormatFloat32x2, Offset: 12, ShaderLocation: 1},
	}}, l)
}

// invalidLayout is a bind group layout descriptor wgpu-native refuses: two entries of one
// binding number.
var invalidLayout = &wgpu.BindGroupLayoutDescriptor{Entries: []wgpu.BindGroupLayoutEntry{
	{Binding: 0, Visibility: wgpu.ShaderStageCompute, Buffer: wgpu.BufferBindingLayout{Type: wgpu.BufferBindingTypeUniform}},
	{Binding: 0, Visibility: wgpu.ShaderStageCompute, Buffer: wgpu.BufferBindingLayout{Type: wgpu.BufferBindingTypeUniform}},
}}

// TestStaleErrors makes a layout after a call the binding refused: through the adapter, it is
// made.
func TestStaleErrors(t *testing.T) {
	d, v := openGPU(t)
	defer v.Check(t)
	_, err := webgpu.NewLayout(d, nil, &ts.BillboardShader.Shader)
	require.Error(t, err, "the core's refusal")
	_, err = d.TryCreateBindGroupLayout(invalidLayout)
	require.Error(t, err)
	webgpu.Settle()
	l, err := webgpu.NewLayout(d, nil, &ts.DrawShader.Shader)
	require.NoError(t, err, "a stale error of the binding")
	l.Release()
}

// TestStaleErrorsUnsettled is TestStaleErrors's negative control: without the two garbage
// collections, the binding reports the refused call's error for the next one, which is valid.
func TestStaleErrorsUnsettled(t *testing.T) {
	d, v := openGPU(t)
	defer v.Check(t)
	_, err := d.TryCreateBindGroupLayout(invalidLayout)
	require.Error(t, err)
	_, err = d.TryCreateBuffer(&wgpu.BufferDescriptor{Size: 16, Usage: wgpu.BufferUsageStorage})
	require.Error(t, err, "the binding no longer keeps the error: settle and its doc can go")
	t.Logf("the stale error: %v", err)
	runtime.GC()
	runtime.GC()
	_, err = d.TryCreateBuffer(&wgpu.BufferDescriptor{Size: 16, Usage: wgpu.BufferUsageStorage})
	require.NoError(t, err)
}

// TestF16Feature makes the module of an f16 shader on a device without the shader-f16
// feature: NewModule says what to request.
func TestF16Feature(t *testing.T) {
	_, v := openGPU(t)
	defer v.Check(t)
	adapter, err := gpuOnce()
	require.NoError(t, err)
	plain, err := adapter.RequestDevice(&wgpu.DeviceDescriptor{Label: "no f16"})
	require.NoError(t, err)
	_, err = webgpu.NewModule(plain, &ts.HalfShader.Shader, nil)
	assert.EqualError(t, err, "webgpu: half.wgsl needs the device feature shader-f16: create the device with RequiredFeatures: []wgpu.FeatureName{wgpu.FeatureNameShaderF16}")
}
