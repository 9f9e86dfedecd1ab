package host_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

func TestModuleOptions(t *testing.T) {
	sh := &particles.ParticlesShader
	m, err := full.NewModule(&sh.Shader, nil)
	require.NoError(t, err)
	assert.True(t, m.OwnLayout)
	assert.Equal(t, "particles.wgsl", m.Label)
	size, err := m.WorkgroupSize(sh.Step())
	require.NoError(t, err)
	assert.Equal(t, [3]uint32{64, 1, 1}, size)
	m.Release()
	assert.True(t, m.Released() && m.Layout.Released(), "a module releases its own layout")
	assert.EqualError(t, m.Usable(), "full: particles.wgsl: the module is released")
	_, err = m.ComputeLabel(sh.Step())
	assert.EqualError(t, err, "full: particles.wgsl: the module is released")

	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(96)
	m, err = full.NewModule(&sh.Shader, &host.ModuleOptions{Overrides: o.Values(), Label: "step"})
	require.NoError(t, err)
	size, err = m.WorkgroupSize(sh.Step())
	require.NoError(t, err)
	assert.Equal(t, [3]uint32{96, 1, 1}, size)
	assert.Equal(t, "step", m.Label)
	label, err := m.ComputeLabel(sh.Step())
	require.NoError(t, err)
	assert.Equal(t, "particles.wgsl step", label)

	shared, err := full.NewLayout(nil, &ts.ShadowVertexShader.Shader, &ts.ShadowFragmentShader.Shader)
	require.NoError(t, err)
	for _, c := range []struct {
		opts host.ModuleOptions
		s    *wgsl.Shader
		want string
	}{
		{host.ModuleOptions{Overrides: map[string]float64{"workgroup_width": -1}}, &sh.Shader, "-1 is out of the range of u32"},
		{host.ModuleOptions{Overrides: map[string]float64{"workgroup_height": 2}}, &sh.Shader, `particles.wgsl has no override "workgroup_height"`},
		{host.ModuleOptions{DynamicOffsets: []wgsl.BindingRef{{Group: 0, Binding: 7}}}, &sh.Shader, "full: particles.wgsl: the layout has no buffer @group(0) @binding(7) to give a dynamic offset"},
		{host.ModuleOptions{EntryPoints: []*wgsl.EntryPoint{ts.DrawShader.Vs()}}, &sh.Shader, "full: particles.wgsl: no vertex entry point vs"},
		{host.ModuleOptions{Layout: shared, EntryPoints: []*wgsl.EntryPoint{sh.Step()}}, &ts.ShadowVertexShader.Shader, "ModuleOptions.EntryPoints and DynamicOffsets are for the module's own layout"},
		{host.ModuleOptions{Layout: shared}, &ts.DrawShader.Shader, "full: draw.wgsl: the layout shadow_vertex.wgsl+shadow_fragment.wgsl is not one of this shader"},
	} {
		_, err := full.NewModule(c.s, &c.opts)
		assert.ErrorContains(t, err, c.want)
	}
	vs, err := full.NewModule(&ts.ShadowVertexShader.Shader, &host.ModuleOptions{Layout: shared})
	require.NoError(t, err)
	assert.False(t, vs.OwnLayout)
	vs.Release()
	assert.False(t, shared.Released(), "a module does not release a shared layout")
	shared.Release()
	_, err = full.NewModule(&ts.ShadowFragmentShader.Shader, &host.ModuleOptions{Layout: shared})
	assert.EqualError(t, err, "full: shadow_fragment.wgsl: the layout shadow_vertex.wgsl+shadow_fragment.wgsl is released")
}

