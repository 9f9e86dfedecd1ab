package reflect

import (
	"strings"

	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// StructsFrom returns the layout of every host-shareable structure reachable from roots
// (typically the store types of the buffer bindings, in binding order), through structure
// members and array elements. Each structure appears once, after every structure it contains
// (depth-first post-order, members in declaration order, roots in the given order), so the
// result depends only on the roots and their order.
func StructsFrom(l *layout.Layouts, roots []types.Type) []Struct {
	var out []Struct
	seen := make(map[*types.Struct]bool)
	// An explicit stack of structures and the index of the next member to visit.
	type frame struct {
		s    *types.Struct
		next int
	}
	var stack []frame
	// push visits t: it finds the structure at the bottom of t's arrays and, if new, stacks it.
	push := func(t types.Type) {
		for {
			a, ok := t.(*types.Array)
			if !ok {
				break
			}
			t = a.Elem
		}
		if s, ok := t.(*types.Struct); ok && !seen[s] {
			seen[s] = true
			stack = append(stack, frame{s: s})
		}
	}
	for _, root := range roots {
		push(root)
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next < len(f.s.Members) {
				f.next++
				push(f.s.Members[f.next-1].Type)
				continue
			}
			s := f.s
			stack = stack[:len(stack)-1]
			if types.IsHostShareable(s) {
				out = append(out, structOf(l, s))
			}
		}
	}
	return out
}

func structOf(l *layout.Layouts, s *types.Struct) Struct {
	sl := l.Struct(s)
	r := Struct{
		Name:         s.Name,
		Size:         sl.Size,
		Align:        sl.Align,
		RuntimeSized: sl.RuntimeSized,
		Members:      make([]Member, len(s.Members)),
	}
	for i, m := range s.Members {
		ml := sl.Members[i]
		r.Members[i] = Member{
			Name:   m.Name,
			Type:   TypeOf(l, m.Type),
			Offset: ml.Offset,
			Size:   ml.Size,
			Align:  ml.Align,
		}
	}
	return r
}

// HandleUse is what the binding layout of a texture or sampler takes from the way the shader
// uses it rather than from its type (see usage.go).
type HandleUse struct {
	// WithSampler is set on a texture that a sampling builtin (textureSample*,
	// textureGather*) reads through a sampler.
	WithSampler bool
	// WithDepthTexture is set on a sampler (not a comparison sampler) that a sampling builtin
	// uses on a depth texture.
	WithDepthTexture bool
}

// BindingOf describes the resource variable name of type t (the store type of a buffer, the
// handle type of a sampler or texture) declared in address space space with access mode
// access at @group(group) @binding(binding) and used as use says, as WebGPU's bind group
// layout entry does. Its visibility is left empty. ok is false when t is not a resource type.
//
// The sample type of a texture and the type of a sampler are chosen the way WebGPU's default
// pipeline layout chooses them ("default pipeline layout" in the WebGPU spec;
// gpuweb/gpuweb#2078 and #4949): a depth texture is "depth"; an f32 texture is "float" when a
// builtin that takes a sampler reads it, else "unfilterable-float" (textureLoad only, and
// every multisampled f32 texture); an i32 or u32 texture is "sint" or "uint"; a
// sampler_comparison is "comparison". A sampler is "filtering" as there, except when it
// samples a depth texture, where it is "non-filtering": the default layout's "filtering"
// makes such a pipeline invalid (gpuweb/gpuweb#4952), since a filtering sampler needs a
// "float" texture.
func BindingOf(l *layout.Layouts, group, binding int, name string, space types.AddressSpace, access types.Access, t types.Type, use HandleUse) (b Binding, ok bool) {
	b = Binding{Group: group, Binding: binding, Name: name, Type: TypeOf(l, t), Visibility: []Stage{}}
	switch space {
	case types.AddrUniform:
		b.Buffer = &BufferLayout{Type: "uniform", MinBindingSize: l.MinBindingSize(t)}
		return b, true
	case types.AddrStorage:
		if access == types.AccessNone {
			access = types.DefaultAccess(space)
		}
		kind := "read-only-storage"
		if access.CanWrite() {
			kind = "storage"
		}
		b.Buffer = &BufferLayout{Type: kind, MinBindingSize: l.MinBindingSize(t)}
		return b, true
	}
	switch t := t.(type) {
	case *types.Sampler:
		kind := "filtering"
		switch {
		case t.Comparison:
			kind = "comparison"
		case use.WithDepthTexture:
			kind = "non-filtering"
		}
		b.Sampler = &SamplerLayout{Type: kind}
		return b, true
	case *types.Texture:
		view := strings.ReplaceAll(t.Dim.String(), "_", "-")
		switch t.Kind {
		case types.TexSampled, types.TexMultisampled:
			sample := map[types.ScalarKind]string{types.KindI32: "sint", types.KindU32: "uint"}[t.Sampled.Kind]
			if sample == "" {
				sample = "unfilterable-float"
				if use.WithSampler && t.Kind == types.TexSampled {
					sample = "float"
				}
			}
			b.Texture = &TextureLayout{SampleType: sample, ViewDimension: view, Multisampled: t.Kind == types.TexMultisampled}
		case types.TexDepth, types.TexDepthMultisampled:
			b.Texture = &TextureLayout{SampleType: "depth", ViewDimension: view, Multisampled: t.Kind == types.TexDepthMultisampled}
		case types.TexStorage:
			b.StorageTexture = &StorageTextureLayout{Access: storageAccess(t.Access), Format: t.Format.String(), ViewDimension: view}
		case types.TexExternal:
			b.ExternalTexture = &ExternalTextureLayout{}
		}
		return b, true
	}
	return Binding{}, false
}

// storageAccess is WebGPU's name of a storage texture's access mode.
func storageAccess(a types.Access) string {
	switch a {
	case types.Read:
		return "read-only"
	case types.Write:
		return "write-only"
	case types.ReadWrite:
		return "read-write"
	}
	return ""
}
