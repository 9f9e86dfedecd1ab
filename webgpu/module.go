package webgpu

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Module is a generated shader made into wgpu objects: its shader module and the Layout its
// pipelines use. The layout is the module's own, of its entry points, unless it was given one
// that several modules share (ModuleOptions.Layout): every pipeline of the module uses it, so
// one bind group serves all of them.
type Module struct {
	Shader *wgsl.Shader
	Module *wgpu.ShaderModule
	Layout *Layout

	// Constants are the WebGPU pipeline constants of the override values (see
	// PipelineConstants). cogentcore/webgpu v0.23.0 cannot pass them (its
	// ProgrammableStageDescriptor has no constants), so the module is compiled from WGSL with
	// the values substituted (Shader.WGSLWith) instead; a binding that has pipeline
	// constants sets these on every stage of the module's pipelines.
	Constants []wgpu.ConstantEntry

	overrides map[string]float64
	ownLayout bool
}

// ModuleOptions are the host's choices for a Module; the zero value takes the defaults.
type ModuleOptions struct {
	// Label names the wgpu objects; the default is the shader's source name.
	Label string
	// Overrides are the override values by override name, as the generated Overrides type's
	// Values method returns them; overrides without one keep their defaults.
	Overrides map[string]float64
	// EntryPoints and DynamicOffsets are the options of the module's own layout (see
	// LayoutOptions): the entry points it serves, all when empty, and the buffer bindings
	// whose bind groups are set with dynamic offsets.
	EntryPoints    []*wgsl.EntryPoint
	DynamicOffsets []wgsl.BindingRef
	// Layout, when set, is the layout of the module's pipelines and bind groups instead of
	// one of its own: one that NewLayout made with this shader among others, shared with
	// their modules (a vertex shader's module and a fragment shader's). The module does not
	// release it. EntryPoints and DynamicOffsets are then the layout's options, not the
	// module's.
	Layout *Layout
}

// NewModule creates the shader module of s from its WGSL text, with the override values
// substituted and var<immediate> spelled var<push_constant> for wgpu-native's WGSL compiler
// (Shader.WGSLWithPushConstants), and its layout (see Layout). A shader with var<immediate>
// data needs a device with wgpu.NativeFeaturePushConstants.
func NewModule(device *wgpu.Device, s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	if opts == nil {
		opts = &ModuleOptions{}
	}
	label := opts.Label
	if label == "" {
		label = s.Source
	}
	m := &Module{Shader: s, overrides: maps.Clone(opts.Overrides)}
	var plan *layoutPlan
	switch {
	case opts.Layout == nil:
		var err error
		if plan, err = planLayout(label, []*wgsl.Shader{s}, opts.EntryPoints, opts.DynamicOffsets); err != nil {
			return nil, err
		}
	case len(opts.EntryPoints) > 0 || len(opts.DynamicOffsets) > 0:
		return nil, fmt.Errorf("webgpu: %s: ModuleOptions.EntryPoints and DynamicOffsets are for the module's own layout, not a shared one (give them to NewLayout)", s.Source)
	case opts.Layout.PipelineLayout == nil:
		return nil, fmt.Errorf("webgpu: %s: the layout %s is released", s.Source, opts.Layout.plan.label)
	case !opts.Layout.plan.has(s):
		return nil, fmt.Errorf("webgpu: %s: the layout %s is not one of this shader (NewLayout(device, opts, &XShader.Shader, ...) with this table)", s.Source, opts.Layout.plan.label)
	}
	if len(s.Immediates) > 0 {
		var names []string
		var size uint32
		for _, im := range s.Immediates {
			names = append(names, im.Name)
			size = max(size, uint32(AlignUp(uint64(im.Size), CopyBufferAlignment)))
		}
		if err := checkPushConstants(device, s.Source, names, size); err != nil {
			return nil, err
		}
	}
	code, err := s.WGSLWithPushConstants(opts.Overrides)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", s.Source, err)
	}
	if m.Constants, err = PipelineConstants(s, opts.Overrides); err != nil {
		return nil, err
	}
	m.Module, err = device.CreateShaderModule(&wgpu.ShaderModuleDescriptor{
		Label:          label,
		WGSLDescriptor: &wgpu.ShaderModuleWGSLDescriptor{Code: code},
	})
	if err != nil {
		for _, directive := range []string{"enable", "requires"} {
			if strings.Contains(err.Error(), "found '"+directive+"'") {
				return nil, fmt.Errorf("webgpu: %s: the WGSL compiler of cogentcore/webgpu v0.23.0 (an older naga) reads no %s directive, "+
					"so shaders that need a WGSL extension or language feature (enable f16, say) cannot run through this binding: %w",
					s.Source, directive, err)
			}
		}
		return nil, fmt.Errorf("webgpu: %s: %w", s.Source, err)
	}
	if opts.Layout != nil {
		m.Layout = opts.Layout
		return m, nil
	}
	if m.Layout, err = newLayout(device, plan); err != nil {
		m.Module.Release()
		return nil, err
	}
	m.ownLayout = true
	return m, nil
}

