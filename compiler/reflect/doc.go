// Package reflect is the reflection model: what a host program needs to know to run a compiled
// WGSL module, with every number taken from compiler/layout. It is written as JSON by
// `wgslc --reflect OUT.json FILE.wgsl`, and read by the Go generator. schema.json is its JSON
// Schema.
//
// # Versioning
//
// The top-level "version" is [Version]. It changes when a field changes meaning or disappears;
// a new field may appear within a version, and readers must ignore fields they do not know
// (as [Unmarshal] does). Version 2 replaced version 1's WGSL type spellings with structured
// type descriptors, its binding kinds with WebGPU's bind group layout entries (and their
// visibility), and its list of vertex inputs with vertex buffers; it added immediates.
//
// # Determinism
//
// [Marshal] writes keys in the order of the Go fields below, indents by two spaces, ends with a
// newline, writes empty lists as [] and puts lists with a natural key in a canonical order, so
// the same module always gives the same bytes. The populator fills the other lists in
// declaration order (immediates, entry points, overrides, constants; vertex buffers in
// parameter order) and [StructsFrom] order (structs).
//
// # The model
//
//   - Every type is a descriptor: kind ("scalar", "vector", "matrix", "array", "atomic",
//     "struct", "texture", "sampler", "buffer"), wgsl (its spelling), and as the kind has
//     them: scalar ("f32", "i32", "u32", "f16", "bool", "AbstractInt", "AbstractFloat"),
//     components (vectors), columns and rows (matrices), element, count (0 when
//     runtime-sized) and countExpr (override-sized) of arrays, stride (an array's element
//     stride, a matrix's column stride; matrices are column-major), struct (the name of a
//     structure of structs), and size and align where the type has a memory layout.
//   - structs: every host-shareable structure reachable from a buffer binding or an
//     immediate variable, each after the structures it contains: name, size (SizeOf; for a
//     runtimeSized structure, the size with zero array elements), align, runtimeSized, and
//     members with name, type, offset, size (0 for a runtime-sized array) and align.
//   - bindings, by group then binding: group, binding, name, type (the store type of a
//     buffer, the texture or sampler type), visibility (the stages of the entry points that
//     use the variable, through the functions they call too), and WebGPU's layout entry for
//     it, one of: buffer {type: "uniform", "storage" or "read-only-storage"; minBindingSize:
//     SizeOf the store type with a runtime-sized array counted as one element}, sampler
//     {type: "filtering", "non-filtering" or "comparison"}, texture {sampleType: "float",
//     "unfilterable-float", "depth", "sint" or "uint"; viewDimension: "1d", "2d", "2d-array",
//     "cube", "cube-array" or "3d"; multisampled}, storageTexture {access: "write-only",
//     "read-only" or "read-write"; format; viewDimension}, externalTexture {plane1, params:
//     the bindings the compiler adds for it, listed too, with externalPart naming the
//     external texture}. Sample and sampler types follow WebGPU's default pipeline layout
//     (see [BindingOf]).
//   - immediates: the var<immediate> variables: name, type, size, stages.
//   - entryPoints: name, stage ("vertex", "fragment", "compute"), workgroupSize for compute
//     (three dimensions, each a number, {"override": name}, or {"expr": WGSL, "overrides":
//     [names]}), subgroupSize for compute entry points with @subgroup_size (one such number or
//     object: the subgroup size the pipeline must require, which SPIR-V for Vulkan does not
//     carry), the bindings the entry point uses as {group, binding, name} (the variable: entry
//     points that never share a pipeline may use one number for several), immediate (the name of
//     the immediate variable it uses), vertexBuffers of vertex entry points (struct, stride
//     and attributes {location, name, type, format (WebGPU's vertex format), offset}; see
//     vertex.go for the layout), and fragmentOutputs of fragment entry points ({location,
//     type, name}, plus blendSrc for dual-source blending), by location.
//   - overrides: name, key (WebGPU's pipeline-constant key: the @id in decimal, else the
//     name), type, id (@id, or the id the compiler assigned: the SPIR-V SpecId), default
//     (absent when the override has none or it is an override-expression), required, and for
//     a default that is an override-expression flagId: the SpecId of the bool specialization
//     constant a pipeline that sets the override must set to true too.
//   - constants: module-scope const declarations of scalar and vector type: name, type
//     (AbstractInt and AbstractFloat included) and value (a number or boolean, or an array
//     of them for a vector; floats with the fewest digits that read back exactly).
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
//	@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
//	override BLOCK: u32 = 64;
//	@compute @workgroup_size(BLOCK) fn step(@builtin(global_invocation_id) id: vec3u) {
//	  particles[id.x].pos.y -= particles[id.x].mass;
//	}
//
// the model is
//
//	{
//	  "version": 2,
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
//	          "type": {
//	            "kind": "vector",
//	            "wgsl": "vec3<f32>",
//	            "scalar": "f32",
//	            "components": 3,
//	            "size": 12,
//	            "align": 16
//	          },
//	          "offset": 0,
//	          "size": 12,
//	          "align": 16
//	        },
//	        {
//	          "name": "mass",
//	          "type": {
//	            "kind": "scalar",
//	            "wgsl": "f32",
//	            "scalar": "f32",
//	            "size": 4,
//	            "align": 4
//	          },
//	          "offset": 12,
//	          "size": 4,
//	          "align": 4
//	        }
//	      ]
//	    }
//	  ],
//	  "bindings": [
//	    {
//	      "group": 0,
//	      "binding": 0,
//	      "name": "particles",
//	      "type": {
//	        "kind": "array",
//	        "wgsl": "array<Particle>",
//	        "element": {
//	          "kind": "struct",
//	          "wgsl": "Particle",
//	          "struct": "Particle",
//	          "size": 16,
//	          "align": 16
//	        },
//	        "stride": 16,
//	        "align": 16
//	      },
//	      "visibility": [
//	        "compute"
//	      ],
//	      "buffer": {
//	        "type": "storage",
//	        "minBindingSize": 16
//	      }
//	    }
//	  ],
//	  "immediates": [],
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
//	          "binding": 0,
//	          "name": "particles"
//	        }
//	      ]
//	    }
//	  ],
//	  "overrides": [
//	    {
//	      "name": "BLOCK",
//	      "key": "BLOCK",
//	      "type": {
//	        "kind": "scalar",
//	        "wgsl": "u32",
//	        "scalar": "u32",
//	        "size": 4,
//	        "align": 4
//	      },
//	      "id": 0,
//	      "default": 64,
//	      "required": false
//	    }
//	  ],
//	  "constants": []
//	}
package reflect
