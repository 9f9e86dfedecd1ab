package webgpu

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Layout is the bind group layouts and the pipeline layout that a module's pipelines use, and
// that its bind groups are made for. NewModule makes one for the entry points of its shader;
// NewLayout makes one that several modules share, or one for some of a shader's entry points:
//
//   - A render pipeline whose vertex and fragment entry points are in two shaders (a
//     vertex.wgsl and a fragment.wgsl, as many WebGPU programs keep them) needs one layout of
//     both: NewLayout(device, nil, &VertexShader.Shader, &FragmentShader.Shader), given to both
//     modules as ModuleOptions.Layout. A binding both declare (a scene uniform) is one entry,
//     visible to both stages.
//   - Entry points of one shader that use one binding number for different variables (WGSL
//     allows it for entry points that never share a pipeline: a vertex shader's uniform and a
//     compute shader's, see wgsl.Shader.BindingsOf) cannot share a layout: give each set of
//     entry points its own (LayoutOptions.EntryPoints, or ModuleOptions.EntryPoints).
type Layout struct {
	// Groups[i] are the bindings of @group(i), one per binding number, by number: the entries
	// of BindGroupLayouts[i], each with the union of the stages that use it as its Visibility
	// and, for a buffer, the largest minimum binding size of the shaders that declare it.
	Groups           [][]wgsl.Binding
	BindGroupLayouts []*wgpu.BindGroupLayout
	PipelineLayout   *wgpu.PipelineLayout
	// Immediates is the push constant range through which wgpu-native passes the
	// var<immediate> data of the layout's entry points (see SetImmediates): offset 0, as long
	// as the largest, for the stages that use one. Its Stages are 0 when no entry point uses
	// immediate data.
	Immediates wgpu.PushConstantRange

	plan *layoutPlan
}

// LayoutOptions are the host's choices for a Layout; the zero value takes the defaults.
type LayoutOptions struct {
	// Label names the wgpu objects; the default joins the shaders' source names.
	Label string
	// EntryPoints, when given, are the only entry points the layout serves (each matched by
	// name and stage in the shaders that declare it), and its bind groups hold only the
	// bindings they use. Without them the layout serves every entry point of its shaders and
	// holds every binding they declare.
	EntryPoints []*wgsl.EntryPoint
	// DynamicOffsets are the buffer bindings whose layout entries have HasDynamicOffset:
	// their bind group is set with one offset each (see PackUniforms).
	DynamicOffsets []wgsl.BindingRef
}

// layoutPlan is what a Layout holds, worked out from the tables before wgpu sees it.
type layoutPlan struct {
	label   string
	shaders []*wgsl.Shader
	served  map[*wgsl.Shader][]string // the entry points served, by shader
	groups  [][]slot
	dynamic []wgsl.BindingRef
	// The var<immediate> data of the served entry points: the stages that use it, the
	// largest size and the variables.
	immStages wgsl.ShaderStage
	immSize   uint32
	immNames  []string
}

// slot is one binding number of a layout: the merged entry and the shaders' bindings it stands
// for.
type slot struct {
	b    wgsl.Binding
	from []*wgsl.Binding
}

