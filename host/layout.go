package host

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Layout is the plan of a layout: the bind group layouts and the pipeline layout that a
// module's pipelines use and its bind groups are made for, worked out from the tables before
// a binding sees them. An adapter makes its binding's objects from it. A layout serves the
// entry points of one shader, or of several that share it:
//
//   - A render pipeline whose vertex and fragment entry points are in two shaders (a
//     vertex.wgsl and a fragment.wgsl, as many WebGPU programs keep them) needs one layout of
//     both. A binding both declare (a scene uniform) is one entry, visible to both stages.
//   - Entry points of one shader that use one binding number for different variables (WGSL
//     allows it for entry points that never share a pipeline: a vertex shader's uniform and a
//     compute shader's, see wgsl.Shader.BindingsOf) cannot share a layout: each set of entry
//     points needs its own (LayoutOptions.EntryPoints).
type Layout struct {
	// Label names the layout: the option, or the shaders' source names joined by "+".
	Label string
	// Groups[i] are the bindings of @group(i), one per binding number, by number, each with
	// the union of the stages that use it as its Visibility and, for a buffer, the largest
	// minimum binding size of the shaders that declare it.
	Groups [][]wgsl.Binding
	// Immediates is the var<immediate> data of the entry points the layout serves.
	Immediates Immediates

	profile  *Profile
	shaders  []*wgsl.Shader
	served   map[*wgsl.Shader][]string // the entry points served, by shader
	slots    [][]slot
	dynamic  []wgsl.BindingRef
	released bool
}

// Immediates is the var<immediate> data of a layout's entry points: the stages that use it,
// its size (the largest, rounded up to 4 bytes) and the variables. Every var<immediate> of a
// pipeline reads its bytes from offset 0. Stages is 0 when no entry point uses any.
type Immediates struct {
	Stages wgsl.ShaderStage
	Size   uint32
	Names  []string
}

// LayoutOptions are the host's choices for a Layout; the zero value takes the defaults.
type LayoutOptions struct {
	// Label names the layout and the binding's objects; the default joins the shaders'
	// source names.
	Label string
	// EntryPoints, when given, are the only entry points the layout serves (each matched by
	// name and stage in the shaders that declare it), and its bind groups hold only the
	// bindings they use. Without them the layout serves every entry point of its shaders and
	// holds every binding they declare.
	EntryPoints []*wgsl.EntryPoint
	// DynamicOffsets are the buffer bindings whose layout entries have a dynamic offset:
	// their bind group is set with one offset each (see PackUniforms).
	DynamicOffsets []wgsl.BindingRef
}

// slot is one binding number of a layout: the merged entry and the shaders' bindings it
// stands for.
type slot struct {
	b    wgsl.Binding
	from []*wgsl.Binding
}

