package host_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// binder is a host.Binder of the stand-ins whose bind groups are their checked entries.
func binder(l *host.Layout) host.Binder[*buffer, *sampler, *view, []host.Entry[*buffer, *sampler, *view]] {
	return host.Binder[*buffer, *sampler, *view, []host.Entry[*buffer, *sampler, *view]]{Layout: l,
		Make: func(group uint32, rs []resource) ([]host.Entry[*buffer, *sampler, *view], error) {
			return host.BindGroup(l, group, objects, rs)
		}}
}

// TestBinder: the generated functions' values become checked entries, whole buffers or the
// ranges given; what the generated functions cannot rule out is refused.
func TestBinder(t *testing.T) {
	sh := &ts.SampleShader
	l, err := full.NewLayout(nil, &sh.Shader)
	require.NoError(t, err)
	coords := &buffer{64, host.UsageStorage}
	texels := &buffer{256, host.UsageStorage}
	s, v := &sampler{}, &view{format: "rgba8unorm"}
	b := binder(l)

	got, err := ts.SampleGroup0(b, v, s, coords, texels)
	require.NoError(t, err)
	require.Len(t, got, 4)
	assert.Equal(t, host.Entry[*buffer, *sampler, *view]{Binding: 3, Buffer: texels, Size: 256}, got[3], "a whole buffer")

	ranged := b.Range(sh.Texels(), 64, 32).Range(sh.Coords(), 16, 0)
	got, err = ts.SampleGroup0(ranged.Range(sh.Texels(), 128, 16), v, s, coords, texels)
	require.NoError(t, err)
	assert.Equal(t, host.Entry[*buffer, *sampler, *view]{Binding: 2, Buffer: coords, Offset: 16, Size: 48}, got[2], "a range to the end")
	assert.Equal(t, host.Entry[*buffer, *sampler, *view]{Binding: 3, Buffer: texels, Offset: 128, Size: 16}, got[3], "the last range of a binding counts")
	got, err = ts.SampleGroup0(b, v, s, coords, texels)
	require.NoError(t, err)
	assert.Equal(t, uint64(256), got[3].Size, "Range leaves its receiver as it was")

	// The values are checked as a bind group made by hand.
	_, err = ts.SampleGroup0(b, v, s, coords, &buffer{8, host.UsageStorage})
	assert.ErrorContains(t, err, "@group(0) @binding(3) texels: 8 bytes bound; the binding's minimum is 16")
	_, err = ts.SampleGroup0(b, nil, s, coords, texels)
	assert.ErrorContains(t, err, "@group(0) @binding(0) image: a texture_2d<f32> binding needs a texture view (Texture)")

	_, err = ts.SampleGroup0(b.Range(sh.ImageSampler(), 0, 16).Range(ts.DrawShader.Globals(), 0, 16), v, s, coords, texels)
	assert.EqualError(t, err, "full: sample.wgsl @group(0): @group(0) @binding(1) image_sampler: a range is given for it (Binder.Range), and it is a sampler, not a buffer\n"+
		"@group(0) @binding(0) globals: a range is given for it (Binder.Range), and sample.wgsl has no such binding")
	_, err = ts.DrawGroup0(b, coords)
	assert.EqualError(t, err, "full: draw.wgsl is not a shader of layout sample.wgsl: make its bind groups with the Binder of its own module or layout")
}
