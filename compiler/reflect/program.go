package reflect

import (
	"fmt"
	"sort"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Specialization is what a compilation decided of a program beyond its source: the entry
// points of the module it made and what the override values it fixed made known.
type Specialization struct {
	// EntryPoints holds the entry points kept, by name, with the sizes the values made known.
	EntryPoints map[string]KnownSizes
	// Constants holds the overrides given values at compile time, by name: they are constants
	// of these values, no longer overrides.
	Constants map[string]Value
	// Defaults holds the overrides whose defaults the values made known, by name: a pipeline
	// can still set them, and no flag says so.
	Defaults map[string]Value
}

// KnownSizes are the workgroup and subgroup sizes of a compute entry point that override
// values made known, 0 for those they did not (or that need none).
type KnownSizes struct {
	WorkgroupSize [3]int
	SubgroupSize  int
}

// bound reports whether global v has a binding the reflection lists: a resource with
// @group and @binding (immediates have none).
func bound(v *sema.Var) bool {
	return v.Space != types.AddrImmediate && v.Group >= 0 && v.Binding >= 0
}

// FromProgram builds the reflection of a checked program, as the compilation that spec
// describes made it (nil: the program as declared, every entry point kept and every override
// pipeline-overridable). source names the WGSL file as the user gave it (it is written into
// the model as is).
func FromProgram(p *sema.Program, source string, spec *Specialization) (*Module, error) {
	m := &Module{Version: Version, Source: source}
	l := p.Layouts
	var fixed []Constant // the overrides spec makes constants
	use := usageOf(p)

	var roots []types.Type
	byVar := map[*sema.Var]BindingRef{}
	globals := append([]*sema.Var(nil), p.Globals...)
	sort.SliceStable(globals, func(i, j int) bool {
		if globals[i].Group != globals[j].Group {
			return globals[i].Group < globals[j].Group
		}
		return globals[i].Binding < globals[j].Binding
	})
	externals := ExternalTextureBindings(p)
	extra := map[*sema.Var][]BindingRef{}
	// The bindings counted first, so that the list is made once (and stays nil, as the
	// model writes a module without any, when there are none).
	n := 0
	for _, v := range globals {
		if bound(v) {
			n++
		}
	}
	if n > 0 {
		m.Bindings = make([]Binding, 0, n+2*len(externals))
	}
	for _, v := range globals {
		if !bound(v) {
			continue
		}
		b, ok := BindingOf(l, v.Group, v.Binding, v.Name(), v.Space, v.Access, v.Type, use.handles[v])
		if !ok {
			return nil, fmt.Errorf("variable %s: type %s is not a resource type", v.Name(), v.Type)
		}
		b.Visibility = append(b.Visibility, use.stagesOf(v)...)
		ref := BindingRef{Group: v.Group, Binding: v.Binding}
		byVar[v] = ref
		if v.Space.IsHostShareable() {
			roots = append(roots, v.Type)
		}
		if ext, ok := externals[abi.BindingPoint{Group: uint32(v.Group), Binding: uint32(v.Binding)}]; ok {
			// The expansion of texture_external: a second plane and a parameter buffer.
			plane1 := BindingRef{Group: int(ext.Plane1.Group), Binding: int(ext.Plane1.Binding)}
			params := BindingRef{Group: int(ext.Params.Group), Binding: int(ext.Params.Binding)}
			b.ExternalTexture = &ExternalTextureLayout{Plane1: plane1, Params: params}
			pt := abi.ExternalTextureParams()
			_, n1, np := abi.ExternalPartNames(v.Name())
			p1, _ := BindingOf(l, plane1.Group, plane1.Binding, n1, types.AddrHandle, types.Read,
				abi.ExternalTexturePlane(), HandleUse{WithSampler: true})
			pb, _ := BindingOf(l, params.Group, params.Binding, np, types.AddrUniform, types.Read, pt, HandleUse{})
			for _, part := range []*Binding{&p1, &pb} {
				part.Visibility = append(part.Visibility, use.stagesOf(v)...)
				part.ExternalPart = &ref
			}
			m.Bindings = append(m.Bindings, p1, pb)
			roots = append(roots, pt)
			extra[v] = []BindingRef{plane1, params}
		}
		m.Bindings = append(m.Bindings, b)
	}
	sort.SliceStable(m.Bindings, func(i, j int) bool {
		a, b := m.Bindings[i], m.Bindings[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		return a.Binding < b.Binding
	})

	for _, v := range p.Globals {
		if v.Space != types.AddrImmediate {
			continue
		}
		stages := append([]Stage{}, use.stagesOf(v)...)
		m.Immediates = append(m.Immediates, Immediate{Name: v.Name(), Type: TypeOf(l, v.Type), Size: l.SizeOf(v.Type), Stages: stages})
		roots = append(roots, v.Type)
	}

	if spec == nil && len(p.EntryPoints) > 0 {
		m.EntryPoints = make([]EntryPoint, 0, len(p.EntryPoints))
	}
	for _, f := range p.EntryPoints {
		var known KnownSizes
		if spec != nil {
			k, ok := spec.EntryPoints[f.Name()]
			if !ok {
				continue
			}
			known = k
		}
		ep := EntryPoint{Name: f.Name(), Stage: Stage(f.Stage.String())}
		if f.Stage == sema.Compute {
			ep.WorkgroupSize = make([]WorkgroupDim, 0, len(f.Workgroup))
			for i, d := range f.Workgroup {
				ep.WorkgroupSize = append(ep.WorkgroupSize, workgroupDim(p, d, known.WorkgroupSize[i], spec))
			}
			if f.SubgroupSize != nil {
				d := workgroupDim(p, *f.SubgroupSize, known.SubgroupSize, spec)
				ep.SubgroupSize = &d
			}
		}
		for _, g := range f.Globals {
			v, ok := g.(*sema.Var)
			if !ok {
				continue
			}
			if ref, ok := byVar[v]; ok {
				ref.Name = v.Name()
				ep.Bindings = append(ep.Bindings, ref)
				_, plane1, params := abi.ExternalPartNames(v.Name())
				for i, r := range extra[v] {
					r.Name = []string{plane1, params}[i]
					ep.Bindings = append(ep.Bindings, r)
				}
			}
			if v.Space == types.AddrImmediate {
				ep.Immediate = v.Name()
			}
		}
		sort.Slice(ep.Bindings, func(i, j int) bool {
			a, b := ep.Bindings[i], ep.Bindings[j]
			if a.Group != b.Group {
				return a.Group < b.Group
			}
			return a.Binding < b.Binding
		})
		switch f.Stage {
		case sema.Vertex:
			bufs, err := vertexBuffers(l, f)
			if err != nil {
				return nil, fmt.Errorf("entry point %s: %w", f.Name(), err)
			}
			ep.VertexBuffers = bufs
		case sema.Fragment:
			if f.Result != nil {
				ep.FragmentOutputs = ioVars(l, "", f.Result, f.ResultIO)
			}
			ep.FragmentOutputs = append(ep.FragmentOutputs, legacyOutputs(l, f)...)
			sortIO(ep.FragmentOutputs)
		}
		if ep.Bindings == nil {
			ep.Bindings = []BindingRef{}
		}
		m.EntryPoints = append(m.EntryPoints, ep)
	}
	m.Structs = StructsFrom(l, roots)
	memoryVertexLayouts(m)

	for _, o := range p.Overrides {
		if v, ok := spec.constant(o.Name()); ok {
			fixed = append(fixed, Constant{Name: o.Name(), Type: TypeOf(l, o.Type), Value: v})
			continue
		}
		ov := Override{Name: o.Name(), Key: abi.OverrideKey(o.Name(), o.ID, o.IDSet), Type: TypeOf(l, o.Type), ID: o.ID, Required: o.Default == nil}
		if o.Value.IsValid() {
			v, err := ValueOf(o.Value)
			if err != nil {
				return nil, fmt.Errorf("override %s: %w", o.Name(), err)
			}
			ov.Default = &v
		} else if o.Default != nil {
			ov.FlagID = int(abi.OverrideFlagID(uint32(o.ID)))
		}
		if spec != nil {
			if v, ok := spec.Defaults[o.Name()]; ok {
				ov.Default, ov.FlagID = &v, 0
			}
		}
		m.Overrides = append(m.Overrides, ov)
	}

	for _, c := range p.Consts {
		switch c.Type.(type) {
		case *types.Scalar, *types.Vector:
		default:
			continue
		}
		v, err := ValueOf(c.Value)
		if err != nil {
			return nil, fmt.Errorf("const %s: %w", c.Name(), err)
		}
		m.Constants = append(m.Constants, Constant{Name: c.Name(), Type: TypeOf(l, c.Type), Value: v})
	}
	m.Constants = append(m.Constants, fixed...)
	return m, nil
}

// constant returns the value spec gives the override name, if it gives one.
func (spec *Specialization) constant(name string) (Value, bool) {
	if spec == nil {
		return Value{}, false
	}
	v, ok := spec.Constants[name]
	return v, ok
}

// workgroupDim is the reflection of a workgroup or subgroup size d: known when the override
// values made it so (known > 0), else as written, with only the overrides a pipeline can set.
func workgroupDim(p *sema.Program, d sema.WorkgroupDim, known int, spec *Specialization) WorkgroupDim {
	switch {
	case d.IsConst():
		return WorkgroupDim{Value: d.Value}
	case known > 0:
		return WorkgroupDim{Value: known}
	case d.Override != nil:
		return WorkgroupDim{Override: d.Override.Name()}
	}
	wd := WorkgroupDim{Expr: syntax.FormatExpr(d.Expr)}
	seen := map[string]bool{}
	syntax.Inspect(d.Expr, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.IdentExpr); ok {
			if o, ok := p.UseOf(id).(*sema.Override); ok && !seen[o.Name()] {
				seen[o.Name()] = true
				if _, fixed := spec.constant(o.Name()); !fixed {
					wd.Overrides = append(wd.Overrides, o.Name())
				}
			}
		}
		return true
	})
	return wd
}