// NewLayout plans the layout of the given entry points of shaders (see Layout). Bindings that
// two shaders both declare at one binding number must have the same resource layout (a
// buffer's minimum size may differ: the layout takes the largest).
func (p *Profile) NewLayout(opts *LayoutOptions, shaders ...*wgsl.Shader) (*Layout, error) {
	if opts == nil {
		opts = &LayoutOptions{}
	}
	if len(shaders) == 0 {
		return nil, p.errorf("a layout of no shaders")
	}
	var names []string
	for _, s := range shaders {
		if slices.Contains(names, s.Source) {
			return nil, p.errorf("%s is given twice", s.Source)
		}
		names = append(names, s.Source)
	}
	l := &Layout{Label: opts.Label, profile: p, shaders: shaders, served: map[*wgsl.Shader][]string{}, dynamic: slices.Clone(opts.DynamicOffsets)}
	if l.Label == "" {
		l.Label = strings.Join(names, "+")
	}
	var errs []error
	for _, e := range opts.EntryPoints {
		found := false
		for _, s := range shaders {
			if own := s.EntryPoint(e.Name); own != nil && own.Stage == e.Stage {
				found = true
				l.served[s] = append(l.served[s], e.Name)
			}
		}
		if !found {
			errs = append(errs, fmt.Errorf("%s: no %v entry point %s", strings.Join(names, ", "), e.Stage, e.Name))
		}
	}
	if len(errs) > 0 {
		return nil, p.errorf("%w", errors.Join(errs...))
	}
	all := len(opts.EntryPoints) == 0
	for _, s := range shaders {
		if all {
			for g := range s.BindGroups {
				for i := range s.BindGroups[g].Entries {
					b := &s.BindGroups[g].Entries[i]
					errs = l.add(errs, s, b, b.Visibility)
				}
			}
		}
		for i := range s.EntryPoints {
			e := &s.EntryPoints[i]
			if all {
				l.served[s] = append(l.served[s], e.Name)
			} else if !slices.Contains(l.served[s], e.Name) {
				continue
			} else if bs, err := s.BindingsOf(e); err != nil {
				errs = append(errs, err)
			} else {
				for _, b := range bs {
					errs = l.add(errs, s, b, e.Stage)
				}
			}
			if e.Immediate != "" {
				l.Immediates.Stages |= e.Stage
				l.Immediates.Size = max(l.Immediates.Size, uint32(AlignUp(uint64(e.ImmediateSize), CopyBufferAlignment)))
				if !slices.Contains(l.Immediates.Names, e.Immediate) {
					l.Immediates.Names = append(l.Immediates.Names, e.Immediate)
				}
				if !p.Has(ImmediateData) {
					errs = append(errs, p.refusal(fmt.Sprintf("%s: entry point %s uses var<immediate> %s", s.Source, e.Name, e.Immediate), ImmediateData))
				}
			}
		}
	}
	for _, ref := range l.dynamic {
		sl := l.slot(ref)
		switch {
		case sl == nil || sl.b.Buffer == nil:
			errs = append(errs, fmt.Errorf("%s: the layout has no buffer @group(%d) @binding(%d) to give a dynamic offset", l.Label, ref.Group, ref.Binding))
		case !p.Has(DynamicOffsets):
			errs = append(errs, p.refusal(fmt.Sprintf("%s: @group(%d) @binding(%d) %s", l.Label, ref.Group, ref.Binding, sl.b.Name), DynamicOffsets))
		}
	}
	for g := range l.slots {
		var bs []wgsl.Binding
		for _, sl := range l.slots[g] {
			bs = append(bs, sl.b)
		}
		l.Groups = append(l.Groups, bs)
	}
	if len(errs) > 0 {
		return nil, p.errorf("%w", errors.Join(errs...))
	}
	return l, nil
}

// add makes binding b of s, seen by the given stages, part of the layout, and appends to errs
// why it cannot be.
func (l *Layout) add(errs []error, s *wgsl.Shader, b *wgsl.Binding, visibility wgsl.ShaderStage) []error {
	if b.ExternalPart != nil {
		return errs // a SPIR-V binding of a texture_external
	}
	for len(l.slots) <= int(b.Group) {
		l.slots = append(l.slots, nil)
	}
	g := l.slots[b.Group]
	i, found := slices.BinarySearchFunc(g, b.Binding, bySlotNumber)
	if !found {
		merged := *b
		merged.Visibility = visibility
		l.slots[b.Group] = slices.Insert(g, i, slot{b: merged, from: []*wgsl.Binding{b}})
		return errs
	}
	sl := &g[i]
	if slices.Contains(sl.from, b) {
		sl.b.Visibility |= visibility
		return errs
	}
	for _, other := range sl.from {
		if isOf(s, other) {
			return append(errs, fmt.Errorf("%s: %s and %s are both @group(%d) @binding(%d), which one layout cannot hold: "+
				"give each set of the entry points that use them a layout of its own (LayoutOptions.EntryPoints or ModuleOptions.EntryPoints)",
				s.Source, other.Name, b.Name, b.Group, b.Binding))
		}
	}
	if first := sl.from[0]; resourceLayout(first) != resourceLayout(b) {
		return append(errs, fmt.Errorf("@group(%d) @binding(%d) is %s in one shader and %s in %s: a layout of both needs the same resource there",
			b.Group, b.Binding, describe(first), describe(b), s.Source))
	}
	sl.from = append(sl.from, b)
	sl.b.Visibility |= visibility
	if b.Buffer != nil && b.Buffer.MinBindingSize > sl.b.Buffer.MinBindingSize {
		sl.b.Buffer = &wgsl.BufferBindingLayout{Type: b.Buffer.Type, MinBindingSize: b.Buffer.MinBindingSize}
	}
	return errs
}

