// Package particles is the example of wgslgo's main job: particles.wgsl, a compute shader,
// turned by go generate into Go that a host program builds pipelines and buffers with.
//
//	go generate ./examples/...
//
// runs the line below, which compiles the shader (pure Go: no cgo, no external compiler) and
// writes particles_wgsl.go and particles.spv beside it. Both are committed; the package's
// tests fail if they are stale. particles_wgsl.go holds:
//
//   - SimParams, Particle and Particles: Go structures with the exact WGSL memory layout of
//     the uniform and storage buffers (dt in the tail of gravity, the padded columns of
//     bounds, the runtime-sized particle array after its header), with Encode, Decode and
//     zero-copy Bytes, and ParticlesSize, AppendParticles, DecodeParticles and ViewParticles
//     for whole particle buffers;
//   - ParticlesShader, the table of the shader: its SPIR-V (Words), its WGSL text, the entry
//     point (Step), the bind group layout entries (Params, Particles) as WebGPU describes
//     them, with Vulkan's numbers from their methods;
//   - ParticlesOverrides, which makes a pipeline's override values: WebGPU pipeline
//     constants, the WGSL with the values substituted, Vulkan specialization data;
//   - ParticlesDamping, the shader's constant.
//
// The examples in example_test.go show a host filling the buffers and reading them back.
package particles

//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen particles.wgsl
