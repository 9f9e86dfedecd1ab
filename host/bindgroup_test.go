package host_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// Stand-ins for a binding's objects.
type (
	buffer struct {
		size  uint64
		usage host.BufferUsage
	}
	sampler struct{}
	view    struct{ format wgsl.TextureFormat }
)

type resource = host.Resource[*buffer, *sampler, *view]

var objects = host.Objects[*buffer, *sampler, *view]{
	BufferSize:  func(b *buffer) uint64 { return b.size },
	BufferUsage: func(b *buffer) host.BufferUsage { return b.usage },
	ViewFormat:  func(v *view) (wgsl.TextureFormat, bool) { return v.format, v.format != "" },
}

func bindGroup(t *testing.T, l *host.Layout, group uint32, rs ...resource) ([]host.Entry[*buffer, *sampler, *view], error) {
	t.Helper()
	return host.BindGroup(l, group, objects, rs)
}

func TestBindGroupErrors(t *testing.T) {
	sh := &ts.SampleShader
	l, err := full.NewLayout(nil, &sh.Shader)
	require.NoError(t, err)
	small := &buffer{8, host.UsageStorage}
	big := &buffer{64, host.UsageStorage}
	uniformOnly := &buffer{64, host.UsageUniform}
	s := &sampler{}
	_, err = bindGroup(t, l, 0,
		resource{Binding: sh.Image(), Sampler: s},                         // a sampler for a texture
		resource{Binding: sh.Coords(), Buffer: big},                       // fine
		resource{Binding: sh.Coords(), Buffer: big},                       // twice
		resource{Binding: sh.Texels(), Buffer: small},                     // below the minimum binding size
		resource{Binding: ts.DrawShader.Globals(), Buffer: big},           // another shader's
		resource{Binding: sh.Texels(), Buffer: big, Offset: 48, Size: 32}, // and beyond the buffer
		resource{Binding: ts.DrawShader.AlbedoSampler(), Sampler: s},      // another group's, of another shader
	)
	require.Error(t, err)
	for _, want := range []string{
		"full: sample.wgsl @group(0): @group(0) @binding(0) image: a texture_2d<f32> binding needs a texture view (Texture)",
		"@group(0) @binding(2) coords: given twice",
		"@group(0) @binding(3) texels: 8 bytes bound; the binding's minimum is 16 (array<vec4<f32>>)",
		"@group(0) @binding(0) globals is not a binding of sample.wgsl: @group(0) @binding(0) is image here",
		"@group(0) @binding(3) texels: given twice",
		"@group(1) @binding(1) albedo_sampler is not a binding of sample.wgsl",
		"@group(0) @binding(1) image_sampler: no resource given",
	} {
		assert.ErrorContains(t, err, want)
	}
	for _, c := range []struct {
		r    resource
		want string
	}{
		{resource{Binding: sh.Texels(), Buffer: big, Offset: 48, Size: 32}, "32 bytes from offset 48 overrun the 64-byte buffer"},
		{resource{Binding: sh.Texels(), Buffer: big, Offset: 68}, "offset 68 is beyond the 64-byte buffer"},
		{resource{Binding: sh.Texels(), Buffer: uniformOnly}, "the buffer lacks wgpu.BufferUsageStorage, which a storage binding needs"},
		{resource{Binding: sh.Texels()}, "a storage buffer binding needs a buffer (Buffer, BufferRange)"},
		{resource{}, "a resource without a binding (make it with Buffer, BufferRange, Sampler or Texture)"},
		{resource{Binding: sh.Image(), View: &view{"r32uint"}}, "@group(0) @binding(0) image: a view of format r32uint cannot be bound as sample type float (texture_2d<f32>)"},
	} {
		_, err := bindGroup(t, l, 0, c.r)
		assert.ErrorContains(t, err, c.want)
	}
	_, err = bindGroup(t, l, 1)
	assert.EqualError(t, err, "full: sample.wgsl has no @group(1)")

	draw, err := full.NewLayout(nil, &ts.DrawShader.Shader)
	require.NoError(t, err)
	_, err = bindGroup(t, draw, 0, resource{Binding: ts.DrawShader.AlbedoSampler(), Sampler: s})
	assert.ErrorContains(t, err, "@group(1) @binding(1) albedo_sampler: it belongs to @group(1), not @group(0)")
	_, err = bindGroup(t, draw, 0, resource{Binding: ts.DrawShader.Globals(), Buffer: &buffer{64, host.UsageStorage}})
	assert.ErrorContains(t, err, "the buffer lacks wgpu.BufferUsageUniform, which a uniform binding needs")
	_, err = bindGroup(t, draw, 1, resource{Binding: ts.DrawShader.Albedo(), View: &view{}}, resource{Binding: ts.DrawShader.AlbedoSampler()})
	assert.EqualError(t, err, "full: draw.wgsl @group(1): @group(1) @binding(1) albedo_sampler: a sampler binding needs a sampler (Sampler)")
	draw.Release()
	_, err = bindGroup(t, draw, 0)
	assert.EqualError(t, err, "full: draw.wgsl: the layout is released")

	st := &ts.StorageShader
	storage, err := full.NewLayout(nil, &st.Shader)
	require.NoError(t, err)
	_, err = bindGroup(t, storage, 0, resource{Binding: st.Paint(), Buffer: &buffer{64, host.UsageUniform}}, resource{Binding: st.Picture(), View: &view{"bgra8unorm"}})
	assert.ErrorContains(t, err, "@group(0) @binding(1) picture: a view of format bgra8unorm is bound where the storage texture has format rgba8unorm")
}

