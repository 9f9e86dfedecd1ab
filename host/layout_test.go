package host_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// uniform is a table of one uniform buffer of the given size at @group(0) @binding(0), used by
// an entry point of stage.
func uniform(source string, stage wgsl.ShaderStage, size uint64) *wgsl.Shader {
	return &wgsl.Shader{Source: source,
		EntryPoints: []wgsl.EntryPoint{{Name: "main", Stage: stage, Bindings: []wgsl.BindingRef{{}}}},
		BindGroups: []wgsl.BindGroup{{Entries: []wgsl.Binding{{Name: "u", Type: "U", Visibility: stage,
			Buffer: &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: size}}}}}}
}

func TestSharedLayout(t *testing.T) {
	a, b := uniform("a.wgsl", wgsl.Vertex, 16), uniform("b.wgsl", wgsl.Fragment, 32)
	l, err := full.NewLayout(nil, a, b)
	require.NoError(t, err)
	assert.Equal(t, "a.wgsl+b.wgsl", l.Label)
	assert.Equal(t, [][]wgsl.Binding{{{Name: "u", Type: "U", Visibility: wgsl.Vertex | wgsl.Fragment,
		Buffer: &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: 32}}}}, l.Groups, "one entry, both stages, the larger size")
	assert.True(t, l.Has(a) && l.Has(b))
	assert.True(t, l.Serves(a, "main") && l.Serves(b, "main"))
	require.NoError(t, l.Stage(a, &a.EntryPoints[0]))
	require.NoError(t, l.Stage(b, &b.EntryPoints[0]))

	// The shadow pipeline of two files: scene is one binding of both stages, the shadow map
	// and its sampler the fragment shader's, model the vertex shader's.
	vs, fs := &ts.ShadowVertexShader.Shader, &ts.ShadowFragmentShader.Shader
	shadow, err := full.NewLayout(nil, vs, fs)
	require.NoError(t, err)
	var names [][]string
	for _, g := range shadow.Groups {
		var ns []string
		for _, b := range g {
			ns = append(ns, b.Name+":"+b.Visibility.String())
		}
		names = append(names, ns)
	}
	assert.Equal(t, [][]string{{"scene:vertex|fragment", "shadow_map:fragment", "shadow_sampler:fragment"}, {"model:vertex"}}, names)
	own, err := full.NewLayout(nil, vs)
	require.NoError(t, err)
	assert.False(t, own.Has(fs))
	err = own.Stage(fs, ts.ShadowFragmentShader.Main())
	assert.ErrorContains(t, err, "the layout shadow_vertex.wgsl does not serve entry point main")

	for _, c := range []struct {
		shaders []*wgsl.Shader
		want    string
	}{
		{[]*wgsl.Shader{&ts.DrawShader.Shader, &ts.SampleShader.Shader}, "full: @group(0) @binding(0) is uniform buffer globals (Globals, at least 32 bytes) in one shader and texture image (texture_2d<f32>, float, 2d, multisampled false) in sample.wgsl: a layout of both needs the same resource there"},
		{[]*wgsl.Shader{a, a}, "full: a.wgsl is given twice"},
		{nil, "full: a layout of no shaders"},
		{[]*wgsl.Shader{&ts.BillboardShader.Shader}, "full: billboard.wgsl: view and sim are both @group(0) @binding(0), which one layout cannot hold: give each set of the entry points that use them a layout of its own"},
	} {
		_, err := full.NewLayout(nil, c.shaders...)
		assert.ErrorContains(t, err, c.want)
	}
}

func TestLayoutOfEntryPoints(t *testing.T) {
	bb := &ts.BillboardShader
	sim, err := full.NewLayout(&host.LayoutOptions{EntryPoints: []*wgsl.EntryPoint{bb.Simulate()}}, &bb.Shader)
	require.NoError(t, err)
	assert.Equal(t, []string{"sim", "particles"}, []string{sim.Groups[0][0].Name, sim.Groups[0][1].Name})
	assert.Equal(t, wgsl.Compute, sim.Groups[0][1].Visibility, "the layout's stages are those of its entry points")
	assert.False(t, sim.Serves(&bb.Shader, "vs"))
	draw, err := full.NewLayout(&host.LayoutOptions{EntryPoints: []*wgsl.EntryPoint{bb.Vs(), bb.Fs()}}, &bb.Shader)
	require.NoError(t, err)
	assert.Len(t, draw.Groups[0], 1)
	assert.Equal(t, "view", draw.Groups[0][0].Name)
	require.NoError(t, draw.Stage(&bb.Shader, bb.Vs()))

	_, err = full.NewLayout(&host.LayoutOptions{EntryPoints: []*wgsl.EntryPoint{ts.DrawShader.Vs()}}, &particles.ParticlesShader.Shader)
	assert.EqualError(t, err, "full: particles.wgsl: no vertex entry point vs")
}

