// Package gen turns compiled WGSL modules — their reflection (compiler/reflect), SPIR-V and
// WGSL text — into a Go source file: the generator behind wgslgen and the Bazel rules.
//
// # The generated code
//
// For a package with particles.wgsl, whose uniform buffer is
//
//	struct SimParams { gravity: vec3<f32>, dt: f32, bounds: mat3x3<f32>, count: u32 }
//
// the file declares, for every host-shareable structure reachable from a buffer binding or an
// immediate variable, a Go structure with the WGSL memory layout: exported fields of the
// runtime package's shapes (github.com/wgslgo/wgslgo/gen/wgsl), explicit blank padding
// fields, a structs.HostLayout marker, and comments with each member's WGSL name, type,
// offset and size:
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
// Each vertex buffer of a vertex entry point (one per structure parameter with @location
// members, one for the loose @location parameters) is a Go structure with the buffer's layout
// (attributes packed as WebGPU's vertex formats want them, see compiler/reflect's vertex.go)
// and a wgsl.VertexBufferLayout variable describing it; a structure that is also in a buffer
// keeps its memory layout and its one Go type.
//
// Each shader then gets one table: a variable of a named type wrapping a wgsl.Shader (its
// SPIR-V, its WGSL text, entry points, bind groups with WebGPU's layout entries, vertex buffer
// layouts, immediates and overrides), with a method per entry point, binding and immediate
// variable that returns its entry; a type of its override values, whose setters build WebGPU
// pipeline constants, the WGSL with the values substituted, and Vulkan specialization data;
// and constants for its module-scope const declarations. Entry points that never share a
// pipeline may use one binding number for different variables: the group then lists each,
// and wgsl.Shader.BindingsOf tells which an entry point uses (each entry point's table entry
// names its variables then, in BindingNames).
//
// # Bind groups
//
// Each @group gets a function that makes a bind group of it through an adapter, with one
// parameter per binding, named after it and typed by its kind:
//
//	func ParticlesGroup0[Buffer, Texture, Sampler, Group any](binder wgsl.Binder[Buffer, Texture, Sampler, Group], params Buffer, particles Buffer) (Group, error)
//
// The adapter's Binder fixes the four types (its binding's buffer, texture view, sampler and
// bind group; a range of a buffer is the Binder's, host.Binder.Range), and Go infers them, so
// the call reads ParticlesGroup0(module.Binder(device), paramsBuf, particlesBuf) whatever the
// binding: a binding left out, or a value of the wrong kind, fails go build at the call. The
// functions take parameters rather than a structure with a field per binding, as Rust's
// wgsl_to_wgpu has, because a Go composite literal compiles with fields left out. The binder still checks at
// run time what types cannot say (buffer usages and sizes, the layout the group is for). A
// group whose entry points use one binding number for different variables (entry points that
// never share a pipeline) gets one function for render pipelines and one for compute
// pipelines, each with the variables its stages see; a group with a texture_external none,
// as no WebGPU binding of Go has external textures.
//
// # Names
//
// S is the Go name of the shader file's stem (GoName: particles.wgsl is Particles,
// blur-pass.wgsl BlurPass):
//
//   - SShader is the table, of type STable; when S ends in "Shader" it is not repeated
//     (shader.wgsl: Shader and ShaderTable, blur_shader.wgsl: BlurShader and BlurShaderTable).
//   - SOverrides holds the override values, when the shader has overrides.
//   - S<Const> is a module-scope const declaration, S not repeated when the Go name of the
//     declaration starts with it (const damping: ParticlesDamping; const particles_max:
//     ParticlesMax).
//   - S<Entry>Input is the structure of an entry point's loose vertex inputs, with the same
//     rule (fn vs_main: ParticlesVsMainInput).
//   - SGroupN makes a bind group of @group(N) (see below); SRenderGroupN and SComputeGroupN
//     where entry points use one binding number of the group for different variables.
//   - The table's methods are the Go names of the shader's entry points, bindings and
//     immediate variables (Step, Params, Particles); a name the embedded wgsl.Shader takes
//     (Source, Words, EntryPoints...) gets a trailing underscore.
//   - Structures keep their Go names (SimParams), or with Options.Prefix take the S rule too
//     (ParticlesSimParams; see below), with XLayout for a vertex buffer's layout and XSize,
//     AppendX, DecodeX, ViewX, X<Member>Offset and X<Member>Stride for runtime-sized ones; so
//     do the fields (Gravity), a field named like a method (Bytes, Encode, Decode) getting a
//     trailing underscore.
//
// The unexported names of a shader (sSPIRV, sWGSL) start with S too, and the generated code's
// locals and parameters are fixed names that no WGSL name becomes, so nothing generated
// shadows anything else.
//
// # Several shaders in one package
//
// The shaders of one file (one wgslgen run) share their structures: a structure declared
// identically by two shaders is one Go type. That suits shaders written together, which share
// a declaration by repeating it (a vertex and a fragment file with one Scene uniform): the Go
// code has one Scene, as the program has one scene buffer. Two different structures with one
// name are an error that says how they differ and what to do.
//
// Shaders written apart often use one name for different things: two files of a tutorial
// each with its VertexInput, a boids and a particles simulation each with its Particle.
// Options.Prefix (wgslgen -prefix) puts them in one package by giving every structure the Go
// name of the shader that declares it as a prefix, by the rule the shader's table, constants
// and loose vertex inputs follow already: struct Particle of boids.wgsl is BoidsParticle, of
// particles.wgsl ParticlesParticle, and struct Particles of particles.wgsl is Particles. A
// structure that several shaders declare identically is still one Go type: the first shader
// (in file-name order) declares it, and every other names it by a type alias (type
// StepCamera = DrawCamera), with helpers that call the first's for a runtime-sized structure
// and a layout of its own when it is a vertex input. So a shader's names depend only on its
// file's name and its own declarations, never on the shaders beside it: adding a shader to
// the line renames nothing, and a value of either name fills a buffer of either shader.
//
// Why a prefix, and only when asked for. Go's namespace is the package, but a package per
// shader would split what the author keeps together (the vertex and fragment files above
// would need two Scene types or a third package) and cost an import per shader. Renaming only
// the names that clash would keep shorter names, but a shader's names would then depend on
// the others: a new file that declares VertexInput differently would rename another file's
// VertexInput and break the code that uses it. The prefix is the file that declares the
// structure, so a structure a WESL module declares and several shaders import stays one type
// named after that module. Shaders written together keep the short names by default.
//
// Separate runs into one package cannot share: wgslgen checks the names a run declares
// against the package's other Go files and fails, naming both declarations, when one is
// taken, with one message per declaration that shows where two generated declarations
// differ and suggests one line for both files (when they are identical) or -prefix (when they
// are not). Every clash of a run is reported at once, with file:line:col.
package gen
