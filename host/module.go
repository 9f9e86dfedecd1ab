package host

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Module is the plan of a shader module: what it is made from and the Layout its pipelines
// use. The layout is the module's own, of its entry points, unless it was given one that
// several modules share (ModuleOptions.Layout): every pipeline of the module uses it, so one
// bind group serves all of them.
type Module struct {
	Shader *wgsl.Shader
	// Label names the binding's objects: the option, or the shader's source name.
	Label  string
	Layout *Layout
	// OwnLayout is true when Layout is the module's own, which it releases.
	OwnLayout bool
	// Code is what the binding makes the shader module from (see Profile.Code).
	Code Code

	profile   *Profile
	overrides map[string]float64
	released  bool
}

// ModuleOptions are the host's choices for a Module; the zero value takes the defaults.
type ModuleOptions struct {
	// Label names the binding's objects; the default is the shader's source name.
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
	// one of its own: one made with this shader among others (an adapter's NewLayout),
	// shared with their modules (a vertex shader's module and a fragment shader's). The
	// module does not release it. EntryPoints and DynamicOffsets are then the layout's
	// options, not the module's.
	Layout LayoutPlan
}

// LayoutPlan is a layout an adapter made: its Layout embeds the core's, whose Plan method
// gives it.
type LayoutPlan interface{ Plan() *Layout }

// ModulePlan is a module an adapter made.
type ModulePlan interface{ Plan() *Module }

// Plan returns the layout.
func (l *Layout) Plan() *Layout { return l }

// Plan returns the module.
func (m *Module) Plan() *Module { return m }

// NewModule plans the module of s: its layout (see Layout) and what it is made from, with the
// override values (see Profile.Code).
func (p *Profile) NewModule(s *wgsl.Shader, opts *ModuleOptions) (*Module, error) {
	if opts == nil {
		opts = &ModuleOptions{}
	}
	m := &Module{Shader: s, Label: opts.Label, profile: p, overrides: maps.Clone(opts.Overrides)}
	if m.Label == "" {
		m.Label = s.Source
	}
	if opts.Layout != nil {
		m.Layout = opts.Layout.Plan()
	}
	var err error
	switch l := m.Layout; {
	case l == nil:
		m.OwnLayout = true
		m.Layout, err = p.NewLayout(&LayoutOptions{Label: m.Label, EntryPoints: opts.EntryPoints, DynamicOffsets: opts.DynamicOffsets}, s)
		if err != nil {
			return nil, err
		}
	case len(opts.EntryPoints) > 0 || len(opts.DynamicOffsets) > 0:
		return nil, p.errorf("%s: ModuleOptions.EntryPoints and DynamicOffsets are for the module's own layout, not a shared one (give them to NewLayout)", s.Source)
	case l.released:
		return nil, p.errorf("%s: the layout %s is released", s.Source, l.Label)
	case !l.Has(s):
		return nil, p.errorf("%s: the layout %s is not one of this shader (NewLayout(device, opts, &XShader.Shader, ...) with this table)", s.Source, l.Label)
	}
	if m.Code, err = p.Code(s, opts.Overrides); err != nil {
		return nil, err
	}
	return m, nil
}

// Release marks the module released, and its layout when it is its own.
func (m *Module) Release() {
	m.released = true
	if m.OwnLayout {
		m.Layout.Release()
	}
}

// Released reports whether Release was called.
func (m *Module) Released() bool { return m.released }

// WorkgroupSize returns the workgroup size of compute entry point e with the module's override
// values (see wgsl.Shader.WorkgroupSize): with wgsl.WorkgroupCount, how many workgroups to
// dispatch.
func (m *Module) WorkgroupSize(e *wgsl.EntryPoint) ([3]uint32, error) {
	return m.Shader.WorkgroupSize(e, m.overrides)
}

// Stage checks that e is an entry point of the module's shader with the given stage, which
// its layout can serve (see Layout.Stage).
func (m *Module) Stage(e *wgsl.EntryPoint, stage wgsl.ShaderStage) error {
	p, s := m.profile, m.Shader
	if e == nil {
		return p.errorf("%s: no %v entry point given", s.Source, stage)
	}
	own := s.EntryPoint(e.Name)
	if own == nil {
		return p.errorf("%s has no entry point %s", s.Source, e.Name)
	}
	if own.Stage != stage {
		return p.errorf("%s: entry point %s is a %v entry point, not %v", s.Source, e.Name, own.Stage, stage)
	}
	if m.released {
		return p.errorf("%s: the module is released", s.Source)
	}
	return m.Layout.Stage(s, own)
}

