package webgpu

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Module is a generated shader made into wgpu objects: its shader module, one bind group
// layout per group and the pipeline layout that holds them. The layout is the module's:
// every entry point's pipeline uses it, so one bind group serves all pipelines of a module.
type Module struct {
	Shader           *wgsl.Shader
	Module           *wgpu.ShaderModule
	BindGroupLayouts []*wgpu.BindGroupLayout // BindGroupLayouts[i] is @group(i)
	Layout           *wgpu.PipelineLayout

	// Constants are the WebGPU pipeline constants of the override values (see
	// PipelineConstants). cogentcore/webgpu v0.23.0 cannot pass them (its
	// ProgrammableStageDescriptor has no constants), so the module is compiled from WGSL with
	// the values substituted (Shader.WGSLWith) instead; a binding that has pipeline
	// constants sets these on every stage of the module's pipelines.
	Constants []wgpu.ConstantEntry

	dynamic []wgsl.BindingRef
}

// ModuleOptions are the host's choices for a Module; the zero value takes the defaults.
type ModuleOptions struct {
	// Label names the wgpu objects; the default is the shader's source name.
	Label string
	// Overrides are the override values by override name, as the generated Overrides type's
	// Values method returns them; overrides without one keep their defaults.
	Overrides map[string]float64
	// DynamicOffsets are the buffer bindings whose layout entries have HasDynamicOffset:
	// their bind group is set with one offset each (see PackUniforms).
	DynamicOffsets []wgsl.BindingRef
}

// NewModule creates the shader module of s from its WGSL text (with the override values
// substituted), the bind group layout of every group and the pipeline layout. A shader
// with var<immediate> data is refused: wgpu-native's WGSL compiler does not read it.
func NewModule(device *wgpu.Device, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	if opts == nil {
		opts = &ModuleOptions{}
	}
	label := opts.Label
	if label == "" {
		label = s.Source
	}
	if len(s.Immediates) > 0 {
		// naga (wgpu-native's WGSL compiler) spells the address space push_constant, behind
		// wgpu-native's PushConstants feature, and rejects var<immediate>: "unknown address
		// space". The table does not say where the address space is written, so the WGSL
		// cannot be rewritten safely here.
		return nil, fmt.Errorf("webgpu: %s declares var<immediate> %s, which wgpu-native's WGSL compiler does not read (it knows only var<push_constant>)",
			s.Source, s.Immediates[0].Name)
	}
	code, err := s.WGSLWith(opts.Overrides)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", s.Source, err)
	}
	constants, err := PipelineConstants(s, opts.Overrides)
	if err != nil {
		return nil, err
	}
	m := &Module{Shader: s, Constants: constants, dynamic: slices.Clone(opts.DynamicOffsets)}
	for _, ref := range m.dynamic {
		if s.Binding(ref.Group, ref.Binding) == nil {
			return nil, fmt.Errorf("webgpu: %s has no @group(%d) @binding(%d) to give a dynamic offset", s.Source, ref.Group, ref.Binding)
		}
	}
	descs := make([]*wgpu.BindGroupLayoutDescriptor, len(s.BindGroups))
	for g := range s.BindGroups {
		if descs[g], err = BindGroupLayoutDescriptor(s, uint32(g), m.dynamic); err != nil {
			return nil, err
		}
	}
	m.Module, err = device.CreateShaderModule(&wgpu.ShaderModuleDescriptor{
		Label:          label,
		WGSLDescriptor: &wgpu.ShaderModuleWGSLDescriptor{Code: code},
	})
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", s.Source, err)
	}
	for _, desc := range descs {
		l, err := device.CreateBindGroupLayout(desc)
		if err != nil {
			m.Release()
			return nil, fmt.Errorf("webgpu: %s: %w", desc.Label, err)
		}
		m.BindGroupLayouts = append(m.BindGroupLayouts, l)
	}
	m.Layout, err = device.CreatePipelineLayout(&wgpu.PipelineLayoutDescriptor{Label: label, BindGroupLayouts: m.BindGroupLayouts})
	if err != nil {
		m.Release()
		return nil, fmt.Errorf("webgpu: %s: %w", s.Source, err)
	}
	return m, nil
}

