package gogpu_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/gogpu"
	"github.com/wgslgo/wgslgo/host"
	"github.com/wgslgo/wgslgo/host/hosttest"
	ts "github.com/wgslgo/wgslgo/host/hosttest/testshaders"
)

// The texel formats of WGSL's storage textures and the vertex formats of the generated
// tables: each must map to a gputypes value of the same name.
func TestFormats(t *testing.T) {
	for _, f := range []wgsl.TextureFormat{"rgba8unorm", "rgba8snorm", "rgba8uint", "rgba8sint", "rgba16uint", "rgba16sint", "rgba16float",
		"r32uint", "r32sint", "r32float", "rg32uint", "rg32sint", "rg32float", "rgba32uint", "rgba32sint", "rgba32float", "bgra8unorm",
		"r8unorm", "r8snorm", "r8uint", "r8sint", "rg8unorm", "rg8snorm", "rg8uint", "rg8sint", "r16uint", "r16sint", "r16float",
		"rg16uint", "rg16sint", "rg16float", "rgb10a2uint", "rgb10a2unorm", "rg11b10ufloat"} {
		got, err := gogpu.TextureFormat(f)
		if assert.NoError(t, err, f) {
			assert.Equal(t, f, host.Format(got.String()))
		}
	}
	_, err := gogpu.TextureFormat("rgba9unorm")
	assert.EqualError(t, err, `texture format "rgba9unorm" is not one gogpu/wgpu v0.31.5 knows`)
	for _, f := range []wgsl.VertexFormat{wgsl.Float32, wgsl.Float32x2, wgsl.Float32x3, wgsl.Float32x4, wgsl.Sint32, wgsl.Sint32x2,
		wgsl.Sint32x3, wgsl.Sint32x4, wgsl.Uint32, wgsl.Uint32x2, wgsl.Uint32x3, wgsl.Uint32x4, wgsl.Float16x2, wgsl.Float16x4} {
		_, err := gogpu.VertexFormat(f)
		assert.NoError(t, err, f)
	}
	l, err := gogpu.VertexBufferLayout(ts.DrawShader.Vs().VertexBuffers[1].PerInstance())
	require.NoError(t, err)
	assert.Equal(t, wgpu.VertexBufferLayout{ArrayStride: 24, StepMode: gputypes.VertexStepModeInstance, Attributes: []gputypes.VertexAttribute{
		{Format: gputypes.VertexFormatFloat32x2, Offset: 0, ShaderLocation: 2},
		{Format: gputypes.VertexFormatFloat32x3, Offset: 8, ShaderLocation: 3},
		{Format: gputypes.VertexFormatFloat32, Offset: 20, ShaderLocation: 4},
	}}, l)
	e, err := gogpu.BindGroupLayoutEntry(ts.DrawShader.Albedo(), false)
	require.NoError(t, err)
	assert.Equal(t, wgpu.BindGroupLayoutEntry{Binding: 0, Visibility: gputypes.ShaderStageFragment,
		Texture: &gputypes.TextureBindingLayout{SampleType: gputypes.TextureSampleTypeFloat, ViewDimension: gputypes.TextureViewDimension2D}}, e)
	e, err = gogpu.BindGroupLayoutEntry(ts.SampleShader.Coords(), false)
	require.NoError(t, err)
	assert.Equal(t, &gputypes.BufferBindingLayout{Type: gputypes.BufferBindingTypeReadOnlyStorage, MinBindingSize: 8}, e.Buffer)
}

// TestCheckedPipeline makes a render pipeline of a descriptor the host built, whose fragment
// stage samples a texture the layout shows the vertex stage only: CreateRenderPipeline refuses
// it, where gogpu/wgpu hands it to the driver (and lavapipe crashes, see
// TestUncheckedPipelineCrashes).
func TestCheckedPipeline(t *testing.T) {
	d, v := requireDevice(t)
	defer v.Check(t)
	desc, release := wrongVisibility(t, d)
	defer release()
	_, err := gogpu.CreateRenderPipeline(d, desc)
	assert.EqualError(t, err, "gogpu: draw.wgsl: entry point fs: @group(1) @binding(0) albedo is visible to vertex only in the layout, and the fragment entry point uses it")
}

