// Package webgpu makes wgslgo's generated shader tables into values of
// github.com/cogentcore/webgpu/wgpu (wgpu-native behind cgo), so that a Go program that
// talks WebGPU states none of what its shaders already say. It maps the plans and checks of
// the binding-neutral core, github.com/wgslgo/wgslgo/host, onto the binding's types and calls;
// Profile says what the binding can do.
//
// NewModule compiles a table's WGSL (with the override values substituted) into a shader
// module and makes its Layout: one bind group layout per @group and the pipeline layout that
// holds them. Its methods give the descriptors of a compute pipeline for an entry point and of
// a render pipeline for a vertex and a fragment entry point, whose vertex buffer layouts come
// from the table with the step modes the host chooses, the workgroup size of a compute entry
// point with the module's override values, and create bind groups from Go buffers, textures
// and samplers, one per binding of a group, named by the table's accessors
// (Buffer(ParticlesShader.Params(), buf)) and checked in Go before wgpu sees them. NewLayout
// makes a layout that several modules share (a vertex shader and a fragment shader in separate
// files), or one for some of a shader's entry points (where entry points use one binding
// number for different variables). The mapping functions (BindGroupLayoutEntry,
// VertexBufferLayout, the enum mappings) serve hosts that build their own descriptors.
//
// The buffer helpers do what WebGPU asks around buffers: sizes and writes in whole 4-byte
// words (NewBuffer, WriteBuffer), values packed at multiples of
// minUniformBufferOffsetAlignment for dynamic offsets (PackUniforms), and read-back of bytes,
// of runtime-sized arrays into generated types (ReadBuffer, ReadArray, ReadStructArray) and of
// textures through rows padded to 256 bytes (ReadTexture, ReadImage).
//
// What cogentcore/webgpu v0.23.0 decides here:
//   - Shader modules are made from WGSL. Its SPIR-V descriptor passes the code's length in
//     bytes where wgpu-native wants a count of words, so every SPIR-V module fails ("invalid
//     word count").
//   - Its pipelines take no constants, so override values are substituted into the WGSL
//     (wgsl.Shader.WGSLWith); Module.Constants holds them as WebGPU pipeline constants for a
//     binding that can pass them.
//   - var<immediate> data is what wgpu-native calls push constants, and its WGSL compiler
//     reads only var<push_constant>: NewModule compiles Shader.WGSLWithPushConstants, layouts
//     get a push constant range, Layout.SetImmediates sets the data in a render pass, and the
//     device needs wgpu.NativeFeaturePushConstants. Compute passes cannot set them (the
//     binding has no ComputePassEncoder.SetPushConstants): a compute pipeline of an entry
//     point with immediate data is refused with an error.
//   - texture_external (the binding has none) is refused with an error.
//   - Its WGSL compiler, an older naga, reads no enable or requires directive: shaders that
//     use f16 are refused by NewModule (Profile), and those that need another WGSL
//     extension fail there with naga's error.
//   - wgpu-native aborts the process on a validation error outside an error scope. The
//     binding scopes object creation, pass encoding and Finish, but not Queue.Submit: the
//     helpers check what they submit first, and hosts should too.
package webgpu
