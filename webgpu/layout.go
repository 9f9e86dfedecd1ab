package webgpu

import (
	"errors"
	"fmt"

	"github.com/cogentcore/webgpu/wgpu"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// BindGroupLayoutEntry returns the layout entry of one binding of a generated table, with
// HasDynamicOffset as the host chooses for a buffer. A texture_external has no wgpu form in
// cogentcore/webgpu v0.23.0 and is an error; the bindings the compiler adds for one
// (ExternalPart) are for Vulkan hosts and have no entry either.
func BindGroupLayoutEntry(b *wgsl.Binding, dynamicOffset bool) (wgpu.BindGroupLayoutEntry, error) {
	e := wgpu.BindGroupLayoutEntry{Binding: b.Binding, Visibility: ShaderStage(b.Visibility)}
	if dynamicOffset && b.Buffer == nil {
		return e, bindingErr(b, errors.New("only buffers take dynamic offsets"))
	}
	var err error
	switch {
	case b.ExternalPart != nil:
		err = fmt.Errorf("the compiler adds it for the texture_external @group(%d) @binding(%d) in SPIR-V; WebGPU layouts have no such entry",
			b.ExternalPart.Group, b.ExternalPart.Binding)
	case b.ExternalTexture != nil:
		err = errors.New("cogentcore/webgpu v0.23.0 has no external textures")
	case b.Buffer != nil:
		e.Buffer.Type, err = BufferBindingType(b.Buffer.Type)
		e.Buffer.MinBindingSize = b.Buffer.MinBindingSize
		e.Buffer.HasDynamicOffset = dynamicOffset
	case b.Sampler != nil:
		e.Sampler.Type, err = SamplerBindingType(b.Sampler.Type)
	case b.Texture != nil:
		e.Texture.Multisampled = b.Texture.Multisampled
		if e.Texture.SampleType, err = TextureSampleType(b.Texture.SampleType); err == nil {
			e.Texture.ViewDimension, err = TextureViewDimension(b.Texture.ViewDimension)
		}
	case b.StorageTexture != nil:
		if e.StorageTexture.Access, err = StorageTextureAccess(b.StorageTexture.Access); err == nil {
			if e.StorageTexture.Format, err = TextureFormat(b.StorageTexture.Format); err == nil {
				e.StorageTexture.ViewDimension, err = TextureViewDimension(b.StorageTexture.ViewDimension)
			}
		}
	default:
		err = errors.New("the table gives no resource layout")
	}
	if err != nil {
		return e, bindingErr(b, err)
	}
	return e, nil
}

// BindGroupLayoutDescriptor returns the layout of @group(group) of the module-wide layout of s
// (the layout NewModule makes without options): one entry per binding (those of ExternalPart
// left out), buffers named in dynamic with HasDynamicOffset. A group without bindings, or
// beyond the table's last, has an empty layout.
func BindGroupLayoutDescriptor(s *wgsl.Shader, group uint32, dynamic []wgsl.BindingRef) (*wgpu.BindGroupLayoutDescriptor, error) {
	p, err := planLayout(s.Source, []*wgsl.Shader{s}, nil, dynamic)
	if err != nil {
		return nil, err
	}
	return p.descriptor(int(group))
}

func containsRef(refs []wgsl.BindingRef, r wgsl.BindingRef) bool {
	for _, x := range refs {
		if x == r {
			return true
		}
	}
	return false
}

// VertexBufferLayout returns the wgpu layout of one vertex buffer of a generated table, whose
// StepMode the host has set (PerVertex, PerInstance).
func VertexBufferLayout(l wgsl.VertexBufferLayout) (wgpu.VertexBufferLayout, error) {
	mode, err := VertexStepMode(l.StepMode)
	if err != nil {
		return wgpu.VertexBufferLayout{}, fmt.Errorf("vertex buffer %s: %w", bufferName(l), err)
	}
	out := wgpu.VertexBufferLayout{ArrayStride: l.ArrayStride, StepMode: mode, Attributes: make([]wgpu.VertexAttribute, len(l.Attributes))}
	for i, a := range l.Attributes {
		f, err := VertexFormat(a.Format)
		if err != nil {
			return wgpu.VertexBufferLayout{}, fmt.Errorf("vertex buffer %s, @location(%d) %s: %w", bufferName(l), a.ShaderLocation, a.Name, err)
		}
		out.Attributes[i] = wgpu.VertexAttribute{Format: f, Offset: a.Offset, ShaderLocation: a.ShaderLocation}
	}
	return out, nil
}

// VertexBufferLayouts returns the vertex buffers of a vertex entry point with the step modes
// the host chooses, one per buffer slot (entry.VertexBuffers[i] is slot i).
func VertexBufferLayouts(entry *wgsl.EntryPoint, modes ...wgsl.VertexStepMode) ([]wgpu.VertexBufferLayout, error) {
	if len(modes) != len(entry.VertexBuffers) {
		return nil, fmt.Errorf("entry point %s has %d vertex buffers (%s), given %d step modes",
			entry.Name, len(entry.VertexBuffers), bufferNames(entry.VertexBuffers), len(modes))
	}
	out := make([]wgpu.VertexBufferLayout, len(modes))
	for i, l := range entry.VertexBuffers {
		l.StepMode = modes[i]
		var err error
		if out[i], err = VertexBufferLayout(l); err != nil {
			return nil, fmt.Errorf("entry point %s, slot %d: %w", entry.Name, i, err)
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

func bindingErr(b *wgsl.Binding, err error) error {
	return fmt.Errorf("@group(%d) @binding(%d) %s: %w", b.Group, b.Binding, b.Name, err)
}