// ioVars lists the user-defined (location) values of a return value: the value itself, or
// the members of an IO structure.
func ioVars(l *layout.Layouts, name string, t types.Type, io types.IO) []IOVar {
	if io.Location >= 0 {
		return []IOVar{ioVar(l, name, t, io)}
	}
	s, ok := t.(*types.Struct)
	if !ok || io.Builtin != "" {
		return nil
	}
	var out []IOVar
	for _, m := range s.Members {
		if m.IO.Location >= 0 {
			out = append(out, ioVar(l, m.Name, m.Type, m.IO))
		}
	}
	return out
}

func ioVar(l *layout.Layouts, name string, t types.Type, io types.IO) IOVar {
	v := IOVar{Location: io.Location, Type: TypeOf(l, t), Name: name}
	if io.BlendSrc >= 0 {
		b := io.BlendSrc
		v.BlendSrc = &b
	}
	return v
}

// legacyOutputs lists the 2021 draft's module-scope var<out> with a location that entry
// point f uses: its pipeline outputs, named after the variables.
func legacyOutputs(l *layout.Layouts, f *sema.Func) []IOVar {
	var out []IOVar
	for _, g := range f.Globals {
		if v, ok := g.(*sema.Var); ok && v.Space == types.AddrOut && v.IO.Location >= 0 {
			out = append(out, ioVar(l, v.Name(), v.Type, v.IO))
		}
	}
	return out
}

