// Package gogpu makes wgslgo's generated shader tables into values of github.com/gogpu/wgpu
// v0.31.5, WebGPU in pure Go (no cgo: it loads the Vulkan loader at run time), so that a Go
// program states none of what its shaders already say. It maps the plans and checks of the
// binding-neutral core, github.com/wgslgo/wgslgo/host, onto the binding's types and calls;
// Profile says what the binding can do. Import a backend of gogpu/wgpu beside it
// (_ "github.com/gogpu/wgpu/hal/vulkan").
//
// NewModule makes a shader module and its Layout (bind group layouts and pipeline layout),
// NewLayout a layout that several modules share (a vertex and a fragment shader in two files)
// or one for some entry points. Modules give the descriptors of compute and render pipelines
// (vertex buffers with the host's step modes, color targets from the fragment outputs) and
// make bind groups from Go buffers, samplers and texture views named by the table's accessors
// (Buffer(ParticlesShader.Params(), buf)), checked in Go first. The buffer and texture helpers
// do what WebGPU asks around them: whole 4-byte words (NewBuffer, WriteBuffer), read-back into
// generated types (ReadBuffer, ReadArray, ReadStructArray) and of textures through padded
// rows (ReadTexture, ReadImage).
//
// What gogpu/wgpu v0.31.5 gets wrong, and what this package does about it:
//   - Its pipelines apply no constants, and its WGSL compiler (gogpu/naga) fails on an
//     override used in code and makes @workgroup_size(override) 1×1×1. NewModule gives the
//     Vulkan backend the table's SPIR-V, with the override values as the defaults of its
//     specialization constants (host.Specialize); NewModuleWGSL, for the backends that take
//     only WGSL, the WGSL with the values substituted.
//   - It checks a SPIR-V module against nothing, and hands a pipeline whose layout does not fit
//     its shaders to the driver, which may crash the process (lavapipe does, on a binding
//     whose visibility lacks the stage that uses it). Every pipeline this package makes is
//     checked first (host.Layout.Stage), and CreateComputePipeline and CreateRenderPipeline
//     check a descriptor the host built where its modules and layout are this package's.
//   - Refused, in the core's words (see Profile): immediate data (it has no API for them),
//     f16 (it never enables the device feature), dynamic offsets (its Vulkan descriptor set
//     layouts have no dynamic descriptors), storage textures (it writes every texture view
//     into a descriptor set as a sampled image) and texture_external (it has none).
//   - Its Vulkan backend enables every feature the device reports and lets no host ask for
//     one or see which it has: primitive_index, clip_distances and dual_source_blending run
//     where the device has geometryShader, shaderClipDistance and dualSrcBlend (lavapipe
//     has all three), and nothing says so where it has not.
//   - It leaves the padding of a buffer mapped at creation as the allocator gave it (NewBuffer
//     clears it), its copies take a texture in whatever layout it is (ReadTexture moves a
//     render target or a written texture to the copy's layout and back), its queue writes
//     leave a texture ready for sampling, which Vulkan allows only a texture with
//     wgpu.TextureUsageTextureBinding (WriteTexture refuses others, NewImageTexture adds it),
//     and the write of a depth texture must name its depth aspect (WriteTexture does).
//   - Its Texture tells only its format: ReadTexture and ReadImage take the texture's
//     descriptor.
//   - Its software backend skips SPIR-V instructions it does not know (OpArrayLength,
//     specialization constants, bit operations...) without a word, and runs no workgroup
//     memory across a barrier: use the Vulkan backend (package gogpu/software lists what it
//     gets wrong, each case a test).
package gogpu