// wrongVisibility returns a descriptor of draw.wgsl's pipeline with a layout of this package
// whose albedo is visible to the vertex stage only.
func wrongVisibility(t *testing.T, d *wgpu.Device) (*wgpu.RenderPipelineDescriptor, func()) {
	sh := ts.DrawShader.Shader
	sh.BindGroups = append([]wgsl.BindGroup(nil), sh.BindGroups...)
	sh.BindGroups[1].Entries = append([]wgsl.Binding(nil), sh.BindGroups[1].Entries...)
	sh.BindGroups[1].Entries[0].Visibility = wgsl.Vertex
	m, err := gogpu.NewModule(d, &sh, nil)
	require.NoError(t, err)
	vs, err := gogpu.VertexBufferLayout(ts.DrawShader.Vs().VertexBuffers[0].PerVertex())
	require.NoError(t, err)
	is, err := gogpu.VertexBufferLayout(ts.DrawShader.Vs().VertexBuffers[1].PerInstance())
	require.NoError(t, err)
	return &wgpu.RenderPipelineDescriptor{Label: "wrong visibility", Layout: m.Layout.PipelineLayout,
		Vertex:      wgpu.VertexState{Module: m.Module, EntryPoint: "vs", Buffers: []wgpu.VertexBufferLayout{vs, is}},
		Fragment:    &wgpu.FragmentState{Module: m.Module, EntryPoint: "fs", Targets: []gputypes.ColorTargetState{{Format: gputypes.TextureFormatRGBA8Unorm, WriteMask: gputypes.ColorWriteMaskAll}}},
		Primitive:   gputypes.PrimitiveState{Topology: gputypes.PrimitiveTopologyTriangleList},
		Multisample: gputypes.MultisampleState{Count: 1, Mask: ^uint64(0)}}, m.Release
}

// crashEnv runs TestUncheckedPipelineCrashes's pipeline in a process of its own.
const crashEnv = "WGSLGO_GOGPU_UNCHECKED_PIPELINE"

// TestUncheckedPipelineCrashes is TestCheckedPipeline's negative control: the same
// descriptor given to gogpu/wgpu itself, in a child process, kills it.
func TestUncheckedPipelineCrashes(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		d, _ := requireDevice(t)
		desc, _ := wrongVisibility(t, d)
		_, err := d.CreateRenderPipeline(desc)
		t.Fatalf("gogpu/wgpu returned: %v", err)
	}
	requireDevice(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestUncheckedPipelineCrashes$", "-test.v")
	// The child runs without the validation layer, whose log is this process's.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "VK_INSTANCE_LAYERS=") && !strings.HasPrefix(kv, "VK_LAYER_SETTINGS_PATH=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, crashEnv+"=1", "WGSLGO_VK_VALIDATION=0")
	out, err := cmd.CombinedOutput()
	require.Error(t, err, "the child survived:\n%s", out)
	crash := regexp.MustCompile(`SIG(BUS|SEGV)`).FindString(string(out))
	require.NotEmpty(t, crash, "the child failed otherwise:\n%s", out)
	t.Logf("the child: %v: %s", err, firstLine(string(out), crash))
}

// firstLine returns the first line of s that holds sub.
func firstLine(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// TestWGSLPath runs particles.wgsl through gogpu/wgpu's WGSL path (gogpu/naga), which its
// backends other than Vulkan take, here on Vulkan: the override values are substituted, so
// the workgroup size of 128 reaches the pipeline that gogpu/naga would otherwise make 1×1×1.
func TestWGSLPath(t *testing.T) {
	d, v := requireDevice(t)
	defer v.Check(t)
	sh := &particles.ParticlesShader
	o := hosttest.ParticlesOverrides()
	m, err := gogpu.NewModuleWGSL(d, &sh.Shader, &gogpu.ModuleOptions{Overrides: o.Values()})
	require.NoError(t, err)
	defer m.Release()
	assert.Empty(t, m.Plan().Code.SPIRV)
	pipe, err := m.NewComputePipeline(d, sh.Step())
	require.NoError(t, err)
	params, err := gogpu.NewBuffer(d, "params", wgpu.BufferUsageUniform, hosttest.ParticlesParams.Bytes())
	require.NoError(t, err)
	items, err := gogpu.NewBuffer(d, "particles", wgpu.BufferUsageStorage|wgpu.BufferUsageCopySrc, hosttest.ParticlesInput)
	require.NoError(t, err)
	bg, err := m.NewBindGroup(d, 0, gogpu.Buffer(sh.Params(), params), gogpu.Buffer(sh.Particles(), items))
	require.NoError(t, err)
	enc, err := d.CreateCommandEncoder(nil)
	require.NoError(t, err)
	pass, err := enc.BeginComputePass(nil)
	require.NoError(t, err)
	pass.SetPipeline(pipe)
	pass.SetBindGroup(0, bg, nil)
	pass.Dispatch(hosttest.ParticlesGroups[0], 1, 1)
	require.NoError(t, pass.End())
	cmd, err := enc.Finish()
	require.NoError(t, err)
	_, err = d.Queue().Submit(cmd)
	require.NoError(t, err)
	gotHeader, got, err := host.ReadStructArray(gogpu.Reader(d, items), particles.DecodeParticles)
	require.NoError(t, err)
	_, in, err := particles.DecodeParticles(hosttest.ParticlesInput)
	require.NoError(t, err)
	wantHeader, want := hosttest.StepParticles(hosttest.ParticlesParams, hosttest.ParticlesHeader, in)
	assert.Equal(t, wantHeader, gotHeader)
	assert.Equal(t, want, got)
}