// planLayout works out the layout of the given entry points of shaders (all of them when
// entries is empty).
func planLayout(label string, shaders []*wgsl.Shader, entries []*wgsl.EntryPoint, dynamic []wgsl.BindingRef) (*layoutPlan, error) {
	if len(shaders) == 0 {
		return nil, errors.New("webgpu: a layout of no shaders")
	}
	var names []string
	for _, s := range shaders {
		if slices.Contains(names, s.Source) {
			return nil, fmt.Errorf("webgpu: %s is given twice", s.Source)
		}
		names = append(names, s.Source)
	}
	p := &layoutPlan{label: label, shaders: shaders, served: map[*wgsl.Shader][]string{}, dynamic: slices.Clone(dynamic)}
	if p.label == "" {
		p.label = strings.Join(names, "+")
	}
	where := strings.Join(names, ", ")
	var errs []error
	for _, e := range entries {
		found := false
		for _, s := range shaders {
			if own := s.EntryPoint(e.Name); own != nil && own.Stage == e.Stage {
				found = true
				p.served[s] = append(p.served[s], e.Name)
			}
		}
		if !found {
			errs = append(errs, fmt.Errorf("%s: no %v entry point %s", where, e.Stage, e.Name))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("webgpu: %w", errors.Join(errs...))
	}
	add := func(s *wgsl.Shader, b *wgsl.Binding, visibility wgsl.ShaderStage) {
		if b.ExternalPart != nil {
			return // a SPIR-V binding of a texture_external
		}
		for len(p.groups) <= int(b.Group) {
			p.groups = append(p.groups, nil)
		}
		g := p.groups[b.Group]
		i, found := slices.BinarySearchFunc(g, b.Binding, func(x slot, n uint32) int { return int(x.b.Binding) - int(n) })
		if !found {
			merged := *b
			merged.Visibility = visibility
			p.groups[b.Group] = slices.Insert(g, i, slot{b: merged, from: []*wgsl.Binding{b}})
			return
		}
		sl := &g[i]
		if slices.Contains(sl.from, b) {
			sl.b.Visibility |= visibility
			return
		}
		if err := mergeBinding(sl, s, b, visibility); err != nil {
			errs = append(errs, err)
		}
	}
	for _, s := range shaders {
		if len(entries) == 0 {
			for g := range s.BindGroups {
				for i := range s.BindGroups[g].Entries {
					b := &s.BindGroups[g].Entries[i]
					add(s, b, b.Visibility)
				}
			}
		}
		for i := range s.EntryPoints {
			e := &s.EntryPoints[i]
			if len(entries) > 0 && !slices.Contains(p.served[s], e.Name) {
				continue
			}
			if len(entries) == 0 {
				p.served[s] = append(p.served[s], e.Name)
			}
			if len(entries) > 0 {
				bs, err := s.BindingsOf(e)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				for _, b := range bs {
					add(s, b, e.Stage)
				}
			}
			if e.Immediate != "" {
				p.immStages |= e.Stage
				p.immSize = max(p.immSize, e.ImmediateSize)
				if !slices.Contains(p.immNames, e.Immediate) {
					p.immNames = append(p.immNames, e.Immediate)
				}
			}
		}
	}
	for _, ref := range p.dynamic {
		if sl := p.slot(ref); sl == nil || sl.b.Buffer == nil {
			errs = append(errs, fmt.Errorf("%s: the layout has no buffer @group(%d) @binding(%d) to give a dynamic offset", p.label, ref.Group, ref.Binding))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("webgpu: %w", errors.Join(errs...))
	}
	return p, nil
}

// mergeBinding makes slot sl, which holds bindings of other shaders or another variable of
// s, stand for b too, or says why it cannot.
func mergeBinding(sl *slot, s *wgsl.Shader, b *wgsl.Binding, visibility wgsl.ShaderStage) error {
	first := sl.from[0]
	for _, other := range sl.from {
		if isOf(s, other) {
			return fmt.Errorf("%s: %s and %s are both @group(%d) @binding(%d), which one layout cannot hold: "+
				"give each set of the entry points that use them a layout of its own (LayoutOptions.EntryPoints or ModuleOptions.EntryPoints)",
				s.Source, other.Name, b.Name, b.Group, b.Binding)
		}
	}
	if resourceLayout(first) != resourceLayout(b) {
		return fmt.Errorf("@group(%d) @binding(%d) is %s in one shader and %s in %s: a layout of both needs the same resource there",
			b.Group, b.Binding, describe(first), describe(b), s.Source)
	}
	sl.from = append(sl.from, b)
	sl.b.Visibility |= visibility
	if b.Buffer != nil && b.Buffer.MinBindingSize > sl.b.Buffer.MinBindingSize {
		sl.b.Buffer = &wgsl.BufferBindingLayout{Type: b.Buffer.Type, MinBindingSize: b.Buffer.MinBindingSize}
	}
	return nil
}

// resourceLayout spells what a binding's layout entry says but its visibility and, for a
// buffer, its minimum size: what two shaders must agree on to share a binding number.
func resourceLayout(b *wgsl.Binding) string {
	switch {
	case b.Buffer != nil:
		return "buffer " + string(b.Buffer.Type)
	case b.Sampler != nil:
		return "sampler " + string(b.Sampler.Type)
	case b.Texture != nil:
		return fmt.Sprintf("texture %+v", *b.Texture)
	case b.StorageTexture != nil:
		return fmt.Sprintf("storage texture %+v", *b.StorageTexture)
	case b.ExternalTexture != nil:
		return "external texture"
	}
	return ""
}

// isOf reports whether b is a binding of the table s.
func isOf(s *wgsl.Shader, b *wgsl.Binding) bool {
	for g := range s.BindGroups {
		for i := range s.BindGroups[g].Entries {
			if &s.BindGroups[g].Entries[i] == b {
				return true
			}
		}
	}
	return false
}

// describe spells a binding's resource layout, for errors and comparisons.
func describe(b *wgsl.Binding) string {
	switch {
	case b.Buffer != nil:
		return fmt.Sprintf("%s buffer %s (%s, at least %d bytes)", b.Buffer.Type, b.Name, b.Type, b.Buffer.MinBindingSize)
	case b.Sampler != nil:
		return fmt.Sprintf("%s sampler %s", b.Sampler.Type, b.Name)
	case b.Texture != nil:
		return fmt.Sprintf("texture %s (%s, %s, %s, multisampled %v)", b.Name, b.Type, b.Texture.SampleType, b.Texture.ViewDimension, b.Texture.Multisampled)
	case b.StorageTexture != nil:
		return fmt.Sprintf("storage texture %s (%s, %s)", b.Name, b.Type, b.StorageTexture.Access)
	}
	return fmt.Sprintf("%s (%s)", b.Name, b.Type)
}

// slot returns the slot of ref, or nil.
func (p *layoutPlan) slot(ref wgsl.BindingRef) *slot {
	if int(ref.Group) >= len(p.groups) {
		return nil
	}
	g := p.groups[ref.Group]
	i, found := slices.BinarySearchFunc(g, ref.Binding, func(x slot, n uint32) int { return int(x.b.Binding) - int(n) })
	if !found {
		return nil
	}
	return &g[i]
}

// serves reports whether the layout serves entry point name of s.
func (p *layoutPlan) serves(s *wgsl.Shader, name string) bool {
	return slices.Contains(p.served[s], name)
}

// has reports whether s is one of the layout's shaders.
func (p *layoutPlan) has(s *wgsl.Shader) bool { return slices.Contains(p.shaders, s) }

// descriptor returns the bind group layout descriptor of group g.
func (p *layoutPlan) descriptor(g int) (*wgpu.BindGroupLayoutDescriptor, error) {
	desc := &wgpu.BindGroupLayoutDescriptor{Label: fmt.Sprintf("%s @group(%d)", p.label, g)}
	if g >= len(p.groups) {
		return desc, nil
	}
	for _, sl := range p.groups[g] {
		e, err := BindGroupLayoutEntry(&sl.b, containsRef(p.dynamic, sl.b.Ref()))
		if err != nil {
			return nil, fmt.Errorf("webgpu: %s: %w", p.label, err)
		}
		desc.Entries = append(desc.Entries, e)
	}
	return desc, nil
}

// immediates returns the push constant range of the layout's immediate data.
func (p *layoutPlan) immediates() wgpu.PushConstantRange {
	if p.immStages == 0 {
		return wgpu.PushConstantRange{}
	}
	return wgpu.PushConstantRange{Stages: ShaderStage(p.immStages), Start: 0, End: uint32(AlignUp(uint64(p.immSize), CopyBufferAlignment))}
}

// NewLayout creates the layout of the given shaders' entry points (see Layout). Bindings that
// two shaders both declare at one binding number must have the same resource layout (a
// buffer's minimum size may differ: the layout takes the largest).
func NewLayout(device *wgpu.Device, opts *LayoutOptions, shaders ...*wgsl.Shader) (*Layout, error) {
	if opts == nil {
		opts = &LayoutOptions{}
	}
	p, err := planLayout(opts.Label, shaders, opts.EntryPoints, opts.DynamicOffsets)
	if err != nil {
		return nil, err
	}
	return newLayout(device, p)
}

func newLayout(device *wgpu.Device, p *layoutPlan) (*Layout, error) {
	l := &Layout{plan: p, Immediates: p.immediates()}
	if l.Immediates.Stages != 0 {
		if err := checkPushConstants(device, p.label, p.immNames, l.Immediates.End); err != nil {
			return nil, err
		}
	}
	descs := make([]*wgpu.BindGroupLayoutDescriptor, len(p.groups))
	for g := range p.groups {
		var err error
		if descs[g], err = p.descriptor(g); err != nil {
			return nil, err
		}
		var bs []wgsl.Binding
		for _, sl := range p.groups[g] {
			bs = append(bs, sl.b)
		}
		l.Groups = append(l.Groups, bs)
	}
	for _, desc := range descs {
		bgl, err := device.CreateBindGroupLayout(desc)
		if err != nil {
			l.Release()
			return nil, fmt.Errorf("webgpu: %s: %w", desc.Label, err)
		}
		l.BindGroupLayouts = append(l.BindGroupLayouts, bgl)
	}
	desc := &wgpu.PipelineLayoutDescriptor{Label: p.label, BindGroupLayouts: l.BindGroupLayouts}
	if l.Immediates.Stages != 0 {
		desc.PushConstantRanges = []wgpu.PushConstantRange{l.Immediates}
	}
	var err error
	if l.PipelineLayout, err = device.CreatePipelineLayout(desc); err != nil {
		l.Release()
		return nil, fmt.Errorf("webgpu: %s: %w", p.label, err)
	}
	return l, nil
}

// checkPushConstants checks that device has push constants, which wgpu-native gives
// var<immediate> data. (Whether its limit allows size bytes, wgpu checks when it creates the
// pipeline layout: cogentcore/webgpu v0.23.0's Device.GetLimits does not read the limit back.)
func checkPushConstants(device *wgpu.Device, where string, names []string, size uint32) error {
	if device.HasFeature(wgpu.NativeFeaturePushConstants) {
		return nil
	}
	return fmt.Errorf("webgpu: %s: var<immediate> %s needs %d bytes of push constants, as wgpu-native calls immediate data: "+
		"create the device with RequiredFeatures: []wgpu.FeatureName{wgpu.NativeFeaturePushConstants} and RequiredLimits "+
		"whose MaxPushConstantSize is at least %d (wgpu.DefaultLimits() with it set)",
		where, strings.Join(names, ", "), size, size)
}

// Release releases the layout's wgpu objects.
func (l *Layout) Release() {
	if l.PipelineLayout != nil {
		l.PipelineLayout.Release()
	}
	for _, bgl := range l.BindGroupLayouts {
		bgl.Release()
	}
	l.PipelineLayout, l.BindGroupLayouts = nil, nil
}

// SetImmediates sets the var<immediate> data of the layout's render pipelines in a render
// pass: data at offset 0 (the Bytes, or Encode, of the immediate's generated Go type), padded
// with zeros to a multiple of 4 bytes, for every stage of Immediates. Every var<immediate> of a
// pipeline reads these bytes from offset 0. Compute passes have no immediate data in
// cogentcore/webgpu v0.23.0 (see Module.ComputePipelineDescriptor).
func (l *Layout) SetImmediates(pass *wgpu.RenderPassEncoder, data []byte) error {
	r := l.Immediates
	if r.Stages == 0 {
		return fmt.Errorf("webgpu: %s: no entry point of the layout uses var<immediate> data", l.plan.label)
	}
	n := uint32(len(data))
	if padded := uint32(AlignUp(uint64(n), CopyBufferAlignment)); padded != n {
		data = append(data[:n:n], make([]byte, padded-n)...)
	}
	if uint32(len(data)) > r.End {
		return fmt.Errorf("webgpu: %s: %d bytes of immediate data; the layout's %s take %d", l.plan.label, n, strings.Join(l.plan.immNames, ", "), r.End)
	}
	pass.SetPushConstants(r.Stages, 0, data)
	return nil
}

// BindGroupDescriptor returns the descriptor of a bind group of @group(group), one resource
// for each of its bindings, in any order. It checks in Go what the tables say and wgpu's
// objects tell: every binding of the group given once and nothing else (a binding of any of
// the layout's shaders that the layout holds), a buffer for a buffer binding with the usage its
// type needs and at least its minimum binding size, a sampler for a sampler, a texture view
// for a texture. (cogentcore/webgpu cannot tell a view's format or dimension: wgpu checks
// those when the bind group is created.)
func (l *Layout) BindGroupDescriptor(group uint32, resources ...Resource) (*wgpu.BindGroupDescriptor, error) {
	p := l.plan
	if l.PipelineLayout == nil {
		return nil, fmt.Errorf("webgpu: %s: the layout is released", p.label)
	}
	if int(group) >= len(l.BindGroupLayouts) {
		return nil, fmt.Errorf("webgpu: %s has no @group(%d)", p.label, group)
	}
	desc := &wgpu.BindGroupDescriptor{Label: fmt.Sprintf("%s @group(%d)", p.label, group), Layout: l.BindGroupLayouts[group]}
	given := map[uint32]bool{}
	var errs []error
	for _, r := range resources {
		b := r.binding
		if b == nil {
			errs = append(errs, errors.New("a resource without a binding (make it with Buffer, BufferRange, Sampler or Texture)"))
			continue
		}
		sl := p.slot(b.Ref())
		if sl == nil || !slices.ContainsFunc(sl.from, func(x *wgsl.Binding) bool { return x.Name == b.Name && x.Type == b.Type }) {
			err := fmt.Errorf("@group(%d) @binding(%d) %s is not a binding of %s", b.Group, b.Binding, b.Name, p.label)
			if sl != nil {
				err = fmt.Errorf("%w: @group(%d) @binding(%d) is %s here", err, b.Group, b.Binding, sl.b.Name)
			}
			errs = append(errs, err)
			continue
		}
		if b.Group != group {
			errs = append(errs, bindingErr(b, fmt.Errorf("it belongs to @group(%d), not @group(%d)", b.Group, group)))
			continue
		}
		if given[b.Binding] {
			errs = append(errs, bindingErr(b, errors.New("given twice")))
			continue
		}
		given[b.Binding] = true
		e, err := bindEntry(&sl.b, r)
		if err != nil {
			errs = append(errs, bindingErr(b, err))
			continue
		}
		desc.Entries = append(desc.Entries, e)
	}
	for _, sl := range p.groups[group] {
		if !given[sl.b.Binding] {
			errs = append(errs, bindingErr(&sl.b, errors.New("no resource given")))
		}
	}
	errs = append(errs, writableAliases(desc.Entries, p.groups[group])...)
	if len(errs) > 0 {
		return nil, fmt.Errorf("webgpu: %s @group(%d): %w", p.label, group, errors.Join(errs...))
	}
	return desc, nil
}

// writableAliases reports the entries that bind overlapping ranges of one buffer as writable
// storage and as a read-only binding: WebGPU refuses such a bind group in a dispatch or a
// draw (in a usage scope, a buffer that is writable storage is nothing else).
func writableAliases(entries []wgpu.BindGroupEntry, slots []slot) []error {
	writable := func(binding uint32) (string, bool) {
		for _, sl := range slots {
			if sl.b.Binding == binding {
				return sl.b.Name, sl.b.Buffer != nil && sl.b.Buffer.Type == wgsl.BufferStorage
			}
		}
		return "", false
	}
	var errs []error
	for i, a := range entries {
		for _, b := range entries[i+1:] {
			if a.Buffer == nil || a.Buffer != b.Buffer || a.Offset >= b.Offset+b.Size || b.Offset >= a.Offset+a.Size {
				continue
			}
			an, aw := writable(a.Binding)
			bn, bw := writable(b.Binding)
			if aw != bw {
				errs = append(errs, fmt.Errorf("@group(%d) @binding(%d) %s and @binding(%d) %s bind one buffer, writable in one and read-only in the other, which WebGPU refuses in a dispatch or draw: use two buffers (and swap the bind groups to ping-pong)",
					slots[0].b.Group, a.Binding, an, b.Binding, bn))
			}
		}
	}
	return errs
}

// NewBindGroup creates a bind group of @group(group) from one resource per binding (see
// BindGroupDescriptor).
func (l *Layout) NewBindGroup(device *wgpu.Device, group uint32, resources ...Resource) (*wgpu.BindGroup, error) {
	desc, err := l.BindGroupDescriptor(group, resources...)
	if err != nil {
		return nil, err
	}
	g, err := device.CreateBindGroup(desc)
	if err != nil {
		return nil, fmt.Errorf("webgpu: %s: %w", desc.Label, err)
	}
	return g, nil
}
