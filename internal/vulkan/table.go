package vulkan

import (
	"fmt"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// KindOf returns the harness's kind of a binding of a generated table: from its Vulkan
// descriptor type, which the table gives, and, where the harness tells more kinds apart than
// Vulkan does, from its layout (a read-only storage buffer, a comparison sampler).
func KindOf(b *wgsl.Binding) (BindingKind, error) {
	switch b.VkDescriptorType() {
	case 6: // VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
		return UniformBuffer, nil
	case 7: // VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
		if b.Buffer.Type == wgsl.BufferReadOnlyStorage {
			return ReadOnlyStorageBuffer, nil
		}
		return StorageBuffer, nil
	case 0: // VK_DESCRIPTOR_TYPE_SAMPLER
		if b.Sampler.Type == wgsl.SamplerComparison {
			return ComparisonSampler, nil
		}
		return Sampler, nil
	case 2: // VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
		if b.ExternalTexture != nil {
			break
		}
		return SampledImage, nil
	case 3: // VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
		return StorageImage, nil
	}
	return 0, fmt.Errorf("vulkan: @group(%d) @binding(%d) %s: the harness binds no %s", b.Group, b.Binding, b.Name, b.Type)
}

// BindingOf returns the harness binding of a binding of a generated table: its group,
// binding, kind, minimum size and stages, with data (a buffer's contents or an image's
// texels), image and sampler to be set by the caller.
func BindingOf(b *wgsl.Binding) (Binding, error) {
	k, err := KindOf(b)
	if err != nil {
		return Binding{}, err
	}
	out := Binding{Group: b.Group, Binding: b.Binding, Kind: k, Stages: b.Visibility.VkShaderStageFlags()}
	if b.Buffer != nil {
		out.MinSize = int(b.Buffer.MinBindingSize)
	}
	return out, nil
}

// VertexBufferOf returns the harness vertex buffer of a vertex buffer layout of a generated
// table, holding data: its stride, input rate (the layout's step mode, which the caller
// sets) and attributes, with the VkFormats of their vertex formats.
func VertexBufferOf(l wgsl.VertexBufferLayout, data []byte) (VertexBuffer, error) {
	rate, ok := l.StepMode.VkVertexInputRate()
	if !ok {
		return VertexBuffer{}, fmt.Errorf("vulkan: the vertex buffer of %q has no step mode: choose PerVertex or PerInstance", l.Struct)
	}
	vb := VertexBuffer{Data: data, Stride: uint32(l.ArrayStride), PerInstance: rate == 1}
	for _, a := range l.Attributes {
		f := a.Format.VkFormat()
		if f == 0 {
			return VertexBuffer{}, fmt.Errorf("vulkan: attribute %s: unknown vertex format %q", a.Name, a.Format)
		}
		vb.Attributes = append(vb.Attributes, VertexAttribute{Location: a.ShaderLocation, Format: f, Offset: uint32(a.Offset)})
	}
	return vb, nil
}