func TestCode(t *testing.T) {
	sh := &particles.ParticlesShader
	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(128)
	c, err := full.Code(&sh.Shader, o.Values())
	require.NoError(t, err)
	assert.Nil(t, c.SPIRV)
	assert.Contains(t, c.WGSL, "const workgroup_width: u32 = 128;")

	push := &ts.PushShader
	pc := &host.Profile{Package: "old", Binding: "old/naga v0", Source: host.SourceWGSLPushConstants}
	c, err = pc.Code(&push.Shader, nil)
	require.NoError(t, err)
	assert.Contains(t, c.WGSL, "var<push_constant> push: Push;")
	assert.NotContains(t, c.WGSL, "immediate")

	c, err = lacking.Code(&sh.Shader, o.Values())
	require.NoError(t, err)
	assert.Empty(t, c.WGSL)
	spec, err := o.Specialization()
	require.NoError(t, err)
	want, err := host.Specialize(sh.Words(), spec)
	require.NoError(t, err)
	assert.Equal(t, want, c.SPIRV)

	// A binding with a WGSL dialect gets the text its table holds for it, and the table's WGSL
	// when it holds none.
	dialect := &host.Profile{Package: "old", Binding: "old/naga v0", Source: host.SourceWGSL, Dialect: wgsl.Naga29}
	printed := &wgsl.Shader{Source: "printed.wgsl", WGSL: "// modern", Dialects: []wgsl.DialectText{{Dialect: wgsl.Naga29, WGSL: "// for naga 29"}}}
	c, err = dialect.Code(printed, nil)
	require.NoError(t, err)
	assert.Equal(t, "// for naga 29", c.WGSL)
	printed.Dialects[0].Dialect = wgsl.Naga019
	c, err = dialect.Code(printed, nil)
	require.NoError(t, err)
	assert.Equal(t, "// modern", c.WGSL)

	_, err = lacking.Code(&ts.HalfShader.Shader, nil)
	assert.EqualError(t, err, "lacking: half.wgsl: f16: lacking/binding v2 never enables the f16 feature; use f32, or a binding that runs f16")
	c, err = full.Code(&ts.HalfShader.Shader, nil)
	require.NoError(t, err)
	assert.Contains(t, c.WGSL, "enable f16;")
	assert.Equal(t, []string{"shader-f16"}, host.DeviceFeatures(&ts.HalfShader.Shader))
	assert.Empty(t, host.DeviceFeatures(&sh.Shader))

	video := &wgsl.Shader{Source: "video.wgsl", WGSL: "// video", BindGroups: []wgsl.BindGroup{{Entries: []wgsl.Binding{
		{Binding: 3, Name: "frame", Type: "texture_external", ExternalTexture: &wgsl.ExternalTextureBindingLayout{}}}}}}
	_, err = lacking.Code(video, nil)
	assert.EqualError(t, err, "lacking: video.wgsl: @group(0) @binding(3) frame: texture_external: lacking/binding v2 has none; declare a texture_2d<f32> and bind a view of the frame's texture")
	_, err = full.Code(video, nil)
	require.NoError(t, err)
	unshared := &host.Profile{Package: "strict", Binding: "strict/compiler v5", Lacks: map[host.Feature]string{host.SharedBindings: "refuses it in one module"}}
	_, err = unshared.Code(&ts.BillboardShader.Shader, nil)
	assert.EqualError(t, err, "strict: billboard.wgsl: @group(0) @binding(0) sim: one binding number for two variables: strict/compiler v5 refuses it in one module; "+
		"give the variables @binding numbers of their own, or declare them in separate files")
	_, err = full.Code(&wgsl.Shader{Source: "none.wgsl"}, nil)
	assert.EqualError(t, err, "full: none.wgsl: wgsl: none.wgsl: the table has no WGSL text (generated with -wgsl=none)")
	_, err = full.Code(&sh.Shader, map[string]float64{"nope": 1})
	assert.ErrorContains(t, err, `full: particles.wgsl: wgsl: particles.wgsl has no override "nope"`)
	_, err = lacking.Code(&sh.Shader, map[string]float64{"nope": 1})
	assert.ErrorContains(t, err, `lacking: particles.wgsl: wgsl: particles.wgsl has no override "nope"`)
	for _, s := range []host.Source{host.SourceWGSL, host.SourceWGSLPushConstants, host.SourceSPIRV, host.Source(7)} {
		assert.NotEmpty(t, s.String())
	}
}