// Release releases the module's wgpu objects.
func (m *Module) Release() {
	if m.Layout != nil {
		m.Layout.Release()
	}
	for _, l := range m.BindGroupLayouts {
		l.Release()
	}
	if m.Module != nil {
		m.Module.Release()
	}
	*m = Module{Shader: m.Shader}
}

// PipelineConstants returns WebGPU's pipeline constants for override values given by name:
// the values converted to the overrides' types and keyed by the overrides' keys (an @id in
// decimal, else the name), in key order. It is for bindings whose pipelines take constants;
// NewModule substitutes the values in the WGSL instead.
func PipelineConstants(s *wgsl.Shader, values map[string]float64) ([]wgpu.ConstantEntry, error) {
	byKey, err := s.PipelineConstants(values)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", s.Source, err)
	}
	out := make([]wgpu.ConstantEntry, 0, len(byKey))
	for k, v := range byKey {
		out = append(out, wgpu.ConstantEntry{Key: k, Value: v})
	}
	slices.SortFunc(out, func(a, b wgpu.ConstantEntry) int {
		if a.Key < b.Key {
			return -1
		}
		if a.Key > b.Key {
			return 1
		}
		return 0
	})
	return out, nil
}

// entry checks that e is an entry point of the module's shader with the given stage.
func (m *Module) entry(e *wgsl.EntryPoint, stage wgsl.ShaderStage) error {
	if e == nil {
		return fmt.Errorf("webgpu: %s: no %v entry point given", m.Shader.Source, stage)
	}
	own := m.Shader.EntryPoint(e.Name)
	if own == nil {
		return fmt.Errorf("webgpu: %s has no entry point %s", m.Shader.Source, e.Name)
	}
	if own.Stage != stage {
		return fmt.Errorf("webgpu: %s: entry point %s is a %v entry point, not %v", m.Shader.Source, e.Name, own.Stage, stage)
	}
	if m.Module == nil {
		return fmt.Errorf("webgpu: %s: the module is released", m.Shader.Source)
	}
	return nil
}

// ComputePipelineDescriptor returns the descriptor of the compute pipeline of entry point e.
func (m *Module) ComputePipelineDescriptor(e *wgsl.EntryPoint) (*wgpu.ComputePipelineDescriptor, error) {
	if err := m.entry(e, wgsl.Compute); err != nil {
		return nil, err
	}
	return &wgpu.ComputePipelineDescriptor{
		Label:   m.Shader.Source + " " + e.Name,
		Layout:  m.Layout,
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
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", desc.Label, err)
	}
	return p, nil
}

// RenderPipelineOptions are the host's choices for a render pipeline of a Module.
type RenderPipelineOptions struct {
	// Label names the pipeline; the default is the shader's and the entry points' names.
	Label string
	// Vertex is the vertex entry point; StepModes has one step mode for each of its vertex
	// buffers (Vertex.VertexBuffers[i] is slot i): whether the buffer advances per vertex or
	// per instance is the host's choice.
	Vertex    *wgsl.EntryPoint
	StepModes []wgsl.VertexStepMode
	// Fragment is the fragment entry point, nil for none. Targets are its color targets by
	// @location, one for every location it writes (a gap has format Undefined). A zero
	// WriteMask stands for all channels, WebGPU's default, which Go's zero value cannot
	// otherwise say; a target with nothing to write has no use. Formats is the short form:
	// one format per location, no blending, all channels written. Give one of them.
	Fragment *wgsl.EntryPoint
	Targets  []wgpu.ColorTargetState
	Formats  []wgpu.TextureFormat

	// Primitive, DepthStencil and Multisample go to the descriptor as given, except that
	// a zero Multisample (no samples, a zero mask) becomes 1 sample, all bits of the mask.
	// Note that the zero Topology is a point list: set wgpu.PrimitiveTopologyTriangleList.
	Primitive    wgpu.PrimitiveState
	DepthStencil *wgpu.DepthStencilState
	Multisample  wgpu.MultisampleState
}

