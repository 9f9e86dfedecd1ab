// Package reflect is the reflection model: what a host program needs to know to run a compiled
// WGSL module, with every number taken from compiler/layout. It is written as JSON by
// `wgslc --reflect OUT.json FILE.wgsl`, and read by the Go generator.
//
// # Versioning
//
// The top-level "version" is [Version]. It changes when a field changes meaning or disappears;
// a new field may appear within a version, and readers must ignore fields they do not know
// (as [Unmarshal] does).
//
// # Determinism
//
// [Marshal] writes keys in the order of the Go fields below, indents by two spaces, ends with a
// newline, writes empty lists as [] and puts lists with a natural key in a canonical order, so
// the same module always gives the same bytes. The populator fills the other lists in
// declaration order (entry points, overrides, constants) and [StructsFrom] order (structs).
//
// # The model
//
//   - structs: every host-shareable structure reachable from a buffer binding, each after the
//     structures it contains: name, size (SizeOf; for a runtimeSized structure, the size with
//     zero array elements), align, runtimeSized, and members with name, type (WGSL spelling),
//     offset, size (0 for a runtime-sized array), align, arrayStride (members of array type)
//     and matrixStride (members of matrix type or arrays of matrices; always column-major).
//   - bindings, by group then binding: group, binding, name, kind, type (WGSL spelling of the
//     store or handle type), and as they apply: access ("read", "write", "read_write") for
//     storage buffers and storage textures; minBindingSize for buffers (WebGPU's minimum buffer
//     binding size: SizeOf the store type with a runtime-sized array counted as one element);
//     dimension ("1d", "2d", "2d_array", "3d", "cube", "cube_array"), sampleType ("f32",
//     "i32", "u32") and format ("rgba8unorm"...) for textures. The kinds are "uniform-buffer",
//     "storage-buffer", "sampler", "comparison-sampler", "sampled-texture",
//     "multisampled-texture", "depth-texture", "depth-multisampled-texture", "storage-texture"
//     and "external-texture".
//   - entryPoints: name, stage ("vertex", "fragment", "compute"), workgroupSize for compute
//     (three dimensions, each a number, {"override": name}, or {"expr": WGSL, "overrides":
//     [names]}), subgroupSize for compute entry points with @subgroup_size (one such number or
//     object: the subgroup size the pipeline must require, which SPIR-V for Vulkan does not
//     carry), the bindings the entry point uses as {group, binding}, vertexInputs of vertex
//     entry points and fragmentOutputs of fragment entry points ({location, type, name}, plus
//     blendSrc for dual-source blending), by location.
//   - overrides: name, type, id (@id, or the id the compiler assigned: the SPIR-V SpecId),
//     default (absent when the override has none or it is an override-expression), required,
//     and for a default that is an override-expression flagId: the SpecId of the bool
//     specialization constant a pipeline that sets the override must set to true too.
//   - constants: module-scope const declarations of scalar and vector type: name, type (WGSL
//     spelling, AbstractInt and AbstractFloat included) and value (a number or boolean, or an
//     array of them for a vector; floats with the fewest digits that read back exactly).
//
// With --override values and --entry-point (compiler.Options.Overrides, EntryPoint), the
// reflection describes the module compiled with them, as its SPIR-V is: only the entry point
// kept; an override given a value is listed among the constants with that value (it is no
// specialization constant any more); workgroup and subgroup sizes the values decide are
// numbers, and an expression's overrides are the ones a pipeline can still set; an override
// whose default the values decide has that literal default and no flagId.
//
// # Example
//
// For this module
//
//	struct Particle { pos: vec3<f32>, mass: f32 }
//	struct Particles { count: u32, items: array<Particle> }
//	@group(0) @binding(0) var<storage, read_write> particles: Particles;
//	@group(0) @binding(1) var<uniform> gravity: vec3<f32>;
//	override BLOCK: u32 = 64;
//	const UP: vec3<f32> = vec3(0, 1, 0);
//	@compute @workgroup_size(BLOCK) fn step() { /* uses particles and gravity */ }
//
// the model is
//
//	{
//	  "version": 1,
//	  "source": "particles.wgsl",
//	  "structs": [
//	    {
//	      "name": "Particle",
//	      "size": 16,
//	      "align": 16,
//	      "runtimeSized": false,
//	      "members": [
//	        {
//	          "name": "pos",
//	          "type": "vec3<f32>",
//	          "offset": 0,
//	          "size": 12,
//	          "align": 16
//	        },
//	        {
//	          "name": "mass",
//	          "type": "f32",
//	          "offset": 12,
//	          "size": 4,
//	          "align": 4
//	        }
//	      ]
//	    },
//	    {
//	      "name": "Particles",
//	      "size": 16,
//	      "align": 16,
//	      "runtimeSized": true,
//	      "members": [
//	        {
//	          "name": "count",
//	          "type": "u32",
//	          "offset": 0,
//	          "size": 4,
//	          "align": 4
//	        },
//	        {
//	          "name": "items",
//	          "type": "array<Particle>",
//	          "offset": 16,
//	          "size": 0,
//	          "align": 16,
//	          "arrayStride": 16
//	        }
//	      ]
//	    }
//	  ],
//	  "bindings": [
//	    {
//	      "group": 0,
//	      "binding": 0,
//	      "name": "particles",
//	      "kind": "storage-buffer",
//	      "type": "Particles",
//	      "access": "read_write",
//	      "minBindingSize": 32
//	    },
//	    {
//	      "group": 0,
//	      "binding": 1,
//	      "name": "gravity",
//	      "kind": "uniform-buffer",
//	      "type": "vec3<f32>",
//	      "minBindingSize": 12
//	    }
//	  ],
//	  "entryPoints": [
//	    {
//	      "name": "step",
//	      "stage": "compute",
//	      "workgroupSize": [
//	        {
//	          "override": "BLOCK"
//	        },
//	        1,
//	        1
//	      ],
//	      "bindings": [
//	        {
//	          "group": 0,
//	          "binding": 0
//	        },
//	        {
//	          "group": 0,
//	          "binding": 1
//	        }
//	      ]
//	    }
//	  ],
//	  "overrides": [
//	    {
//	      "name": "BLOCK",
//	      "type": "u32",
//	      "id": 0,
//	      "default": 64,
//	      "required": false
//	    }
//	  ],
//	  "constants": [
//	    {
//	      "name": "UP",
//	      "type": "vec3<f32>",
//	      "value": [
//	        0,
//	        1,
//	        0
//	      ]
//	    }
//	  ]
//	}
package reflect