func sortIO(vs []IOVar) {
	sort.SliceStable(vs, func(i, j int) bool {
		if vs[i].Location != vs[j].Location {
			return vs[i].Location < vs[j].Location
		}
		bi, bj := -1, -1
		if vs[i].BlendSrc != nil {
			bi = *vs[i].BlendSrc
		}
		if vs[j].BlendSrc != nil {
			bj = *vs[j].BlendSrc
		}
		return bi < bj
	})
}

// ExternalTextureBindings places the parts of every texture_external of the program besides
// its first plane: the second plane and the parameter buffer take the next free bindings of
// the texture's group, computed over all of the module's bindings so that they do not depend
// on which entry points are kept. The compiler passes the same placement to the
// ExternalTextures pass, so reflection and SPIR-V agree.
func ExternalTextureBindings(p *sema.Program) map[abi.BindingPoint]abi.ExternalBinding {
	var used, externals []abi.BindingPoint
	for _, v := range p.Globals {
		if v.Group < 0 || v.Binding < 0 {
			continue
		}
		bp := abi.BindingPoint{Group: uint32(v.Group), Binding: uint32(v.Binding)}
		used = append(used, bp)
		if t, ok := v.Type.(*types.Texture); ok && t.Kind == types.TexExternal {
			externals = append(externals, bp)
		}
	}
	if len(externals) == 0 {
		return nil
	}
	return abi.ExternalTextureBindings(used, externals)
}
