package gogpu

import (
	"github.com/gogpu/gputypes"
	"github.com/gogpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/host"
)

// Module is a generated shader made into the binding's objects: its shader module and the
// Layout its pipelines use (see host.Module).
type Module struct {
	Shader *wgsl.Shader
	Module *wgpu.ShaderModule
	Layout *Layout

	plan *host.Module
}

// ModuleOptions are the host's choices for a Module; Layout, when set, is a *Layout of
// NewLayout (see host.ModuleOptions).
type ModuleOptions = host.ModuleOptions

// NewModule creates the shader module of s from the table's SPIR-V, with the override values
// as the defaults of its specialization constants (gogpu/wgpu's pipelines apply no constants,
// and its Vulkan backend hands the words to the driver as they are), and its layout (see
// Layout). It is for the Vulkan backend; NewModuleWGSL is for the others.
func NewModule(device *wgpu.Device, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	return newModule(device, Profile, s, opts)
}

// NewModuleWGSL creates the shader module of s from the table's WGSL, with the override
// values substituted, for the backends of gogpu/wgpu that take only WGSL (Metal, DX12, GLES),
// which compile it with gogpu/naga. (gogpu/wgpu's device does not tell its backend: the
// adapter's Info().Backend does.)
func NewModuleWGSL(device *wgpu.Device, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	return newModule(device, WGSLProfile, s, opts)
}

func newModule(device *wgpu.Device, p *host.Profile, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	plan, err := p.NewModule(s, opts)
	if err != nil {
		return nil, err
	}
	m := &Module{Shader: s, plan: plan}
	if !plan.OwnLayout {
		if m.Layout, _ = opts.Layout.(*Layout); m.Layout == nil {
			return nil, Profile.Wrap(plan.Layout.Label, errNotOurs)
		}
	} else if m.Layout, err = makeLayout(device, plan.Layout); err != nil {
		return nil, err
	}
	m.Module, err = device.CreateShaderModule(&wgpu.ShaderModuleDescriptor{Label: plan.Label, WGSL: plan.Code.WGSL, SPIRV: plan.Code.SPIRV})
	if err != nil {
		m.Release()
		return nil, Profile.Wrap(s.Source, err)
	}
	known.modules.Store(m.Module, m)
	return m, nil
}

// Plan returns the core's plan of the module.
func (m *Module) Plan() *host.Module { return m.plan }

// Release releases the module's objects, and its layout when it is its own.
func (m *Module) Release() {
	m.plan.Release()
	if m.plan.OwnLayout && m.Layout != nil {
		m.Layout.Release()
	}
	if m.Module != nil {
		known.modules.Delete(m.Module)
		m.Module.Release()
		m.Module = nil
	}
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
	return &wgpu.ComputePipelineDescriptor{Label: label, Layout: m.Layout.PipelineLayout, Module: m.Module, EntryPoint: e.Name}, nil
}

// NewComputePipeline creates the compute pipeline of entry point e.
func (m *Module) NewComputePipeline(device *wgpu.Device, e *wgsl.EntryPoint) (*wgpu.ComputePipeline, error) {
	desc, err := m.ComputePipelineDescriptor(e)
	if err != nil {
		return nil, err
	}
	return CreateComputePipeline(device, desc)
}

// RenderPipelineOptions are the host's choices for a render pipeline of a Module (see
// host.RenderOptions; FragmentModule is a *Module).
type RenderPipelineOptions = host.RenderOptions[gputypes.ColorTargetState, gputypes.TextureFormat, gputypes.PrimitiveState, *wgpu.DepthStencilState, gputypes.MultisampleState]

var targets = host.Targets[gputypes.ColorTargetState, gputypes.TextureFormat]{
	Of: func(f gputypes.TextureFormat) gputypes.ColorTargetState {
		return gputypes.ColorTargetState{Format: f, WriteMask: gputypes.ColorWriteMaskAll}
	},
	Format: func(t gputypes.ColorTargetState) gputypes.TextureFormat { return t.Format },
	DefaultMask: func(t gputypes.ColorTargetState) gputypes.ColorTargetState {
		if t.WriteMask == 0 {
			t.WriteMask = gputypes.ColorWriteMaskAll
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
	desc := &wgpu.RenderPipelineDescriptor{Label: r.Label, Layout: m.Layout.PipelineLayout,
		Primitive: o.Primitive, DepthStencil: o.DepthStencil, Multisample: o.Multisample}
	if desc.Multisample == (gputypes.MultisampleState{}) {
		desc.Multisample = gputypes.MultisampleState{Count: 1, Mask: ^uint64(0)}
	}
	desc.Vertex = wgpu.VertexState{Module: m.Module, EntryPoint: o.Vertex.Name}
	if desc.Vertex.Buffers, err = host.Map(r.Buffers, VertexBufferLayout); err != nil {
		return nil, Profile.Wrap(m.Shader.Source, err)
	}
	if r.Fragment != nil {
		fm, _ := o.FragmentModule.(*Module)
		if fm == nil {
			fm = m
		}
		desc.Fragment = &wgpu.FragmentState{Module: fm.Module, EntryPoint: o.Fragment.Name}
		if desc.Fragment.Targets, err = host.ColorTargets(o.Fragment, o.Targets, o.Formats, targets); err != nil {
			return nil, r.Fragment.FragmentErr(o.Fragment, err)
		}
	}
	return desc, nil
}

// NewRenderPipeline creates the render pipeline of the options.
func (m *Module) NewRenderPipeline(device *wgpu.Device, o *RenderPipelineOptions) (*wgpu.RenderPipeline, error) {
	desc, err := m.RenderPipelineDescriptor(o)
	if err != nil {
		return nil, err
	}
	return CreateRenderPipeline(device, desc)
}
