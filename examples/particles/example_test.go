package particles_test

import (
	"fmt"
	"strings"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// A host prepares everything a compute pipeline needs from the generated code: the shader
// (SPIR-V for Vulkan, WGSL for WebGPU), the override values, the bind group layout, the
// buffers at the bindings and sizes the shader declares, and the number of workgroups.
func Example() {
	sh := &particles.ParticlesShader

	// The uniform buffer: SimParams, 80 bytes in WGSL's layout.
	params := particles.SimParams{
		Gravity: wgsl.Vec3f{0, -9.8, 0},
		Dt:      1.0 / 64,
		Bounds:  wgsl.Mat3x3fColumnMajor([9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1}),
		Count:   1000,
	}
	uniform := make([]byte, sh.Params().Buffer.MinBindingSize)
	params.Encode(uniform) // or params.Bytes(), without copying, on little-endian hosts

	// The storage buffer: the Particles header, then one Particle per element.
	items := make([]particles.Particle, params.Count)
	for i := range items {
		items[i] = particles.Particle{Position: wgsl.Vec3f{float32(i), 10, 0}, Mass: 1}
	}
	storage := particles.AppendParticles(nil, &particles.Particles{Alive: 0}, items)

	// The pipeline: 32 invocations per workgroup instead of the default 64.
	var o particles.ParticlesOverrides
	o.SetWorkgroupWidth(32)
	spec, err := o.Specialization() // Vulkan
	if err != nil {
		panic(err)
	}
	constants, err := o.PipelineConstants() // WebGPU
	if err != nil {
		panic(err)
	}
	source, err := o.WGSL() // WebGPU without pipeline constants
	if err != nil {
		panic(err)
	}
	groups := wgsl.WorkgroupCount(o.StepWorkgroupSize(), [3]uint32{params.Count, 1, 1})

	fmt.Printf("SPIR-V: magic %#08x, entry point %q (%s)\n", sh.Words()[0], sh.Step().Name, sh.Step().Stage)
	for _, b := range sh.BindGroups[0].Entries {
		fmt.Printf("@group(%d) @binding(%d) %s: %s buffer, at least %d bytes, visible to %s\n",
			b.Group, b.Binding, b.Name, b.Buffer.Type, b.Buffer.MinBindingSize, b.Visibility)
	}
	fmt.Printf("buffers: %d and %d bytes for %d particles\n", len(uniform), len(storage), len(items))
	fmt.Printf("specialization: %+v, %d bytes of data; pipeline constants %v\n", spec.Entries, len(spec.Data), constants)
	fmt.Println("WGSL:", strings.Contains(source, "const workgroup_width: u32 = 32;"))
	fmt.Printf("dispatch %v workgroups of %v\n", groups, o.StepWorkgroupSize())
	// Output:
	// SPIR-V: magic 0x07230203, entry point "step" (compute)
	// @group(0) @binding(0) params: uniform buffer, at least 80 bytes, visible to compute
	// @group(0) @binding(1) particles: storage buffer, at least 48 bytes, visible to compute
	// buffers: 80 and 32016 bytes for 1000 particles
	// specialization: [{ID:0 Offset:0 Size:4}], 4 bytes of data; pipeline constants map[workgroup_width:32]
	// WGSL: true
	// dispatch [32 1 1] workgroups of [32 1 1]
}

// SimParams has the WGSL layout: dt packs into the 4 bytes after the vec3 gravity, and each
// column of the mat3x3 bounds is padded to 16 bytes.
func ExampleSimParams_Encode() {
	p := particles.SimParams{Gravity: wgsl.Vec3f{1, 2, 3}, Dt: 0.5, Count: 7}
	p.Bounds.SetCol(0, wgsl.Vec3f{4, 5, 6})
	b := make([]byte, 80)
	p.Encode(b)
	for off := 0; off < 80; off += 16 {
		fmt.Printf("%2d: % x\n", off, b[off:off+16])
	}
	// Output:
	//  0: 00 00 80 3f 00 00 00 40 00 00 40 40 00 00 00 3f
	// 16: 00 00 80 40 00 00 a0 40 00 00 c0 40 00 00 00 00
	// 32: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
	// 48: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
	// 64: 07 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
}

// After the dispatch, the host reads the storage buffer back: DecodeParticles copies the
// header and as many particles as the bytes hold; ViewParticles gives them in place.
func ExampleDecodeParticles() {
	items := []particles.Particle{{Position: wgsl.Vec3f{1, 2, 3}, Mass: 2}, {Position: wgsl.Vec3f{4, 5, 6}, Mass: 3}}
	buf := particles.AppendParticles(nil, &particles.Particles{}, items)

	// What the shader does, as if the buffer came back from the GPU.
	if wgsl.LittleEndian {
		h, view, err := particles.ViewParticles(buf)
		if err != nil {
			panic(err)
		}
		h.Alive = 2
		view[1].Age += 0.25
	}

	h, got, err := particles.DecodeParticles(buf)
	if err != nil {
		panic(err)
	}
	fmt.Println("alive:", h.Alive)
	for _, p := range got {
		fmt.Printf("position %v, mass %v, age %v\n", p.Position, p.Mass, p.Age)
	}
	// Output:
	// alive: 2
	// position [1 2 3], mass 2, age 0
	// position [4 5 6], mass 3, age 0.25
}