func TestDynamicOffsets(t *testing.T) {
	sh := &particles.ParticlesShader
	l, err := full.NewLayout(&host.LayoutOptions{DynamicOffsets: []wgsl.BindingRef{sh.Params().Ref()}}, &sh.Shader)
	require.NoError(t, err)
	entries, err := l.Entries(0)
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.True(t, entries[0].HasDynamicOffset)
	assert.Equal(t, "params", entries[0].Name)
	assert.False(t, entries[1].HasDynamicOffset)
	none, err := l.Entries(3)
	require.NoError(t, err)
	assert.Empty(t, none, "a group beyond the last has an empty layout")

	_, err = full.NewLayout(&host.LayoutOptions{DynamicOffsets: []wgsl.BindingRef{{Group: 0, Binding: 7}}}, &sh.Shader)
	assert.EqualError(t, err, "full: particles.wgsl: the layout has no buffer @group(0) @binding(7) to give a dynamic offset")
	_, err = full.NewLayout(&host.LayoutOptions{DynamicOffsets: []wgsl.BindingRef{ts.DrawShader.Albedo().Ref()}}, &ts.DrawShader.Shader)
	assert.EqualError(t, err, "full: draw.wgsl: the layout has no buffer @group(1) @binding(0) to give a dynamic offset")
	_, err = lacking.NewLayout(&host.LayoutOptions{DynamicOffsets: []wgsl.BindingRef{sh.Params().Ref()}}, &sh.Shader)
	assert.EqualError(t, err, "lacking: particles.wgsl: @group(0) @binding(0) params: dynamic offsets: lacking/binding v2 ignores them; "+
		"bind each value's range (BufferRange) in a bind group of its own and set that instead")
	var refusal *host.Refusal
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, host.DynamicOffsets, refusal.Feature)
	assert.Equal(t, "particles.wgsl: @group(0) @binding(0) params", refusal.Where)
}

func TestLayoutEntries(t *testing.T) {
	for _, c := range []struct {
		p       *host.Profile
		b       wgsl.Binding
		dynamic bool
		want    string
	}{
		{full, *ts.DrawShader.Globals(), true, ""},
		{full, *ts.DrawShader.AlbedoSampler(), true, "full: @group(1) @binding(1) albedo_sampler: only buffers take dynamic offsets"},
		{full, wgsl.Binding{Name: "video", Type: "texture_external", ExternalTexture: &wgsl.ExternalTextureBindingLayout{}}, false, ""},
		{lacking, wgsl.Binding{Name: "video", Type: "texture_external", ExternalTexture: &wgsl.ExternalTextureBindingLayout{}}, false,
			"lacking: @group(0) @binding(0) video: texture_external: lacking/binding v2 has none; declare a texture_2d<f32> and bind a view of the frame's texture"},
		{lacking, *ts.StorageShader.Picture(), false,
			"lacking: @group(0) @binding(1) picture: storage textures: lacking/binding v2 binds them as sampled textures; write a storage buffer and copy it into the texture"},
		{full, wgsl.Binding{Binding: 1, Name: "video_plane1", ExternalPart: &wgsl.BindingRef{}, Texture: &wgsl.TextureBindingLayout{}}, false,
			"full: @group(0) @binding(1) video_plane1: the compiler adds it for the texture_external @group(0) @binding(0) in SPIR-V; WebGPU layouts have no such entry"},
		{full, wgsl.Binding{Name: "nothing"}, false, "full: @group(0) @binding(0) nothing: the table gives no resource layout"},
		{full, wgsl.Binding{Name: "layers", Texture: &wgsl.TextureBindingLayout{ViewDimension: wgsl.View2DArray}}, false, ""},
		{lacking, wgsl.Binding{Name: "flat", Texture: &wgsl.TextureBindingLayout{ViewDimension: wgsl.View2D}}, false, ""},
		{lacking, wgsl.Binding{Name: "sky", Texture: &wgsl.TextureBindingLayout{ViewDimension: wgsl.ViewCube}}, false,
			"lacking: @group(0) @binding(0) sky: texture arrays and cube textures: lacking/binding v2 makes their layers texels deep; bind a texture_2d per layer, or a texture_3d"},
		{lacking, wgsl.Binding{Name: "layers", Texture: &wgsl.TextureBindingLayout{ViewDimension: wgsl.View2DArray}}, false,
			"lacking: @group(0) @binding(0) layers: texture arrays and cube textures: lacking/binding v2 makes their layers texels deep; bind a texture_2d per layer, or a texture_3d"},
	} {
		err := c.p.Entry(&c.b, c.dynamic)
		if c.want == "" {
			assert.NoError(t, err, c.b.Name)
		} else {
			assert.EqualError(t, err, c.want)
		}
	}
}

