// Package host is the part of wgslgo's WebGPU adapters that does not call a binding: what a
// Go program that talks WebGPU through any binding would otherwise work out by hand from its
// shaders, and what it must check before the binding sees it. Each adapter (webgpu for
// cogentcore/webgpu, gogpu for gogpu/wgpu, wgpu for oliverbestmann/webgpu, in nested modules)
// is a thin mapping of these plans and checks onto its binding's types and calls.
//
// A Profile declares what a binding can do: what its shader modules are made from (Code:
// WGSL with the override values substituted, in the dialect its compiler reads, or SPIR-V
// with the values as specialization constant defaults, Specialize), and the features it
// lacks, which the core refuses in the same words on every binding (var<immediate> data, f16,
// dynamic offsets, texture_external).
//
// The plans:
//
//   - Layout: the bind group layouts and the pipeline layout of one shader's entry points, of
//     some of them, or of several shaders that share one (a vertex and a fragment shader in
//     two files), with the entries' visibility merged, the immediate data's size, and the
//     bindings that take dynamic offsets (Entries). Stage checks that a layout serves an
//     entry point: every binding it uses there, of the same resource, visible to its stage.
//   - Module: a shader module, its layout, its override values and workgroup sizes, and the
//     render pipelines of its entry points (Render, with RenderOptions): vertex buffers with
//     the host's step modes (VertexBuffers, VertexBuffer), color targets (ColorTargets).
//   - BindGroup: a bind group of resources in the binding's own types (Resource), checked
//     against the layout and the tables: every binding once, buffers of the right usage and
//     size, no buffer bound writable and read-only in overlapping ranges. Binder is every
//     adapter's wgsl.Binder, for the generated bind group functions (SGroupN), whose groups
//     it checks the same way.
//   - RenderOptions.VertexBuffers: the host's own vertex buffers in place of the table's,
//     checked by wgsl.EntryPoint.Regroup (inputs per instance and per vertex from buffers the
//     host keeps, a position read from a larger mesh vertex).
//
// And the rules around buffers and textures that WebGPU sets and every binding leaves to its
// user: buffers in whole 4-byte words (BufferSize, Profile.Write, Profile.Read), values packed
// at the device's uniform offset alignment for dynamic offsets (PackUniforms), arrays read
// back into generated types (ReadArray, ReadStructArray of an adapter's Reader), and textures read
// back through rows padded to 256 bytes (Profile.ReadTexture, TextureCopy.Unpad).
package host
