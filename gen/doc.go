// Package gen turns compiled WGSL modules — their reflection (compiler/reflect) and SPIR-V —
// into a Go source file: the generator behind wgslgen and the Bazel rules.
//
// # The generated code
//
// For a package with particles.wgsl, whose uniform buffer is
//
//	struct SimParams { gravity: vec3<f32>, dt: f32, bounds: mat3x3<f32>, count: u32 }
//
// the file declares, for every host-shareable structure reachable from a buffer binding, a Go
// structure with the WGSL memory layout: exported fields of the runtime package's shapes
// (github.com/wgslgo/wgslgo/gen/wgsl), explicit blank padding fields, a structs.HostLayout
// marker, and comments with each member's WGSL name, type, offset and size:
//
//	type SimParams struct {
//		_       structs.HostLayout
//		Gravity wgsl.Vec3f   // gravity: vec3<f32>, offset 0, size 12
//		Dt      float32      // dt: f32, offset 12, size 4
//		Bounds  wgsl.Mat3x3f // bounds: mat3x3<f32>, offset 16, size 48
//		Count   uint32       // count: u32, offset 64, size 4
//		_       [12]byte     // padding
//	}
//
// with methods Bytes (a zero-copy view on little-endian hosts), Encode and Decode (portable,
// little-endian, padding written as zeros). A structure ending in a runtime-sized array holds
// the members before it, and gets constants for the array's offset and stride and functions
// XSize(n), AppendX, DecodeX and ViewX for whole buffers. A function at the end of the
// file checks every offset and size at compile time: edit a structure and go build fails.
//
// Each shader then gets identifiers prefixed with the Go name of its file's stem (Particles):
// the SPIR-V (ParticlesSPIRV, embedded from particles.spv or inline; ParticlesSPIRVWords),
// a table of everything below (ParticlesShader, a wgsl.Shader), constants for each entry
// point (name, stage, fixed workgroup size dimensions and subgroup size) and each binding
// (group, binding, kind, minimum binding size), an overrides type (ParticlesOverrides) with a
// setter and a getter per override, the specialization data they make and the workgroup and
// subgroup sizes that depend on them, the module-scope constants, and for each vertex entry
// point a vertex structure with its stride and attribute list.
//
// Several shaders in one file share their structures: a structure declared identically by
// two shaders is one Go type, and two different structures with one name are an error that
// says how to resolve it. So is any other clash of Go names.
package gen