func TestRender(t *testing.T) {
	draw := &ts.DrawShader
	m, err := full.NewModule(&draw.Shader, nil)
	require.NoError(t, err)
	modes := []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance}
	r, err := m.Render("", draw.Vs(), modes, nil, draw.Fs(), nil, true)
	require.NoError(t, err)
	assert.Equal(t, "draw.wgsl vs+fs", r.Label)
	assert.Same(t, m, r.Fragment)
	require.Len(t, r.Buffers, 2)
	assert.Equal(t, wgsl.StepInstance, r.Buffers[1].StepMode)
	assert.Empty(t, draw.Vs().VertexBuffers[1].StepMode, "the table is not changed")
	_, err = m.Render("", draw.Vs(), modes, nil, nil, nil, true)
	assert.EqualError(t, err, "full: draw.wgsl: color targets or a fragment module without a fragment entry point")
	_, err = m.Render("", draw.Fs(), nil, nil, nil, nil, false)
	assert.EqualError(t, err, "full: draw.wgsl: entry point fs is a fragment entry point, not vertex")
	_, err = m.Render("", nil, nil, nil, nil, nil, false)
	assert.EqualError(t, err, "full: draw.wgsl: no vertex entry point given")
	_, err = m.Render("", ts.SentinelShader.Update(), nil, nil, nil, nil, false)
	assert.EqualError(t, err, "full: draw.wgsl has no entry point update")
	_, err = m.Render("", draw.Vs(), modes[:1], nil, nil, nil, false)
	assert.EqualError(t, err, "full: draw.wgsl: entry point vs has 2 vertex buffers (Vertex, Instance), given 1 step modes")
	r, err = m.Render("mine", draw.Vs(), modes, nil, nil, nil, false)
	require.NoError(t, err)
	assert.Equal(t, "mine", r.Label)
	assert.Nil(t, r.Fragment)

	// The host's own buffers: every input from one interleaved per-vertex buffer, the color as
	// unorm8x4, checked by Regroup; Regroup's result serves as it is.
	own := []wgsl.VertexBufferLayout{{ArrayStride: 40, Attributes: []wgsl.VertexAttribute{
		{Name: "position"}, {Name: "uv", Offset: 12}, {Name: "offset", Offset: 20}, {Name: "color", Offset: 28, Format: "unorm8x4"}, {Name: "weight", Offset: 32}}}}
	r, err = m.Render("", draw.Vs(), nil, own, nil, nil, false)
	require.NoError(t, err)
	require.Len(t, r.Buffers, 1)
	assert.Equal(t, wgsl.StepVertex, r.Buffers[0].StepMode)
	assert.Equal(t, wgsl.VertexAttribute{Format: "unorm8x4", Offset: 28, ShaderLocation: 3, Name: "color"}, r.Buffers[0].Attributes[3])
	again, err := m.Render("", draw.Vs(), nil, r.Buffers, nil, nil, false)
	require.NoError(t, err)
	assert.Equal(t, r.Buffers, again.Buffers)
	_, err = m.Render("", draw.Vs(), modes, own, nil, nil, false)
	assert.EqualError(t, err, "full: draw.wgsl: entry point vs: both step modes and vertex buffers given: the vertex buffers' own step modes are the ones that count, drop StepModes")
	_, err = m.Render("", draw.Vs(), nil, []wgsl.VertexBufferLayout{{ArrayStride: 40, Attributes: own[0].Attributes[:4]}}, nil, nil, false)
	assert.EqualError(t, err, `full: draw.wgsl: wgsl: entry point vs: input weight @location(4) (float32) is held by no vertex buffer: add {Name: "weight", Offset: ...} to the attributes of the buffer that holds it`)

	vsh, fsh := &ts.ShadowVertexShader, &ts.ShadowFragmentShader
	vs, err := full.NewModule(&vsh.Shader, nil)
	require.NoError(t, err)
	fs, err := full.NewModule(&fsh.Shader, nil)
	require.NoError(t, err)
	_, err = vs.Render("", vsh.Main(), []wgsl.VertexStepMode{wgsl.StepVertex}, nil, fsh.Main(), fs, true)
	assert.EqualError(t, err, "full: shadow_vertex.wgsl and shadow_fragment.wgsl have layouts of their own: a pipeline of both needs one layout of both shaders (NewLayout, ModuleOptions.Layout)")
	shared, err := full.NewLayout(nil, &vsh.Shader, &fsh.Shader)
	require.NoError(t, err)
	vs, err = full.NewModule(&vsh.Shader, &host.ModuleOptions{Layout: shared})
	require.NoError(t, err)
	fs, err = full.NewModule(&fsh.Shader, &host.ModuleOptions{Layout: shared})
	require.NoError(t, err)
	r, err = vs.Render("", vsh.Main(), []wgsl.VertexStepMode{wgsl.StepVertex}, nil, fsh.Main(), fs, true)
	require.NoError(t, err)
	assert.Equal(t, "shadow_vertex.wgsl main+shadow_fragment.wgsl main", r.Label)
	assert.Same(t, fs, r.Fragment)
	gapped := &wgsl.Shader{Source: "gap.wgsl", WGSL: "// outputs at 0 and 2", EntryPoints: []wgsl.EntryPoint{{Name: "vs", Stage: wgsl.Vertex},
		{Name: "fs", Stage: wgsl.Fragment, FragmentOutputs: []wgsl.FragmentOutput{{Location: 0, BlendSrc: -1}, {Location: 2, BlendSrc: -1}}}}}
	oneTarget := &host.Profile{Package: "single", Binding: "single/binding v3", Lacks: map[host.Feature]string{host.ManyColorTargets: "makes render passes of one target"}}
	gm, err := oneTarget.NewModule(gapped, nil)
	require.NoError(t, err)
	_, err = gm.Render("", &gapped.EntryPoints[0], nil, nil, &gapped.EntryPoints[1], nil, true)
	assert.EqualError(t, err, "single: gap.wgsl: entry point fs writes @location(2): color targets beyond @location(0): single/binding v3 makes render passes of one target; "+
		"draw each target in a pass of its own, from a fragment entry point that writes @location(0)")
	gm, err = oneTarget.NewModule(&ts.DrawShader.Shader, nil)
	require.NoError(t, err)
	_, err = gm.Render("", ts.DrawShader.Vs(), []wgsl.VertexStepMode{wgsl.StepVertex, wgsl.StepInstance}, nil, ts.DrawShader.Fs(), nil, true)
	require.NoError(t, err, "one target at @location(0)")
	depthOnly := &wgsl.Shader{Source: "depth.wgsl", WGSL: "// no outputs", EntryPoints: []wgsl.EntryPoint{{Name: "vs", Stage: wgsl.Vertex}, {Name: "fs", Stage: wgsl.Fragment}}}
	withTargets := &host.Profile{Package: "targets", Binding: "targets/binding v4", Lacks: map[host.Feature]string{host.NoColorTargets: "wants a color target"}}
	dm, err := withTargets.NewModule(depthOnly, nil)
	require.NoError(t, err)
	_, err = dm.Render("", &depthOnly.EntryPoints[0], nil, nil, &depthOnly.EntryPoints[1], nil, false)
	assert.EqualError(t, err, "targets: depth.wgsl: entry point fs writes no @location: a fragment stage without color targets: targets/binding v4 wants a color target; "+
		"write a @location(0) output to a color target beside the depth attachment")
	gm, err = full.NewModule(gapped, nil)
	require.NoError(t, err)
	_, err = gm.Render("", &gapped.EntryPoints[0], nil, nil, &gapped.EntryPoints[1], nil, true)
	require.NoError(t, err)
	opts := host.RenderOptions[string, int, bool, bool, bool]{Vertex: vsh.Main(), StepModes: []wgsl.VertexStepMode{wgsl.StepInstance}, Fragment: fsh.Main(), FragmentModule: fs, Formats: []int{1}}
	r, err = opts.Plan(vs)
	require.NoError(t, err)
	assert.Equal(t, wgsl.StepInstance, r.Buffers[0].StepMode)
}

