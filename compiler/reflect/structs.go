package reflect

import (
	"strconv"

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
			Name:         m.Name,
			Type:         spell(l, m.Type),
			Offset:       ml.Offset,
			Size:         ml.Size,
			Align:        ml.Align,
			ArrayStride:  ml.ArrayStride,
			MatrixStride: ml.MatrixStride,
		}
	}
	return r
}

// spell returns the WGSL spelling of a member type. A 2021-draft [[stride(n)]] that is the
// array's natural stride changes nothing and is left out, so a draft shader and its
// migration to modern WGSL spell their types alike.
func spell(l *layout.Layouts, t types.Type) string {
	a, ok := t.(*types.Array)
	if !ok || a.Stride == 0 {
		return t.String()
	}
	ea, es := l.AlignOf(a.Elem), l.SizeOf(a.Elem)
	if ea == 0 || a.Stride != (es+ea-1)/ea*ea {
		return t.String()
	}
	s := "array<" + spell(l, a.Elem)
	switch {
	case a.CountOverride != nil:
		s += ", " + a.CountName
	case a.Count > 0:
		s += ", " + strconv.Itoa(a.Count)
	}
	return s + ">"
}

// BindingOf describes the resource variable name of type t (the store type of a buffer, the
// handle type of a sampler or texture) declared in address space space with access mode
// access at @group(group) @binding(binding). ok is false when t is not a resource type.
func BindingOf(l *layout.Layouts, group, binding int, name string, space types.AddressSpace, access types.Access, t types.Type) (b Binding, ok bool) {
	b = Binding{Group: group, Binding: binding, Name: name, Type: t.String()}
	switch space {
	case types.AddrUniform:
		b.Kind = KindUniformBuffer
		b.MinBindingSize = l.MinBindingSize(t)
		return b, true
	case types.AddrStorage:
		b.Kind = KindStorageBuffer
		if access == types.AccessNone {
			access = types.DefaultAccess(space)
		}
		b.Access = access.String()
		b.MinBindingSize = l.MinBindingSize(t)
		return b, true
	}
	switch t := t.(type) {
	case *types.Sampler:
		b.Kind = KindSampler
		if t.Comparison {
			b.Kind = KindComparisonSampler
		}
		return b, true
	case *types.Texture:
		if t.Kind != types.TexExternal {
			b.Dimension = t.Dim.String()
		}
		switch t.Kind {
		case types.TexSampled:
			b.Kind, b.SampleType = KindSampledTexture, t.Sampled.String()
		case types.TexMultisampled:
			b.Kind, b.SampleType = KindMultisampledTexture, t.Sampled.String()
		case types.TexDepth:
			b.Kind = KindDepthTexture
		case types.TexDepthMultisampled:
			b.Kind = KindDepthMultisampledTexture
		case types.TexStorage:
			b.Kind, b.Format, b.Access = KindStorageTexture, t.Format.String(), t.Access.String()
		case types.TexExternal:
			b.Kind = KindExternalTexture
		}
		return b, true
	}
	return Binding{}, false
}
