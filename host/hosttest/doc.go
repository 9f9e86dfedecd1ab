// Package hosttest is the one scenario suite of wgslgo's WebGPU adapters: the same shaders
// (package testshaders), buffers, expected values and pixels for every binding, so that a
// feature works the same on each or is refused the same way, in the core's words.
//
// An adapter's tests make a GPU (a thin mapping of the interface onto the adapter and its
// device, on Vulkan: Mesa's lavapipe on the project's machines) after EnableValidation, and
// call Run. The scenarios make their bind groups with the generated functions (SGroupN)
// through the adapter's Binder, so that a binding left out does not compile, and those of the
// errors with the adapter's NewBindGroup. The scenarios:
//
//   - compute with overrides (Particles, StorageTexture with an override workgroup size), with
//     dynamic offsets (DynamicOffsets), textures and samplers (TextureSampler), storage
//     textures, padded structures (PaddingSentinel) and f16 (F16);
//   - an instanced draw with two vertex buffers, a texture and a sampler (InstancedDraw), a
//     pipeline of two files sharing one layout (TwoShaderPipeline), entry points of one file
//     with different uniforms at one binding number (SharedBindingNumber), immediate data
//     (ImmediateData);
//   - draws from the host's own vertex buffers (RenderPipeline.VertexBuffers): a flock's
//     storage buffer as per-instance vertices beside a per-vertex shape (FlockDraw), and a
//     depth pass reading the position of a lit pass's 24-byte mesh (MeshPasses);
//   - buffers, textures and the errors of modules and bind groups;
//   - a negative control for each: the same run with one fact as a hand-written host might
//     get it wrong must fail, by an error or by wrong values.
//
// Results are compared with what Go computes and, byte for byte, with golden files of what
// the project's SPIR-V of the same shader gives on the project's Vulkan harness (TestGoldens
// checks them), so a binding that compiles the WGSL itself must agree with wgslgo's SPIR-V.
// The Vulkan validation layer watches every scenario (see Validation): a message fails it.
package hosttest