// ComputeLabel checks compute entry point e (see Stage) and returns the label of its
// pipeline.
func (m *Module) ComputeLabel(e *wgsl.EntryPoint) (string, error) {
	if err := m.Stage(e, wgsl.Compute); err != nil {
		return "", err
	}
	return m.Shader.Source + " " + e.Name, nil
}

// RenderOptions are the host's choices for a render pipeline, in a binding's types: its color
// target states T, texture formats F, primitive state P, depth-stencil state D and
// multisample state M. The adapters alias it with their binding's types.
type RenderOptions[T, F, P, D, M any] struct {
	// Label names the pipeline; the default is the shaders' and the entry points' names.
	Label string
	// Vertex is the vertex entry point; StepModes has one step mode for each of its vertex
	// buffers (Vertex.VertexBuffers[i] is slot i): whether the buffer advances per vertex or
	// per instance is the host's choice.
	Vertex    *wgsl.EntryPoint
	StepModes []wgsl.VertexStepMode
	// VertexBuffers, in place of StepModes, are the host's own vertex buffers, slot by slot,
	// when they hold the vertex entry point's inputs otherwise than its table lays them out:
	// two inputs per instance from a buffer of particles and one per vertex from a quad, or
	// a position read from a mesh whose vertices hold more. Each gives its stride, step mode
	// and, for each input it holds, its WGSL name and offset (and a format, where the buffer
	// holds another than the table's), as wgsl.EntryPoint.Regroup takes them; the pipeline
	// gets what Regroup returns, and Regroup's errors refuse it. Regroup's result serves as
	// it is.
	VertexBuffers []wgsl.VertexBufferLayout
	// Fragment is the fragment entry point, nil for none: one of the module's, or of
	// FragmentModule, a module that shares the module's layout (ModuleOptions.Layout), when
	// vertex and fragment entry points are in separate shaders.
	Fragment       *wgsl.EntryPoint
	FragmentModule ModulePlan
	// Targets are the fragment entry point's color targets by @location, one for every
	// location it writes (a gap has the zero format). A zero write mask stands for all
	// channels, WebGPU's default, which Go's zero value cannot otherwise say. Formats is the
	// short form: one format per location, no blending, all channels written. Give one of
	// them (see ColorTargets).
	Targets []T
	Formats []F
	// Primitive, DepthStencil and Multisample go to the descriptor as given, except that
	// a zero Multisample (no samples, a zero mask) becomes 1 sample, all bits of the mask.
	// Note that the zero topology is a point list: set the triangle list.
	Primitive    P
	DepthStencil D
	Multisample  M
}

// Plan checks the shaders of a render pipeline of module m with the options and plans it
// (see Module.Render).
func (o *RenderOptions[T, F, P, D, M]) Plan(m ModulePlan) (*Render, error) {
	return m.Plan().Render(o.Label, o.Vertex, o.StepModes, o.VertexBuffers, o.Fragment, o.FragmentModule, len(o.Targets)+len(o.Formats) > 0)
}

// Render is the plan of a render pipeline.
type Render struct {
	Label string
	// Buffers are the vertex entry point's vertex buffers with the chosen step modes.
	Buffers []wgsl.VertexBufferLayout
	// Fragment is the module of the fragment entry point (the vertex shader's or
	// FragmentModule), nil without one.
	Fragment *Module
}