// Release releases the module's wgpu objects, and its layout when it is its own.
func (m *Module) Release() {
	if m.ownLayout && m.Layout != nil {
		m.Layout.Release()
	}
	if m.Module != nil {
		m.Module.Release()
	}
	*m = Module{Shader: m.Shader}
}

// WorkgroupSize returns the workgroup size of compute entry point e with the module's override
// values (see wgsl.Shader.WorkgroupSize): with wgsl.WorkgroupCount, how many workgroups to
// dispatch.
func (m *Module) WorkgroupSize(e *wgsl.EntryPoint) ([3]uint32, error) {
	return m.Shader.WorkgroupSize(e, m.overrides)
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

// entry checks that e is an entry point of the module's shader with the given stage, which
// its layout serves.
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
	if m.Layout.PipelineLayout == nil {
		return fmt.Errorf("webgpu: %s: the layout %s is released", m.Shader.Source, m.Layout.plan.label)
	}
	if !m.Layout.plan.serves(m.Shader, e.Name) {
		return fmt.Errorf("webgpu: %s: the layout %s does not serve entry point %s (see ModuleOptions.EntryPoints)", m.Shader.Source, m.Layout.plan.label, e.Name)
	}
	return nil
}

// ComputePipelineDescriptor returns the descriptor of the compute pipeline of entry point e.
func (m *Module) ComputePipelineDescriptor(e *wgsl.EntryPoint) (*wgpu.ComputePipelineDescriptor, error) {
	if err := m.entry(e, wgsl.Compute); err != nil {
		return nil, err
	}
	if im := m.Shader.EntryPoint(e.Name).Immediate; im != "" {
		return nil, fmt.Errorf("webgpu: %s: compute entry point %s uses var<immediate> %s, which cogentcore/webgpu v0.23.0 cannot set: "+
			"it has no ComputePassEncoder.SetPushConstants (render passes have one, see Layout.SetImmediates); pass the data in a uniform buffer",
			m.Shader.Source, e.Name, im)
	}
	return &wgpu.ComputePipelineDescriptor{
		Label:   m.Shader.Source + " " + e.Name,
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
	// Fragment is the fragment entry point, nil for none: one of the module's, or of
	// FragmentModule, a module that shares the module's layout (ModuleOptions.Layout), when
	// vertex and fragment entry points are in separate shaders. Targets are its color targets by
	// @location, one for every location it writes (a gap has format Undefined). A zero
	// WriteMask stands for all channels, WebGPU's default, which Go's zero value cannot
	// otherwise say; a target with nothing to write has no use. Formats is the short form:
	// one format per location, no blending, all channels written. Give one of them.
	Fragment       *wgsl.EntryPoint
	FragmentModule *Module
	Targets        []wgpu.ColorTargetState
	Formats        []wgpu.TextureFormat

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
		Layout:       m.Layout.PipelineLayout,
		Vertex:       wgpu.VertexState{Module: m.Module, EntryPoint: o.Vertex.Name, Buffers: buffers},
		Primitive:    o.Primitive,
		DepthStencil: o.DepthStencil,
		Multisample:  o.Multisample,
	}
	if desc.Multisample == (wgpu.MultisampleState{}) {
		desc.Multisample = wgpu.MultisampleState{Count: 1, Mask: ^uint32(0)}
	}
	if o.Fragment == nil {
		if len(o.Targets) > 0 || len(o.Formats) > 0 || o.FragmentModule != nil {
			return nil, fmt.Errorf("webgpu: %s: color targets or a fragment module without a fragment entry point", m.Shader.Source)
		}
		return desc, nil
	}
	fm := m
	if o.FragmentModule != nil {
		fm = o.FragmentModule
		if fm.Layout != m.Layout {
			return nil, fmt.Errorf("webgpu: %s and %s have layouts of their own: a pipeline of both needs one layout of both shaders (NewLayout, ModuleOptions.Layout)",
				m.Shader.Source, fm.Shader.Source)
		}
	}
	if err := fm.entry(o.Fragment, wgsl.Fragment); err != nil {
		return nil, err
	}
	targets, err := colorTargets(o)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: entry point %s: %w", fm.Shader.Source, o.Fragment.Name, err)
	}
	desc.Fragment = &wgpu.FragmentState{Module: fm.Module, EntryPoint: o.Fragment.Name, Targets: targets}
	if o.Label == "" && fm != m {
		desc.Label = m.Shader.Source + " " + o.Vertex.Name + "+" + fm.Shader.Source + " " + o.Fragment.Name
	}
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