func bySlotNumber(x slot, n uint32) int { return int(x.b.Binding) - int(n) }

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

// describe spells a binding's resource layout, for errors.
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
func (l *Layout) slot(ref wgsl.BindingRef) *slot {
	if int(ref.Group) >= len(l.slots) {
		return nil
	}
	g := l.slots[ref.Group]
	i, found := slices.BinarySearchFunc(g, ref.Binding, bySlotNumber)
	if !found {
		return nil
	}
	return &g[i]
}

// Serves reports whether the layout serves entry point name of s.
func (l *Layout) Serves(s *wgsl.Shader, name string) bool {
	return slices.Contains(l.served[s], name)
}

// Has reports whether s is one of the layout's shaders.
func (l *Layout) Has(s *wgsl.Shader) bool { return slices.Contains(l.shaders, s) }

// Release marks the layout released: the adapter has released its binding's objects, and
// modules, pipelines and bind groups can no longer be made with it.
func (l *Layout) Release() { l.released = true }

// Released reports whether Release was called.
func (l *Layout) Released() bool { return l.released }

// LayoutEntry is one entry of a bind group layout: a binding of the layout's tables, with the
// union of its stages as Visibility, and whether it takes a dynamic offset.
type LayoutEntry struct {
	wgsl.Binding
	HasDynamicOffset bool
}

// Entries returns the entries of the bind group layout of @group(group): one per binding, by
// binding number (none for a group without bindings or beyond the last). A binding whose
// resource the binding cannot bind is an error.
func (l *Layout) Entries(group int) ([]LayoutEntry, error) {
	if group >= len(l.Groups) {
		return nil, nil
	}
	var out []LayoutEntry
	var errs []error
	for _, b := range l.Groups[group] {
		e := LayoutEntry{Binding: b, HasDynamicOffset: slices.Contains(l.dynamic, b.Ref())}
		if err := l.profile.entry(&b, e.HasDynamicOffset); err != nil {
			errs = append(errs, err)
		}
		out = append(out, e)
	}
	if len(errs) > 0 {
		return nil, l.profile.errorf("%s: %w", l.Label, errors.Join(errs...))
	}
	return out, nil
}

// Entry checks that the binding can make a layout entry of b, with a dynamic offset or not:
// a texture_external has none in WebGPU's Go bindings, and the bindings the compiler adds for
// one (ExternalPart) are for Vulkan hosts.
func (p *Profile) Entry(b *wgsl.Binding, dynamicOffset bool) error {
	if err := p.entry(b, dynamicOffset); err != nil {
		return p.errorf("%w", err)
	}
	return nil
}

func (p *Profile) entry(b *wgsl.Binding, dynamicOffset bool) error {
	var err error
	switch {
	case dynamicOffset && b.Buffer == nil:
		err = errors.New("only buffers take dynamic offsets")
	case b.ExternalPart != nil:
		err = fmt.Errorf("the compiler adds it for the texture_external @group(%d) @binding(%d) in SPIR-V; WebGPU layouts have no such entry",
			b.ExternalPart.Group, b.ExternalPart.Binding)
	case b.ExternalTexture != nil && !p.Has(ExternalTextures):
		return p.refusal(bindingName(b), ExternalTextures)
	case dynamicOffset && !p.Has(DynamicOffsets):
		return p.refusal(bindingName(b), DynamicOffsets)
	case b.StorageTexture != nil && !p.Has(StorageTextures):
		return p.refusal(bindingName(b), StorageTextures)
	case b.Texture != nil && layered(b.Texture.ViewDimension) && !p.Has(LayeredTextures):
		return p.refusal(bindingName(b), LayeredTextures)
	case b.Buffer == nil && b.Sampler == nil && b.Texture == nil && b.StorageTexture == nil && b.ExternalTexture == nil:
		err = errors.New("the table gives no resource layout")
	}
	if err != nil {
		return bindingErr(b, err)
	}
	return nil
}

