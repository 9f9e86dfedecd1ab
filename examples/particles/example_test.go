package particles_test

import (
	"fmt"

	"github.com/wgslgo/wgslgo/examples/particles"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// A host prepares everything a Vulkan (or any other) compute pipeline needs from the
// generated code: the SPIR-V, the specialization data of the overrides, the buffers at the
// bindings and sizes the shader declares, and the number of workgroups to dispatch.
func Example() {
	// The uniform buffer: SimParams, 80 bytes in WGSL's layout.
	params := particles.SimParams{
		Gravity: wgsl.Vec3f{0, -9.8, 0},
		Dt:      1.0 / 64,
		Bounds:  wgsl.Mat3x3fColumnMajor([9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1}),
		Count:   1000,
	}
	uniform := make([]byte, particles.ParticlesParamsMinBindingSize)
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
	spec, err := o.Specialization()
	if err != nil {
		panic(err)
	}
	width := o.StepWorkgroupSize()[0]
	groups := (params.Count + width - 1) / width

	fmt.Printf("SPIR-V: magic %#08x, entry point %q (%s)\n", particles.ParticlesSPIRVWords()[0], particles.ParticlesStepEntryPoint, particles.ParticlesStepStage)
	fmt.Printf("@group(%d) @binding(%d) %s: %d bytes\n", particles.ParticlesParamsGroup, particles.ParticlesParamsBinding, particles.ParticlesParamsKind, len(uniform))
	fmt.Printf("@group(%d) @binding(%d) %s: %d bytes for %d particles (ParticlesSize(%d) = %d)\n",
		particles.ParticlesParticlesGroup, particles.ParticlesParticlesBinding, particles.ParticlesParticlesKind,
		len(storage), len(items), len(items), particles.ParticlesSize(len(items)))
	fmt.Printf("specialization: %+v, %d bytes of data\n", spec.Entries, len(spec.Data))
	fmt.Printf("dispatch %d x 1 x 1 workgroups of %v\n", groups, o.StepWorkgroupSize())
	// Output:
	// SPIR-V: magic 0x07230203, entry point "step" (compute)
	// @group(0) @binding(0) uniform-buffer: 80 bytes
	// @group(0) @binding(1) storage-buffer: 32016 bytes for 1000 particles (ParticlesSize(1000) = 32016)
	// specialization: [{ID:0 Offset:0 Size:4}], 4 bytes of data
	// dispatch 32 x 1 x 1 workgroups of [32 1 1]
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