// Render checks the shaders of a render pipeline of the module and plans it: both entry
// points (see Stage) in modules of one layout (fm when not nil, else this one's), and the
// vertex buffers: the table's with the step modes, or the host's own (own, checked by
// wgsl.EntryPoint.Regroup). hasTargets tells whether color targets were given, which need a
// fragment entry point.
func (m *Module) Render(label string, vertex *wgsl.EntryPoint, modes []wgsl.VertexStepMode, own []wgsl.VertexBufferLayout, fragment *wgsl.EntryPoint, fm ModulePlan, hasTargets bool) (*Render, error) {
	p := m.profile
	if err := m.Stage(vertex, wgsl.Vertex); err != nil {
		return nil, err
	}
	var buffers []wgsl.VertexBufferLayout
	var err error
	switch {
	case own != nil && modes != nil:
		err = fmt.Errorf("entry point %s: both step modes and vertex buffers given: the vertex buffers' own step modes are the ones that count, drop StepModes", vertex.Name)
	case own != nil:
		buffers, err = vertex.Regroup(own...)
	default:
		buffers, err = VertexBuffers(vertex, modes...)
	}
	if err != nil {
		return nil, p.errorf("%s: %w", m.Shader.Source, err)
	}
	r := &Render{Label: label, Buffers: buffers}
	if fragment == nil {
		if hasTargets || fm != nil {
			return nil, p.errorf("%s: color targets or a fragment module without a fragment entry point", m.Shader.Source)
		}
	} else {
		r.Fragment = m
		if fm != nil {
			r.Fragment = fm.Plan()
			if r.Fragment.Layout != m.Layout {
				return nil, p.errorf("%s and %s have layouts of their own: a pipeline of both needs one layout of both shaders (NewLayout, ModuleOptions.Layout)",
					m.Shader.Source, r.Fragment.Shader.Source)
			}
		}
		if err := r.Fragment.Stage(fragment, wgsl.Fragment); err != nil {
			return nil, err
		}
		if len(fragment.FragmentOutputs) == 0 && !p.Has(NoColorTargets) {
			return nil, p.errorf("%w", p.refusal(fmt.Sprintf("%s: entry point %s writes no @location", r.Fragment.Shader.Source, fragment.Name), NoColorTargets))
		}
		if l := lastLocation(fragment); l > 0 && !p.Has(ManyColorTargets) {
			return nil, p.errorf("%w", p.refusal(fmt.Sprintf("%s: entry point %s writes @location(%d)", r.Fragment.Shader.Source, fragment.Name, l), ManyColorTargets))
		}
	}
	if r.Label == "" {
		r.Label = m.Shader.Source + " " + vertex.Name
		switch {
		case r.Fragment == m:
			r.Label += "+" + fragment.Name
		case r.Fragment != nil:
			r.Label += "+" + r.Fragment.Shader.Source + " " + fragment.Name
		}
	}
	return r, nil
}

// lastLocation returns the last location fragment entry point e writes, 0 for none.
func lastLocation(e *wgsl.EntryPoint) uint32 {
	var last uint32
	for _, o := range e.FragmentOutputs {
		last = max(last, o.Location)
	}
	return last
}

// VertexBuffers returns the vertex buffers of a vertex entry point with the step modes the
// host chooses, one per buffer slot (entry.VertexBuffers[i] is slot i).
func VertexBuffers(entry *wgsl.EntryPoint, modes ...wgsl.VertexStepMode) ([]wgsl.VertexBufferLayout, error) {
	if len(modes) != len(entry.VertexBuffers) {
		return nil, fmt.Errorf("entry point %s has %d vertex buffers (%s), given %d step modes",
			entry.Name, len(entry.VertexBuffers), bufferNames(entry.VertexBuffers), len(modes))
	}
	out := slices.Clone(entry.VertexBuffers)
	for i := range out {
		out[i].StepMode = modes[i]
		if err := checkStepMode(modes[i]); err != nil {
			return nil, fmt.Errorf("entry point %s, slot %d: vertex buffer %s: %w", entry.Name, i, bufferName(out[i]), err)
		}
	}
	return out, nil
}

func checkStepMode(m wgsl.VertexStepMode) error {
	switch m {
	case wgsl.StepVertex, wgsl.StepInstance:
		return nil
	case "":
		return errors.New("no step mode: choose one with PerVertex or PerInstance")
	}
	return fmt.Errorf("unknown vertex step mode %q", m)
}

// VertexBuffer maps one vertex buffer of a generated table, whose StepMode the host has set
// (PerVertex, PerInstance), to a binding's layout L with attributes A: mode and format map the
// enums, attribute and layout build the binding's values.
func VertexBuffer[L, A, M, F any](l wgsl.VertexBufferLayout, mode func(wgsl.VertexStepMode) (M, error), format func(wgsl.VertexFormat) (F, error),
	attribute func(format F, offset uint64, location uint32) A, layout func(stride uint64, mode M, attributes []A) L) (L, error) {
	var zero L
	if err := checkStepMode(l.StepMode); err != nil {
		return zero, fmt.Errorf("vertex buffer %s: %w", bufferName(l), err)
	}
	m, err := mode(l.StepMode)
	if err != nil {
		return zero, fmt.Errorf("vertex buffer %s: %w", bufferName(l), err)
	}
	attrs := make([]A, len(l.Attributes))
	for i, a := range l.Attributes {
		f, err := format(a.Format)
		if err != nil {
			return zero, fmt.Errorf("vertex buffer %s, @location(%d) %s: %w", bufferName(l), a.ShaderLocation, a.Name, err)
		}
		attrs[i] = attribute(f, a.Offset, a.ShaderLocation)
	}
	return layout(l.ArrayStride, m, attrs), nil
}