// layered reports whether a view of dimension d has several layers of a 2D texture.
func layered(d wgsl.TextureViewDimension) bool {
	return d == wgsl.View2DArray || d == wgsl.ViewCube || d == wgsl.ViewCubeArray
}

func bindingName(b *wgsl.Binding) string {
	return fmt.Sprintf("@group(%d) @binding(%d) %s", b.Group, b.Binding, b.Name)
}

func bindingErr(b *wgsl.Binding, err error) error {
	return fmt.Errorf("%s: %w", bindingName(b), err)
}

// Stage checks that the layout can serve entry point e of s in a pipeline: that it serves e,
// holds every binding e uses, each with the resource layout of e's shader and visible to e's
// stage, and that the binding can pass e's immediate data. A binding makes none of these
// checks in Go, and some drivers fail hard where they do not hold (a visibility without the
// stage that uses the binding crashes lavapipe).
func (l *Layout) Stage(s *wgsl.Shader, e *wgsl.EntryPoint) error {
	if l.released {
		return l.profile.errorf("%s: the layout %s is released", s.Source, l.Label)
	}
	if !l.Serves(s, e.Name) {
		return l.profile.errorf("%s: the layout %s does not serve entry point %s (see ModuleOptions.EntryPoints)", s.Source, l.Label, e.Name)
	}
	bs, err := s.BindingsOf(e)
	if err != nil {
		return l.profile.errorf("%w", err)
	}
	var errs []error
	for _, b := range bs {
		sl := l.slot(b.Ref())
		switch {
		case sl == nil:
			errs = append(errs, fmt.Errorf("the layout has no %s", bindingName(b)))
		case resourceLayout(&sl.b) != resourceLayout(b):
			errs = append(errs, fmt.Errorf("%s is %s in the layout, %s in the shader", bindingName(b), describe(&sl.b), describe(b)))
		case sl.b.Visibility&e.Stage == 0:
			errs = append(errs, fmt.Errorf("%s is visible to %v only in the layout, and the %v entry point uses it", bindingName(b), sl.b.Visibility, e.Stage))
		case b.Buffer != nil && sl.b.Buffer.MinBindingSize < b.Buffer.MinBindingSize:
			errs = append(errs, fmt.Errorf("%s: the layout's minimum binding size %d is below the shader's %d", bindingName(b), sl.b.Buffer.MinBindingSize, b.Buffer.MinBindingSize))
		}
	}
	if e.Immediate != "" {
		switch {
		case l.Immediates.Stages&e.Stage == 0 || l.Immediates.Size < e.ImmediateSize:
			errs = append(errs, fmt.Errorf("the layout's immediate data (%d bytes for %v) does not cover var<immediate> %s (%d bytes)",
				l.Immediates.Size, l.Immediates.Stages, e.Immediate, e.ImmediateSize))
		case e.Stage == wgsl.Compute && !l.profile.Has(ComputeImmediateData):
			errs = append(errs, l.profile.refusal(fmt.Sprintf("compute entry point %s uses var<immediate> %s", e.Name, e.Immediate), ComputeImmediateData))
		}
	}
	if len(errs) > 0 {
		return l.profile.errorf("%s: entry point %s: %w", s.Source, e.Name, errors.Join(errs...))
	}
	return nil
}

// ImmediateData checks the var<immediate> data of a pass, the Bytes (or Encode) of the
// immediate's generated Go type, and returns it padded with zeros to a multiple of 4 bytes.
func (l *Layout) ImmediateData(data []byte) ([]byte, error) {
	im := l.Immediates
	if im.Stages == 0 {
		return nil, l.profile.errorf("%s: no entry point of the layout uses var<immediate> data", l.Label)
	}
	n := uint32(len(data))
	if padded := uint32(AlignUp(uint64(n), CopyBufferAlignment)); padded != n {
		data = append(data[:n:n], make([]byte, padded-n)...)
	}
	if uint32(len(data)) > im.Size {
		return nil, l.profile.errorf("%s: %d bytes of immediate data; the layout's %s take %d", l.Label, n, strings.Join(im.Names, ", "), im.Size)
	}
	return data, nil
}
