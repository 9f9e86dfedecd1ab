package scene_test

import (
	"fmt"

	"github.com/wgslgo/wgslgo/examples/scene"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// A host builds its pipeline and bind group layouts from the tables: WebGPU's descriptors
// field by field, or Vulkan's numbers from the same entries.
func Example() {
	sh := &scene.DrawShader
	vs := sh.Vs()
	for slot, l := range []wgsl.VertexBufferLayout{vs.VertexBuffers[0].PerVertex(), vs.VertexBuffers[1].PerInstance()} {
		fmt.Printf("vertex buffer %d (%s): stride %d, step %s\n", slot, l.Struct, l.ArrayStride, l.StepMode)
		for _, a := range l.Attributes {
			fmt.Printf("  @location(%d) %s: %s at %d (VkFormat %d)\n", a.ShaderLocation, a.Name, a.Format, a.Offset, a.Format.VkFormat())
		}
	}
	for _, g := range sh.BindGroups {
		for _, b := range g.Entries {
			fmt.Printf("@group(%d) @binding(%d) %s, visible to %s (VkDescriptorType %d)\n", b.Group, b.Binding, b.Name, b.Visibility, b.VkDescriptorType())
		}
	}
	im := scene.ShadeShader.Push()
	fmt.Printf("immediate data %s: %d bytes for %s\n", im.Name, im.Size, im.Stages)

	// The Go values, in the layout of the vertex buffers.
	v := scene.Vertex{Position: wgsl.Vec3f{0, 1, 0}, Shade: wgsl.F16FromFloat32(0.5)}
	inst := scene.Instance{Offset: wgsl.Vec3f{0.5, 0, 0}, Palette: 2}
	fmt.Println(len(v.Bytes()), len(inst.Bytes()))
	// Output:
	// vertex buffer 0 (Vertex): stride 16, step vertex
	//   @location(0) position: float32x3 at 0 (VkFormat 106)
	//   @location(1) shade: float16x2 at 12 (VkFormat 83)
	// vertex buffer 1 (Instance): stride 24, step instance
	//   @location(2) offset: float32x3 at 0 (VkFormat 106)
	//   @location(3) color: float16x4 at 12 (VkFormat 97)
	//   @location(4) palette: uint32 at 20 (VkFormat 98)
	// @group(0) @binding(0) globals, visible to vertex (VkDescriptorType 6)
	// @group(1) @binding(0) palette, visible to fragment (VkDescriptorType 2)
	// @group(1) @binding(1) palette_sampler, visible to fragment (VkDescriptorType 0)
	// immediate data push: 8 bytes for compute
	// 16 24
}