// Map applies f to each element of in, stopping at the first error.
func Map[T, U any](in []T, f func(T) (U, error)) ([]U, error) {
	out := make([]U, len(in))
	for i, x := range in {
		var err error
		if out[i], err = f(x); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func bufferName(l wgsl.VertexBufferLayout) string {
	if l.Struct == "" {
		return "of @location parameters"
	}
	return l.Struct
}

func bufferNames(ls []wgsl.VertexBufferLayout) string {
	s := ""
	for i, l := range ls {
		if i > 0 {
			s += ", "
		}
		s += bufferName(l)
	}
	if s == "" {
		return "none"
	}
	return s
}

// Targets tells the core how a binding's color target states T hold their texture format F,
// for ColorTargets.
type Targets[T any, F comparable] struct {
	// Of returns the target of a format: no blending, all channels written.
	Of func(F) T
	// Format returns the target's format, whose zero value is WebGPU's "undefined" (a gap).
	Format func(T) F
	// DefaultMask returns the target with a zero write mask made all channels, WebGPU's
	// default, which Go's zero value cannot otherwise say.
	DefaultMask func(T) T
}

// ColorTargets returns the color targets of fragment entry point e from the host's targets or
// formats (give one of them; formats is the short form, one format per location): one for
// every location e writes, a gap having the zero format.
func ColorTargets[T any, F comparable](e *wgsl.EntryPoint, targets []T, formats []F, t Targets[T, F]) ([]T, error) {
	var out []T
	switch {
	case len(targets) > 0 && len(formats) > 0:
		return nil, errors.New("both Targets and Formats given")
	case len(formats) > 0:
		for _, f := range formats {
			out = append(out, t.Of(f))
		}
	default:
		for _, x := range targets {
			out = append(out, t.DefaultMask(x))
		}
	}
	var zero F
	var want uint32
	for _, o := range e.FragmentOutputs {
		if o.BlendSrc > 0 {
			continue // the second source of a dual-source blend shares its target
		}
		want = max(want, o.Location+1)
		if int(o.Location) >= len(out) || t.Format(out[o.Location]) == zero {
			return nil, fmt.Errorf("it writes @location(%d) (%s), which has no color target", o.Location, o.Type)
		}
	}
	if uint32(len(out)) > want {
		return nil, fmt.Errorf("%d color targets given, but it writes only locations below %d", len(out), want)
	}
	return out, nil
}

// FragmentErr wraps an error about the color targets of fragment entry point e of the
// module's shader.
func (m *Module) FragmentErr(e *wgsl.EntryPoint, err error) error {
	return m.profile.errorf("%s: entry point %s: %w", m.Shader.Source, e.Name, err)
}

// Constant is one WebGPU pipeline constant.
type Constant struct {
	Key   string
	Value float64
}

// PipelineConstants returns WebGPU's pipeline constants for override values given by name:
// the values converted to the overrides' types and keyed by the overrides' keys (an @id in
// decimal, else the name), in key order. It is for bindings whose pipelines take constants.
func (p *Profile) PipelineConstants(s *wgsl.Shader, values map[string]float64) ([]Constant, error) {
	byKey, err := s.PipelineConstants(values)
	if err != nil {
		return nil, p.errorf("%s: %w", s.Source, err)
	}
	out := make([]Constant, 0, len(byKey))
	for _, k := range slices.Sorted(maps.Keys(byKey)) {
		out = append(out, Constant{Key: k, Value: byKey[k]})
	}
	return out, nil
}

// Wrap returns an error of the adapter's package about what where names, wrapping err (a
// binding's), or nil for a nil err.
func (p *Profile) Wrap(where string, err error) error {
	if err == nil {
		return nil
	}
	return p.errorf("%s: %w", where, err)
}

// Usable returns the error that says the module is released, or nil.
func (m *Module) Usable() error {
	if m.released {
		return m.profile.errorf("%s: the module is released", m.Shader.Source)
	}
	return nil
}
