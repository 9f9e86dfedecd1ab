// Package webgpu makes wgslgo's generated shader tables into values of
// github.com/oliverbestmann/webgpu/wgpu, the binding Cogent Core uses since May 2026
// (wgpu-native v29 behind cgo), so that a Go program that talks WebGPU states none of what its
// shaders already say. It maps the plans and checks of the binding-neutral core,
// github.com/wgslgo/wgslgo/host, onto the binding's types and calls; Profile says what the
// binding can do. (Until May 2026 this package was for github.com/cogentcore/webgpu v0.23.0,
// which Cogent Core left for this fork of it: see the README.)
//
// NewModule makes a shader module and its Layout (bind group layouts and pipeline layout),
// NewLayout a layout that several modules share (a vertex and a fragment shader in two files)
// or one for some entry points. Modules give the descriptors of compute and render pipelines
// (vertex buffers with the host's step modes, or the host's own buffers checked against the
// inputs: RenderPipelineOptions.VertexBuffers; color targets from the fragment outputs) and
// make bind groups from Go buffers, samplers and texture views: through the generated
// functions with the module's Binder (ParticlesGroup0(m.Binder(device), params, particles),
// where a binding left out does not compile), or named by the table's accessors
// (Buffer(ParticlesShader.Params(), buf)), checked in Go first. The buffer and texture helpers
// do what WebGPU asks around them: whole 4-byte words (NewBuffer, WriteBuffer), read-back into
// generated types (ReadBuffer, and host.ReadArray of a Reader) and of textures through padded
// rows (ReadTexture, ReadImage).
//
// What the binding (as pinned) decides here, and what this package does about it:
//   - Modules are made from WGSL, which its naga 29 reads as wgslgo writes it (override
//     values substituted: its pipelines' Constants are commented out). Its SPIR-V descriptor
//     passes the code's length in bytes where wgpu-native wants words, so no SPIR-V module
//     can be made through it.
//   - f16, primitive_index and the other enable extensions run on a device made with their
//     features (wgpu.FeatureNameShaderF16, ...); NewModule names those a device lacks.
//   - Refused, in the core's words (see Profile): immediate data (render passes only, and the
//     device limit it needs breaks color targets: the binding's RequiredLimits drops
//     maxColorAttachmentBytesPerSample) and texture_external (it has none).
//   - Its CreateX methods panic on a validation error and its TryX methods report it through
//     a pooled callback that keeps the error for the calls after: this package calls TryX
//     and empties the pool after a failure (two garbage collections); a host that calls TryX
//     itself should do the same.
//   - Its Queue.Submit aborts the process on a validation error: Submit, and the read-backs,
//     submit only what encoded and finished without one.
//   - Its Device.GetLimits aborts the process (it frees a Go pointer): a device made without
//     RequiredLimits has WebGPU's default limits, a minUniformBufferOffsetAlignment of 256.
package webgpu
