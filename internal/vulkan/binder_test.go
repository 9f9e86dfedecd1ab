package vulkan

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// TestBinder: the harness's bindings of a bind group's values, and the values it refuses.
func TestBinder(t *testing.T) {
	s := &wgsl.Shader{Source: "b.wgsl", BindGroups: []wgsl.BindGroup{{Entries: []wgsl.Binding{
		{Binding: 0, Name: "params", Visibility: wgsl.Compute, Buffer: &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: 16}},
		{Binding: 1, Name: "tex", Visibility: wgsl.Compute, Texture: &wgsl.TextureBindingLayout{SampleType: wgsl.SampleFloat, ViewDimension: wgsl.View2D}},
		{Binding: 2, Name: "samp", Visibility: wgsl.Compute, Sampler: &wgsl.SamplerBindingLayout{Type: wgsl.SamplerFiltering}},
	}}}}
	e := s.BindGroups[0].Entries
	image := &Texture{Image: ImageDesc{Dim: Dim2D, Format: RGBA32Float, Width: 1}}
	got, err := Binder{}.BindGroup(s, 0, []wgsl.Resource[[]byte, *Texture, *SamplerDesc]{
		{Binding: &e[0], Buffer: make([]byte, 16)}, {Binding: &e[1], Texture: image}, {Binding: &e[2]}})
	require.NoError(t, err)
	require.Len(t, got, 3)
	assert.Equal(t, UniformBuffer, got[0].Kind)
	assert.Len(t, got[0].Data, 16)
	assert.Equal(t, &image.Image, got[1].Image)
	assert.Equal(t, Sampler, got[2].Kind)

	_, err = Binder{}.BindGroup(s, 0, []wgsl.Resource[[]byte, *Texture, *SamplerDesc]{
		{Binding: &e[0], Buffer: make([]byte, 8)}, {Binding: &e[1]}})
	assert.EqualError(t, err, "vulkan: b.wgsl @group(0) @binding(0) params: 8 bytes: a buffer needs a multiple of 4, at least 16\n"+
		"vulkan: b.wgsl @group(0) @binding(1) tex: no texture")
}