// target is a stand-in for a binding's color target state.
type target struct {
	format int
	mask   uint32
}

var targets = host.Targets[target, int]{
	Of:     func(f int) target { return target{f, 0xf} },
	Format: func(t target) int { return t.format },
	DefaultMask: func(t target) target {
		if t.mask == 0 {
			t.mask = 0xf
		}
		return t
	},
}

func TestColorTargets(t *testing.T) {
	fs := ts.DrawShader.Fs() // writes @location(0)
	got, err := host.ColorTargets(fs, nil, []int{5}, targets)
	require.NoError(t, err)
	assert.Equal(t, []target{{5, 0xf}}, got)
	got, err = host.ColorTargets(fs, []target{{6, 0}}, nil, targets)
	require.NoError(t, err)
	assert.Equal(t, []target{{6, 0xf}}, got, "a zero write mask is WebGPU's default, all channels")
	got, err = host.ColorTargets(fs, []target{{6, 1}}, nil, targets)
	require.NoError(t, err)
	assert.Equal(t, []target{{6, 1}}, got)
	for _, c := range []struct {
		targets []target
		formats []int
		want    string
	}{
		{nil, nil, "it writes @location(0) (vec4<f32>), which has no color target"},
		{[]target{{}}, nil, "it writes @location(0) (vec4<f32>), which has no color target"},
		{nil, []int{1, 2}, "2 color targets given, but it writes only locations below 1"},
		{[]target{{1, 0}}, []int{1}, "both Targets and Formats given"},
	} {
		_, err := host.ColorTargets(fs, c.targets, c.formats, targets)
		assert.EqualError(t, err, c.want)
	}
	twoWithGap := &wgsl.EntryPoint{Name: "fs", Stage: wgsl.Fragment, FragmentOutputs: []wgsl.FragmentOutput{{Location: 0, BlendSrc: 0}, {Location: 0, BlendSrc: 1}, {Location: 2, BlendSrc: -1}}}
	got, err = host.ColorTargets(twoWithGap, nil, []int{1, 0, 3}, targets)
	require.NoError(t, err)
	assert.Len(t, got, 3, "a gap at location 1 and one target for both sources of a dual-source blend")
}