// RenderPipelineDescriptor returns the descriptor of a render pipeline: the module's layout,
// the vertex buffer layouts of the vertex entry point with the chosen step modes, and the
// color targets of the fragment entry point's outputs.
func (m *Module) RenderPipelineDescriptor(o *RenderPipelineOptions) (*wgpu.RenderPipelineDescriptor, error) {
	if err := m.entry(o.Vertex, wgsl.Vertex); err != nil {
		return nil, err
	}
	buffers, err := VertexBufferLayouts(o.Vertex, o.StepModes...)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", m.Shader.Source, err)
	}
	label := o.Label
	if label == "" {
		label = m.Shader.Source + " " + o.Vertex.Name
		if o.Fragment != nil {
			label += "+" + o.Fragment.Name
		}
	}
	desc := &wgpu.RenderPipelineDescriptor{
		Label:        label,
		Layout:       m.Layout,
		Vertex:       wgpu.VertexState{Module: m.Module, EntryPoint: o.Vertex.Name, Buffers: buffers},
		Primitive:    o.Primitive,
		DepthStencil: o.DepthStencil,
		Multisample:  o.Multisample,
	}
	if desc.Multisample == (wgpu.MultisampleState{}) {
		desc.Multisample = wgpu.MultisampleState{Count: 1, Mask: ^uint32(0)}
	}
	if o.Fragment == nil {
		if len(o.Targets) > 0 || len(o.Formats) > 0 {
			return nil, fmt.Errorf("webgpu: %s: color targets without a fragment entry point", m.Shader.Source)
		}
		return desc, nil
	}
	if err := m.entry(o.Fragment, wgsl.Fragment); err != nil {
		return nil, err
	}
	targets, err := colorTargets(o)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: entry point %s: %w", m.Shader.Source, o.Fragment.Name, err)
	}
	desc.Fragment = &wgpu.FragmentState{Module: m.Module, EntryPoint: o.Fragment.Name, Targets: targets}
	return desc, nil
}

// colorTargets returns the color targets of the options, checked against the fragment entry
// point's outputs: one per location it writes.
func colorTargets(o *RenderPipelineOptions) ([]wgpu.ColorTargetState, error) {
	var targets []wgpu.ColorTargetState
	switch {
	case len(o.Targets) > 0 && len(o.Formats) > 0:
		return nil, errors.New("both Targets and Formats given")
	case len(o.Formats) > 0:
		for _, f := range o.Formats {
			targets = append(targets, wgpu.ColorTargetState{Format: f, WriteMask: wgpu.ColorWriteMaskAll})
		}
	default:
		targets = slices.Clone(o.Targets)
		for i := range targets {
			if targets[i].WriteMask == wgpu.ColorWriteMaskNone {
				targets[i].WriteMask = wgpu.ColorWriteMaskAll
			}
		}
	}
	var want uint32
	for _, out := range o.Fragment.FragmentOutputs {
		if out.BlendSrc > 0 {
			continue // the second source of a dual-source blend shares its target
		}
		want = max(want, out.Location+1)
		if int(out.Location) >= len(targets) || targets[out.Location].Format == wgpu.TextureFormatUndefined {
			return nil, fmt.Errorf("it writes @location(%d) (%s), which has no color target", out.Location, out.Type)
		}
	}
	if uint32(len(targets)) > want {
		return nil, fmt.Errorf("%d color targets given, but it writes only locations below %d", len(targets), want)
	}
	return targets, nil
}

// NewRenderPipeline creates the render pipeline of the options.
func (m *Module) NewRenderPipeline(device *wgpu.Device, o *RenderPipelineOptions) (*wgpu.RenderPipeline, error) {
	desc, err := m.RenderPipelineDescriptor(o)
	if err != nil {
		return nil, err
	}
	p, err := device.CreateRenderPipeline(desc)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", desc.Label, err)
	}
	return p, nil
}
