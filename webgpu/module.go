package webgpu

import (
	"errors"
	"fmt"
	"strings"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// ModuleOptions are the host's choices for a Module; Layout, when set, is a *Layout of
// NewLayout (see host.ModuleOptions).
type ModuleOptions = host.ModuleOptions

var errNotOurs = errors.New("not made by this package's NewLayout or NewModule")

// Module is a generated shader made into the binding's objects: its shader module and the
// Layout its pipelines use (see host.Module).
type Module struct {
	Shader *wgsl.Shader
	Module *wgpu.ShaderModule
	Layout *Layout

	plan *host.Module
}

// NewModule creates the shader module of s from its WGSL text, with the override values
// substituted (the binding's pipelines take no constants), and its layout (see Layout). A
// shader whose enable extensions need device features (f16 wgpu.FeatureNameShaderF16,
// primitive_index wgpu.FeatureNamePrimitiveIndex, ...) needs a device made with them.
func NewModule(device *wgpu.Device, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	plan, err := Profile.NewModule(s, opts)
	if err != nil {
		return nil, err
	}
	if err := hasFeatures(device, s); err != nil {
		return nil, err
	}
	m := &Module{Shader: s, plan: plan}
	var own *Layout
	if opts != nil {
		own, _ = opts.Layout.(*Layout)
	}
	switch {
	case plan.OwnLayout:
		m.Layout, err = layoutOf(device, plan.Layout)
	case own == nil:
		err = Profile.Wrap(plan.Layout.Label, errNotOurs)
	default:
		m.Layout = own
	}
	if err == nil {
		m.Module, err = try(device.TryCreateShaderModule(&wgpu.ShaderModuleDescriptor{Label: plan.Label, WGSLSource: &wgpu.ShaderSourceWGSL{Code: plan.Code.WGSL}}))
		err = Profile.Wrap(s.Source, err)
	}
	if err != nil {
		m.Release()
		return nil, err
	}
	return m, nil
}

// Plan returns the core's plan of the module.
func (m *Module) Plan() *host.Module { return m.plan }

// Release releases the module's objects, and its layout when it is its own.
func (m *Module) Release() {
	if m.Module != nil {
		m.Module.Release()
		m.Module = nil
	}
	if m.Layout != nil && m.plan.OwnLayout {
		m.Layout.Release()
	}
	m.plan.Release()
}

// WorkgroupSize returns the workgroup size of compute entry point e with the module's override
// values (see wgsl.Shader.WorkgroupSize): with wgsl.WorkgroupCount, how many workgroups to
// dispatch.
func (m *Module) WorkgroupSize(e *wgsl.EntryPoint) ([3]uint32, error) { return m.plan.WorkgroupSize(e) }

// ComputePipelineDescriptor returns the descriptor of the compute pipeline of entry point e.
func (m *Module) ComputePipelineDescriptor(e *wgsl.EntryPoint) (*wgpu.ComputePipelineDescriptor, error) {
	label, err := m.plan.ComputeLabel(e)
	if err != nil {
		return nil, err
	}
	stage := wgpu.ProgrammableStageDescriptor{Module: m.Module, EntryPoint: e.Name}
	return &wgpu.ComputePipelineDescriptor{Label: label, Layout: m.Layout.PipelineLayout, Compute: stage}, nil
}

// NewComputePipeline creates the compute pipeline of entry point e.
func (m *Module) NewComputePipeline(device *wgpu.Device, e *wgsl.EntryPoint) (*wgpu.ComputePipeline, error) {
	if desc, err := m.ComputePipelineDescriptor(e); err != nil {
		return nil, err
	} else {
		p, err := try(device.TryCreateComputePipeline(desc))
		return p, Profile.Wrap(desc.Label, err)
	}
}

// RenderPipelineOptions are the host's choices for a render pipeline of a Module (see
// host.RenderOptions; FragmentModule is a *Module).
type RenderPipelineOptions = host.RenderOptions[wgpu.ColorTargetState, wgpu.TextureFormat, wgpu.PrimitiveState, *wgpu.DepthStencilState, wgpu.MultisampleState]

// targets tells the core how the binding's color targets hold their formats.
var targets = host.Targets[wgpu.ColorTargetState, wgpu.TextureFormat]{
	Format:      func(t wgpu.ColorTargetState) wgpu.TextureFormat { return t.Format },
	Of:          func(f wgpu.TextureFormat) wgpu.ColorTargetState { return allChannels(wgpu.ColorTargetState{Format: f}) },
	DefaultMask: allChannels,
}

// RenderPipelineDescriptor returns the descriptor of a render pipeline: the module's layout,
// the vertex buffer layouts of the vertex entry point with the chosen step modes, and the
// color targets of the fragment entry point's outputs.
func (m *Module) RenderPipelineDescriptor(o *RenderPipelineOptions) (*wgpu.RenderPipelineDescriptor, error) {
	r, err := o.Plan(m)
	if err != nil {
		return nil, err
	}
	buffers, err := host.Map(r.Buffers, VertexBufferLayout)
	if err != nil {
		return nil, Profile.Wrap(m.Shader.Source, err)
	}
	multisample := o.Multisample
	if multisample == (wgpu.MultisampleState{}) {
		multisample = wgpu.MultisampleState{Count: 1, Mask: ^uint32(0)}
	}
	desc := &wgpu.RenderPipelineDescriptor{Label: r.Label, Layout: m.Layout.PipelineLayout, Primitive: o.Primitive, DepthStencil: o.DepthStencil,
		Multisample: multisample, Vertex: wgpu.VertexState{Module: m.Module, EntryPoint: o.Vertex.Name, Buffers: buffers}}
	if r.Fragment == nil {
		return desc, nil
	}
	ts, err := host.ColorTargets(o.Fragment, o.Targets, o.Formats, targets)
	if err != nil {
		return nil, r.Fragment.FragmentErr(o.Fragment, err)
	}
	module := m.Module
	if fm, ok := o.FragmentModule.(*Module); ok {
		module = fm.Module
	}
	desc.Fragment = &wgpu.FragmentState{Module: module, EntryPoint: o.Fragment.Name, Targets: ts}
	return desc, nil
}

// NewRenderPipeline creates the render pipeline of the options.
func (m *Module) NewRenderPipeline(device *wgpu.Device, o *RenderPipelineOptions) (*wgpu.RenderPipeline, error) {
	if desc, err := m.RenderPipelineDescriptor(o); err != nil {
		return nil, err
	} else {
		p, err := try(device.TryCreateRenderPipeline(desc))
		return p, Profile.Wrap(desc.Label, err)
	}
}

// allChannels returns t writing all channels where its write mask is zero, WebGPU's
// default, which Go's zero value cannot otherwise say.
func allChannels(t wgpu.ColorTargetState) wgpu.ColorTargetState {
	if t.WriteMask == wgpu.ColorWriteMaskNone {
		t.WriteMask = wgpu.ColorWriteMaskAll
	}
	return t
}

// hasFeatures returns an error naming the device features s needs that device lacks: naga
// would refuse the module with "not supported in the current environment".
func hasFeatures(device *wgpu.Device, s *wgsl.Shader) error {
	var names, consts []string
	for _, name := range host.DeviceFeatures(s) {
		f, err := deviceFeatures.Get(name)
		if err != nil {
			return err
		}
		if !device.HasFeature(f) {
			names = append(names, name)
			consts = append(consts, "wgpu.FeatureName"+goName(name))
		}
	}
	if names == nil {
		return nil
	}
	return fmt.Errorf("webgpu: %s needs the device feature %s: create the device with RequiredFeatures: []wgpu.FeatureName{%s}",
		s.Source, strings.Join(names, ", "), strings.Join(consts, ", "))
}

// goName spells a WebGPU name as webgpu.h's Go constants do: "shader-f16" ShaderF16.
func goName(name string) string {
	parts := strings.Split(name, "-")
	for i, p := range parts {
		parts[i] = strings.ToUpper(p[:1]) + p[1:]
	}
	return strings.Join(parts, "")
}