func TestVertexBuffers(t *testing.T) {
	vs := ts.DrawShader.Vs()
	ls, err := host.VertexBuffers(vs, wgsl.StepVertex, wgsl.StepInstance)
	require.NoError(t, err)
	type attr struct {
		format string
		offset uint64
		loc    uint32
	}
	type layout struct {
		stride uint64
		mode   string
		attrs  []attr
	}
	mapLayout := func(l wgsl.VertexBufferLayout) (layout, error) {
		return host.VertexBuffer(l,
			func(m wgsl.VertexStepMode) (string, error) { return "mode " + string(m), nil },
			func(f wgsl.VertexFormat) (string, error) {
				if f == wgsl.Float32 {
					return "", errors.New("no float32 here")
				}
				return strings.ToUpper(string(f)), nil
			},
			func(f string, offset uint64, loc uint32) attr { return attr{f, offset, loc} },
			func(stride uint64, mode string, attrs []attr) layout { return layout{stride, mode, attrs} })
	}
	got, err := mapLayout(ls[0])
	require.NoError(t, err)
	assert.Equal(t, layout{20, "mode vertex", []attr{{"FLOAT32X3", 0, 0}, {"FLOAT32X2", 12, 1}}}, got)
	_, err = mapLayout(ls[1])
	assert.EqualError(t, err, "vertex buffer Instance, @location(4) weight: no float32 here")
	_, err = mapLayout(vs.VertexBuffers[0])
	assert.EqualError(t, err, "vertex buffer Vertex: no step mode: choose one with PerVertex or PerInstance")
	_, err = host.VertexBuffers(vs, wgsl.StepVertex, "")
	assert.EqualError(t, err, "entry point vs, slot 1: vertex buffer Instance: no step mode: choose one with PerVertex or PerInstance")
	_, err = host.VertexBuffers(vs, wgsl.StepVertex, "sometimes")
	assert.EqualError(t, err, `entry point vs, slot 1: vertex buffer Instance: unknown vertex step mode "sometimes"`)
	_, err = host.VertexBuffers(ts.PushShader.Vs(), wgsl.StepVertex)
	assert.EqualError(t, err, "entry point vs has 0 vertex buffers (none), given 1 step modes")

	doubled, err := host.Map([]int{1, 2}, func(i int) (int, error) { return 2 * i, nil })
	require.NoError(t, err)
	assert.Equal(t, []int{2, 4}, doubled)
	_, err = host.Map([]int{1, 2}, func(i int) (int, error) { return 0, assert.AnError })
	assert.Equal(t, assert.AnError, err)
}

func TestPipelineConstants(t *testing.T) {
	sh := &particles.ParticlesShader
	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(96)
	got, err := full.PipelineConstants(&sh.Shader, o.Values())
	require.NoError(t, err)
	assert.Equal(t, []host.Constant{{Key: "workgroup_width", Value: 96}}, got)
	got, err = full.PipelineConstants(&sh.Shader, nil)
	require.NoError(t, err)
	assert.Empty(t, got, "an override left at its default is no constant")
	_, err = full.PipelineConstants(&sh.Shader, map[string]float64{"workgroup_height": 2})
	assert.ErrorContains(t, err, `full: particles.wgsl: wgsl: particles.wgsl has no override "workgroup_height"`)
	assert.NoError(t, full.Wrap("x", nil))
	assert.EqualError(t, full.Wrap("x", assert.AnError), "full: x: "+assert.AnError.Error())
}