// TestBindGroupBounds checks a buffer range at its limits: one that ends at the buffer's end,
// or holds exactly the binding's minimum size, is bound; a byte more, or less, is refused.
func TestBindGroupBounds(t *testing.T) {
	sh := &ts.SampleShader
	l, err := full.NewLayout(nil, &sh.Shader)
	require.NoError(t, err)
	big := &buffer{64, host.UsageStorage}
	for _, c := range []struct {
		offset, size uint64
		want         string
	}{
		{offset: 48, size: 16},
		{offset: 48},
		{offset: 0, size: 16},
		{offset: 49, size: 16, want: "16 bytes from offset 49 overrun the 64-byte buffer"},
		{offset: 0, size: 15, want: "15 bytes bound; the binding's minimum is 16 (array<vec4<f32>>)"},
		{offset: 49, want: "15 bytes bound; the binding's minimum is 16 (array<vec4<f32>>)"},
	} {
		entries, err := bindGroup(t, l, 0, resource{Binding: sh.Image(), View: &view{}}, resource{Binding: sh.ImageSampler(), Sampler: &sampler{}},
			resource{Binding: sh.Coords(), Buffer: &buffer{64, host.UsageStorage}},
			resource{Binding: sh.Texels(), Buffer: big, Offset: c.offset, Size: c.size})
		if c.want != "" {
			assert.ErrorContains(t, err, c.want, "offset %d, size %d", c.offset, c.size)
			continue
		}
		if assert.NoError(t, err, "offset %d, size %d", c.offset, c.size) {
			assert.Equal(t, host.Entry[*buffer, *sampler, *view]{Binding: 3, Buffer: big, Offset: c.offset, Size: 16}, entries[3])
		}
	}
}

// TestBindGroupAliasing checks where one buffer bound twice is refused: writable and
// read-only in any ranges, since WebGPU's usage scope takes a buffer whole (ranges that only
// touch, or lie apart, are refused as ones that overlap); twice writable, or twice read-only,
// in any ranges, is allowed.
func TestBindGroupAliasing(t *testing.T) {
	sh := &ts.SampleShader
	l, err := full.NewLayout(nil, &sh.Shader)
	require.NoError(t, err)
	buf := &buffer{64, host.UsageStorage}
	const aliased = "@group(0) @binding(2) coords and @binding(3) texels bind one buffer, writable in one and read-only in the other, which WebGPU refuses in a dispatch or draw whatever the ranges"
	for _, c := range []struct {
		name                string
		coordOff, coordSize uint64
		texelOff, texelSize uint64
		otherBuffer         bool
	}{
		{name: "the same range", coordSize: 32, texelSize: 32},
		{name: "one byte shared", coordSize: 33, texelOff: 32, texelSize: 32},
		{name: "touching, coords first", coordSize: 32, texelOff: 32, texelSize: 32},
		{name: "touching, texels first", coordOff: 32, coordSize: 32, texelSize: 32},
		{name: "inside", coordOff: 16, coordSize: 16, texelSize: 64},
		{name: "apart", coordSize: 16, texelOff: 48, texelSize: 16},
		{name: "two buffers", coordSize: 32, texelSize: 32, otherBuffer: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			coords := buf
			if c.otherBuffer {
				coords = &buffer{64, host.UsageStorage}
			}
			entries, err := bindGroup(t, l, 0, resource{Binding: sh.Image(), View: &view{}}, resource{Binding: sh.ImageSampler(), Sampler: &sampler{}},
				resource{Binding: sh.Coords(), Buffer: coords, Offset: c.coordOff, Size: c.coordSize},
				resource{Binding: sh.Texels(), Buffer: buf, Offset: c.texelOff, Size: c.texelSize})
			if !c.otherBuffer {
				assert.ErrorContains(t, err, aliased)
				return
			}
			require.NoError(t, err)
			require.Len(t, entries, 4)
			for i, e := range entries {
				assert.Equal(t, uint32(i), e.Binding, "entries by binding number")
			}
		})
	}
	for _, types := range [][2]wgsl.BufferBindingType{{wgsl.BufferReadOnlyStorage, wgsl.BufferUniform}, {wgsl.BufferStorage, wgsl.BufferStorage}} {
		two := &wgsl.Shader{Source: "two.wgsl", BindGroups: []wgsl.BindGroup{{Entries: []wgsl.Binding{
			{Binding: 0, Name: "a", Type: "A", Buffer: &wgsl.BufferBindingLayout{Type: types[0]}},
			{Binding: 1, Name: "b", Type: "B", Buffer: &wgsl.BufferBindingLayout{Type: types[1]}},
		}}}}
		lt, err := full.NewLayout(nil, two)
		require.NoError(t, err)
		both := &buffer{16, host.UsageStorage | host.UsageUniform}
		entries, err := bindGroup(t, lt, 0, resource{Binding: two.Binding(0, 1), Buffer: both}, resource{Binding: two.Binding(0, 0), Buffer: both, Offset: 8})
		require.NoError(t, err, "%s and %s in overlapping ranges", types[0], types[1])
		assert.Equal(t, []host.Entry[*buffer, *sampler, *view]{{Binding: 0, Buffer: both, Offset: 8, Size: 8}, {Binding: 1, Buffer: both, Size: 16}}, entries)
	}
}