func TestStage(t *testing.T) {
	sh := ts.DrawShader.Shader
	sh.BindGroups = slices.Clone(sh.BindGroups)
	sh.BindGroups[1].Entries = slices.Clone(sh.BindGroups[1].Entries)
	sh.BindGroups[1].Entries[0].Visibility = wgsl.Vertex // albedo is sampled in the fragment stage
	l, err := full.NewLayout(nil, &sh)
	require.NoError(t, err)
	require.NoError(t, l.Stage(&sh, sh.EntryPoint("vs")))
	assert.EqualError(t, l.Stage(&sh, sh.EntryPoint("fs")),
		"full: draw.wgsl: entry point fs: @group(1) @binding(0) albedo is visible to vertex only in the layout, and the fragment entry point uses it")

	small, big := uniform("small.wgsl", wgsl.Compute, 16), uniform("big.wgsl", wgsl.Compute, 64)
	big.BindGroups[0].Entries[0].Binding = 1
	big.EntryPoints[0].Bindings = []wgsl.BindingRef{{Binding: 1}}
	l, err = full.NewLayout(nil, small)
	require.NoError(t, err)
	assert.ErrorContains(t, l.Stage(big, &big.EntryPoints[0]), "full: big.wgsl: the layout small.wgsl does not serve entry point main")

	// A table changed after its layout was made: a binding larger than the layout's, or
	// another resource.
	small.BindGroups[0].Entries[0].Buffer = &wgsl.BufferBindingLayout{Type: wgsl.BufferUniform, MinBindingSize: 64}
	assert.EqualError(t, l.Stage(small, &small.EntryPoints[0]),
		"full: small.wgsl: entry point main: @group(0) @binding(0) u: the layout's minimum binding size 16 is below the shader's 64")
	small.BindGroups[0].Entries[0].Buffer = &wgsl.BufferBindingLayout{Type: wgsl.BufferStorage, MinBindingSize: 16}
	assert.EqualError(t, l.Stage(small, &small.EntryPoints[0]),
		"full: small.wgsl: entry point main: @group(0) @binding(0) u is uniform buffer u (U, at least 16 bytes) in the layout, storage buffer u (U, at least 16 bytes) in the shader")
	small.BindGroups[0].Entries[0].Binding = 2
	small.EntryPoints[0].Bindings[0].Binding = 2
	assert.EqualError(t, l.Stage(small, &small.EntryPoints[0]), "full: small.wgsl: entry point main: the layout has no @group(0) @binding(2) u")
	l.Release()
	assert.True(t, l.Released())
	assert.EqualError(t, l.Stage(small, &small.EntryPoints[0]), "full: small.wgsl: the layout small.wgsl is released")
}

func TestImmediates(t *testing.T) {
	sh := &ts.PushShader
	l, err := full.NewLayout(nil, &sh.Shader)
	require.NoError(t, err)
	assert.Equal(t, host.Immediates{Stages: wgsl.Vertex | wgsl.Fragment | wgsl.Compute, Size: 32, Names: []string{"push"}}, l.Immediates)
	require.NoError(t, l.Stage(&sh.Shader, sh.Copy()))
	data, err := l.ImmediateData([]byte{1, 2, 3, 4, 5})
	require.NoError(t, err)
	assert.Equal(t, []byte{1, 2, 3, 4, 5, 0, 0, 0}, data, "padded to whole words")
	_, err = l.ImmediateData(make([]byte, 36))
	assert.EqualError(t, err, "full: push.wgsl: 36 bytes of immediate data; the layout's push take 32")

	draw, err := full.NewLayout(&host.LayoutOptions{EntryPoints: []*wgsl.EntryPoint{sh.Vs(), sh.Fs()}}, &sh.Shader)
	require.NoError(t, err)
	assert.Equal(t, wgsl.Vertex|wgsl.Fragment, draw.Immediates.Stages)
	plain, err := full.NewLayout(nil, &ts.DrawShader.Shader)
	require.NoError(t, err)
	_, err = plain.ImmediateData([]byte{1})
	assert.EqualError(t, err, "full: draw.wgsl: no entry point of the layout uses var<immediate> data")

	_, err = lacking.NewLayout(nil, &sh.Shader)
	assert.ErrorContains(t, err, "lacking: push.wgsl: entry point vs uses var<immediate> push: var<immediate> data: lacking/binding v2 has no API for them; pass the data in a uniform buffer")
	computeOnly := &host.Profile{Package: "render", Binding: "render/only v3", Lacks: map[host.Feature]string{host.ComputeImmediateData: "has no SetImmediates in compute passes"}}
	l, err = computeOnly.NewLayout(nil, &sh.Shader)
	require.NoError(t, err)
	require.NoError(t, l.Stage(&sh.Shader, sh.Vs()))
	assert.EqualError(t, l.Stage(&sh.Shader, sh.Copy()), "render: push.wgsl: entry point copy: compute entry point copy uses var<immediate> push: "+
		"var<immediate> data in a compute pipeline: render/only v3 has no SetImmediates in compute passes; pass the data in a uniform buffer")
	small, err := full.NewLayout(&host.LayoutOptions{EntryPoints: []*wgsl.EntryPoint{sh.Fs()}}, &sh.Shader)
	require.NoError(t, err)
	assert.ErrorContains(t, small.Stage(&sh.Shader, sh.Vs()), "the layout push.wgsl does not serve entry point vs")
}
