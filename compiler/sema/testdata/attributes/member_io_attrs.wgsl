// IO attributes on members of structures that are not used for entry point IO. The rules the
// spec states for the attribute wherever it is written hold there too: @interpolate only with
// @location (spec "interpolate"), @invariant only on @builtin(position) ("invariant"),
// @blend_src only with @location ("blend_src"), @location only on numeric scalars and vectors
// ("location"). The rules of entry point IO (a member is a built-in or has a location, not
// both; the built-in belongs to the stage and direction) wait until the structure is used for
// IO: elsewhere its IO attributes have no effect (gpuweb#3261).
enable dual_source_blending;

struct Ignored { @builtin(sample_mask) m: u32, @builtin(num_workgroups) n: vec3u, @builtin(position) @invariant p: vec4f, @location(1) @interpolate(flat, either) f: u32 }
@group(0) @binding(0) var<storage, read_write> ignored: Ignored;
struct Both { @location(0) @builtin(position) p: vec4f }
@group(0) @binding(1) var<uniform> both: Both;
struct BothIO { @location(0) @builtin(position) p: vec4f } @fragment fn uses_both(in: BothIO) {} // ERROR "member 'p' of entry point IO structure 'BothIO' cannot have both @builtin and @location"
struct Blend { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f }
@group(0) @binding(2) var<storage> blend: Blend;
@compute @workgroup_size(1) fn main() { ignored.m = u32(both.p.x + blend.a.x); }

struct InterpolateUniform { @align(16) @interpolate(flat) a: u32 } @group(1) @binding(0) var<uniform> u: InterpolateUniform; // ERROR "@interpolate needs @location: it says how a user-defined input or output is interpolated"
struct InterpolateSampling { @interpolate(perspective, centroid) a: f32, @location(0) b: f32 } // ERROR "@interpolate needs @location"
struct InterpolateStorage { @size(16) @interpolate(linear) a: f32 } @group(1) @binding(1) var<storage> s: array<InterpolateStorage>; // ERROR "@interpolate needs @location"
struct InterpolateBuiltin { @builtin(position) @interpolate(linear) p: vec4f } // ERROR "@interpolate applies to @location values, not builtins"
struct InvariantAlone { @invariant p: vec4f } // ERROR "@invariant applies only to @builtin(position)"
struct InvariantLocation { @location(0) @invariant p: vec4f } var<private> v: InvariantLocation; // ERROR "@invariant applies only to @builtin(position)"
struct InvariantOtherBuiltin { @builtin(frag_depth) @invariant d: f32 } // ERROR "@invariant applies only to @builtin(position)"
struct BlendAlone { @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f } // ERROR "@blend_src needs @location" ERROR "member 'a' with @blend_src must be at @location(0)"
struct LocationMatrix { @location(0) m: mat2x2f } // ERROR "@location needs a numeric scalar or vector type, not mat2x2<f32>"
struct BuiltinType { @builtin(position) p: f32 } // ERROR "@builtin(position) needs type vec4<f32>, not f32"
struct BlendIn { @location(0) @blend_src(0) a: vec4f, @location(0) @blend_src(1) b: vec4f } @fragment fn blend_input(in: BlendIn) {} // ERROR "@blend_src is only valid on fragment outputs"
