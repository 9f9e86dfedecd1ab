package webgpu

import (
	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// Module is a generated shader made into wgpu objects: its shader module and the Layout its
// pipelines use (see host.Module).
type Module struct {
	Shader *wgsl.Shader
	Module *wgpu.ShaderModule
	Layout *Layout

	// Constants are the WebGPU pipeline constants of the override values (see
	// PipelineConstants). cogentcore/webgpu v0.23.0 cannot pass them (its
	// ProgrammableStageDescriptor has no constants), so the module is compiled from WGSL with
	// the values substituted instead; a binding that has pipeline constants sets these on
	// every stage of the module's pipelines.
	Constants []wgpu.ConstantEntry

	plan *host.Module
}

// ModuleOptions are the host's choices for a Module; Layout, when set, is a *Layout of
// NewLayout (see host.ModuleOptions).
type ModuleOptions = host.ModuleOptions

// NewModule creates the shader module of s from its WGSL text, with the override values
// substituted and var<immediate> spelled var<push_constant> for wgpu-native's WGSL compiler
// (Shader.WGSLWithPushConstants), and its layout (see Layout). A shader with var<immediate>
// data needs a device with wgpu.NativeFeaturePushConstants.
func NewModule(device *wgpu.Device, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	if opts == nil {
		opts = &ModuleOptions{}
	}
	plan, err := Profile.NewModule(s, opts)
	if err != nil {
		return nil, err
	}
	m := &Module{Shader: s, plan: plan}
	if m.Constants, err = PipelineConstants(s, opts.Overrides); err != nil {
		return nil, err
	}
	if plan.OwnLayout {
		if m.Layout, err = newLayout(device, plan.Layout); err != nil {
			return nil, err
		}
	} else if m.Layout, err = adapterLayout(opts.Layout); err != nil {
		return nil, err
	}
	m.Module, err = device.CreateShaderModule(&wgpu.ShaderModuleDescriptor{
		Label:          plan.Label,
		WGSLDescriptor: &wgpu.ShaderModuleWGSLDescriptor{Code: plan.Code.WGSL},
	})
	if err != nil {
		m.Release()
		return nil, Profile.Wrap(s.Source, err)
	}
	return m, nil
}

// adapterLayout returns the *Layout a ModuleOptions.Layout holds.
func adapterLayout(l host.LayoutPlan) (*Layout, error) {
	if own, ok := l.(*Layout); ok {
		return own, nil
	}
	return nil, Profile.Wrap(l.Plan().Label, errNotOurs)
}

// Plan returns the core's plan of the module.
func (m *Module) Plan() *host.Module { return m.plan }

// Release releases the module's wgpu objects, and its layout when it is its own.
func (m *Module) Release() {
	m.plan.Release()
	if m.plan.OwnLayout && m.Layout != nil {
		m.Layout.Release()
	}
	if m.Module != nil {
		m.Module.Release()
		m.Module = nil
	}
}

// WorkgroupSize returns the workgroup size of compute entry point e with the module's override
// values (see wgsl.Shader.WorkgroupSize): with wgsl.WorkgroupCount, how many workgroups to
// dispatch.
func (m *Module) WorkgroupSize(e *wgsl.EntryPoint) ([3]uint32, error) { return m.plan.WorkgroupSize(e) }

// PipelineConstants returns WebGPU's pipeline constants for override values given by name
// (see host.Profile.PipelineConstants).
func PipelineConstants(s *wgsl.Shader, values map[string]float64) ([]wgpu.ConstantEntry, error) {
	cs, err := Profile.PipelineConstants(s, values)
	out := make([]wgpu.ConstantEntry, len(cs))
	for i, c := range cs {
		out[i] = wgpu.ConstantEntry{Key: c.Key, Value: c.Value}
	}
	return out, err
}

// ComputePipelineDescriptor returns the descriptor of the compute pipeline of entry point e.
func (m *Module) ComputePipelineDescriptor(e *wgsl.EntryPoint) (*wgpu.ComputePipelineDescriptor, error) {
	label, err := m.plan.ComputeLabel(e)
	if err != nil {
		return nil, err
	}
	return &wgpu.ComputePipelineDescriptor{
		Label:   label,
		Layout:  m.Layout.PipelineLayout,
		Compute: wgpu.ProgrammableStageDescriptor{Module: m.Module, EntryPoint: e.Name},
	}, nil
}

// NewComputePipeline creates the compute pipeline of entry point e.
func (m *Module) NewComputePipeline(device *wgpu.Device, e *wgsl.EntryPoint) (*wgpu.ComputePipeline, error) {
	desc, err := m.ComputePipelineDescriptor(e)
	if err != nil {
		return nil, err
	}
	p, err := device.CreateComputePipeline(desc)
	return p, Profile.Wrap(desc.Label, err)
}

// RenderPipelineOptions are the host's choices for a render pipeline of a Module (see
// host.RenderOptions; FragmentModule is a *Module).
type RenderPipelineOptions = host.RenderOptions[wgpu.ColorTargetState, wgpu.TextureFormat, wgpu.PrimitiveState, *wgpu.DepthStencilState, wgpu.MultisampleState]

var targets = host.Targets[wgpu.ColorTargetState, wgpu.TextureFormat]{
	Of: func(f wgpu.TextureFormat) wgpu.ColorTargetState {
		return wgpu.ColorTargetState{Format: f, WriteMask: wgpu.ColorWriteMaskAll}
	},
	Format: func(t wgpu.ColorTargetState) wgpu.TextureFormat { return t.Format },
	DefaultMask: func(t wgpu.ColorTargetState) wgpu.ColorTargetState {
		if t.WriteMask == wgpu.ColorWriteMaskNone {
			t.WriteMask = wgpu.ColorWriteMaskAll
		}
		return t
	},
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
	desc := &wgpu.RenderPipelineDescriptor{
		Label:        r.Label,
		Layout:       m.Layout.PipelineLayout,
		Vertex:       wgpu.VertexState{Module: m.Module, EntryPoint: o.Vertex.Name, Buffers: buffers},
		Primitive:    o.Primitive,
		DepthStencil: o.DepthStencil,
		Multisample:  o.Multisample,
	}
	if desc.Multisample == (wgpu.MultisampleState{}) {
		desc.Multisample = wgpu.MultisampleState{Count: 1, Mask: ^uint32(0)}
	}
	if r.Fragment == nil {
		return desc, nil
	}
	ts, err := host.ColorTargets(o.Fragment, o.Targets, o.Formats, targets)
	if err != nil {
		return nil, r.Fragment.FragmentErr(o.Fragment, err)
	}
	fm, ok := o.FragmentModule.(*Module)
	if !ok {
		fm = m
	}
	desc.Fragment = &wgpu.FragmentState{Module: fm.Module, EntryPoint: o.Fragment.Name, Targets: ts}
	return desc, nil
}

// NewRenderPipeline creates the render pipeline of the options.
func (m *Module) NewRenderPipeline(device *wgpu.Device, o *RenderPipelineOptions) (*wgpu.RenderPipeline, error) {
	desc, err := m.RenderPipelineDescriptor(o)
	if err != nil {
		return nil, err
	}
	p, err := device.CreateRenderPipeline(desc)
	return p, Profile.Wrap(desc.Label, err)
}
