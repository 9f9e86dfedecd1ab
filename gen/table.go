package gen

import (
	"errors"

	wgslreflect "github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Tables returns the tables of shaders as values: what the STable variables of the code that
// Generate writes for them hold, for programs that compile shaders at run time and hand them
// to a WebGPU adapter or the Vulkan harness. A shader Generate refuses is refused the same
// way. (The tests of the generated code check that both agree.)
func Tables(shaders []Shader) ([]wgsl.Shader, error) {
	if len(shaders) == 0 {
		return nil, errors.New("gen: no shaders")
	}
	gn, err := analyze(shaders, Options{Package: "tables", Embed: EmbedInline})
	if err != nil {
		return nil, err
	}
	out := make([]wgsl.Shader, len(gn.shaders))
	for i, d := range gn.shaders {
		out[i] = d.value()
	}
	return out, nil
}

// value is the value of the shader's table.
func (d *shaderDef) value() wgsl.Shader {
	s := wgsl.Shader{Source: d.name}
	if d.spirv != nil {
		s.SPIRV = spvBytes(d.spirv)
	}
	if d.wgsl != nil {
		s.WGSL, s.ImmediateFeature = string(d.wgsl.Text), d.wgsl.ImmediateFeature
	}
	for i := range d.entries {
		s.EntryPoints = append(s.EntryPoints, d.entryPoint(&d.entries[i]))
	}
	for g, bs := range d.groups {
		group := wgsl.BindGroup{Group: uint32(g)}
		for _, bd := range bs {
			group.Entries = append(group.Entries, binding(&bd.b))
		}
		s.BindGroups = append(s.BindGroups, group)
	}
	for _, im := range d.immediates {
		s.Immediates = append(s.Immediates, wgsl.Immediate{Name: im.im.Name, Type: im.im.Type.WGSL, Size: uint32(im.im.Size),
			Stages: stageSet(im.im.Stages), AddressSpace: im.space})
	}
	for _, o := range d.overrides {
		v := wgsl.Override{Name: o.o.Name, Key: o.o.Key, ID: uint32(o.o.ID), Type: o.scalar, Required: o.o.Required, FlagID: o.flagID}
		if o.o.Default != nil && !o.o.Default.IsZero() {
			v.Default = o.o.Default.String()
		}
		if o.text != nil {
			v.Decl, v.Init = o.text.Decl, o.text.Init
		}
		s.Overrides = append(s.Overrides, v)
	}
	return s
}

// entryPoint is the table's value of an entry point.
func (d *shaderDef) entryPoint(ed *entryDef) wgsl.EntryPoint {
	e := &ed.e
	out := wgsl.EntryPoint{Name: e.Name, Stage: stageBit[e.Stage]}
	if len(e.WorkgroupSize) == 3 {
		for i, dim := range e.WorkgroupSize {
			out.WorkgroupSize[i] = dimension(dim)
		}
	}
	if e.SubgroupSize != nil {
		out.SubgroupSize = dimension(*e.SubgroupSize)
	}
	for _, r := range e.Bindings {
		out.Bindings = append(out.Bindings, wgsl.BindingRef{Group: uint32(r.Group), Binding: uint32(r.Binding)})
	}
	out.BindingNames = d.bindingNames(e)
	for _, v := range ed.vertex {
		out.VertexBuffers = append(out.VertexBuffers, vertexLayout(v.vertex))
	}
	for _, o := range e.FragmentOutputs {
		blend := -1
		if o.BlendSrc != nil {
			blend = *o.BlendSrc
		}
		out.FragmentOutputs = append(out.FragmentOutputs, wgsl.FragmentOutput{Location: uint32(o.Location), BlendSrc: blend, Name: o.Name, Type: o.Type.WGSL})
	}
	if e.Immediate != "" {
		out.Immediate = e.Immediate
		for _, im := range d.immediates {
			if im.im.Name == e.Immediate {
				out.ImmediateSize = uint32(im.im.Size)
			}
		}
	}
	return out
}

func dimension(d wgslreflect.WorkgroupDim) wgsl.Dim {
	return wgsl.Dim{Value: uint32(d.Value), Override: d.Override, Expr: d.Expr}
}

// binding is the table's value of a binding. The reflection spells its enums as the runtime
// does (WebGPU's names), which checkLayoutEntry checked.
func binding(b *wgslreflect.Binding) wgsl.Binding {
	out := wgsl.Binding{Group: uint32(b.Group), Binding: uint32(b.Binding), Name: b.Name, Type: b.Type.WGSL, Visibility: stageSet(b.Visibility)}
	switch {
	case b.Buffer != nil:
		out.Buffer = &wgsl.BufferBindingLayout{Type: wgsl.BufferBindingType(b.Buffer.Type), MinBindingSize: uint64(b.Buffer.MinBindingSize)}
	case b.Sampler != nil:
		out.Sampler = &wgsl.SamplerBindingLayout{Type: wgsl.SamplerBindingType(b.Sampler.Type)}
	case b.Texture != nil:
		out.Texture = &wgsl.TextureBindingLayout{SampleType: wgsl.TextureSampleType(b.Texture.SampleType),
			ViewDimension: wgsl.TextureViewDimension(b.Texture.ViewDimension), Multisampled: b.Texture.Multisampled}
	case b.StorageTexture != nil:
		t := b.StorageTexture
		out.StorageTexture = &wgsl.StorageTextureBindingLayout{Access: wgsl.StorageTextureAccess(t.Access), Format: wgsl.TextureFormat(t.Format),
			ViewDimension: wgsl.TextureViewDimension(t.ViewDimension)}
	case b.ExternalTexture != nil:
		t := b.ExternalTexture
		out.ExternalTexture = &wgsl.ExternalTextureBindingLayout{Plane1: wgsl.BindingRef{Group: uint32(t.Plane1.Group), Binding: uint32(t.Plane1.Binding)},
			Params: wgsl.BindingRef{Group: uint32(t.Params.Group), Binding: uint32(t.Params.Binding)}}
	}
	if p := b.ExternalPart; p != nil {
		out.ExternalPart = &wgsl.BindingRef{Group: uint32(p.Group), Binding: uint32(p.Binding)}
	}
	return out
}

// vertexLayout is the table's value of a vertex buffer, its step mode left to the host.
func vertexLayout(b *wgslreflect.VertexBuffer) wgsl.VertexBufferLayout {
	l := wgsl.VertexBufferLayout{ArrayStride: uint64(b.Stride), Struct: b.Struct}
	for _, a := range b.Attributes {
		l.Attributes = append(l.Attributes, wgsl.VertexAttribute{Format: wgsl.VertexFormat(a.Format), Offset: uint64(a.Offset), ShaderLocation: uint32(a.Location), Name: a.Name})
	}
	return l
}

func stageSet(ss []wgslreflect.Stage) wgsl.ShaderStage {
	var s wgsl.ShaderStage
	for _, st := range ss {
		s |= stageBit[st]
	}
	return s
}
