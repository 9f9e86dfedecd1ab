// Entry point IO through structures: builtins and locations mixed across parameters
// and structure members, each location and builtin used once per direction (spec
// "Inter-stage Input and Output Interface", "Input-output Locations").

struct A { @location(0) a: vec4f, @builtin(front_facing) ff: bool }
struct B { @location(1) b: f32, @builtin(sample_index) si: u32 }
struct Out { @location(0) c: vec4f, @location(1) d: vec4u, @builtin(frag_depth) depth: f32, @builtin(sample_mask) mask: u32 }
struct VIn { @location(0) pos: vec3f, @location(1) @interpolate(flat) id: u32, @builtin(vertex_index) vi: u32 }
struct VOut { @builtin(position) pos: vec4f, @location(0) uv: vec2f, @location(1) @interpolate(flat) id: u32 }

@fragment fn fs(a: A, b: B, @location(2) extra: vec2f, @builtin(sample_mask) mask: u32) -> Out { return Out(a.a, vec4u(b.si), b.b, mask); }
@vertex fn vs(in: VIn, @builtin(instance_index) ii: u32, @location(2) more: vec4i) -> VOut { return VOut(vec4(in.pos, 1.0), vec2f(), in.id + ii); }

struct C { @location(0) c: f32 } struct D { @location(0) d: f32 } @fragment fn dup_location_across_structs(c: C, d: D) {} // ERROR "@location(0) appears twice in the inputs of entry point 'dup_location_across_structs'"
struct C2 { @location(0) c: f32 } @fragment fn dup_location_param_and_member(c: C2, @location(0) x: f32) {} // ERROR "@location(0) appears twice in the inputs of entry point 'dup_location_param_and_member'"
struct E2 { @builtin(front_facing) e: bool } @fragment fn dup_builtin_across(e: E2, @builtin(front_facing) f: bool) {} // ERROR "@builtin(front_facing) appears twice in the inputs of entry point 'dup_builtin_across'"
struct PosIn { @builtin(position) p: vec4f } @vertex fn vs_position_in(in: PosIn) -> @builtin(position) vec4f { return in.p; } // ERROR "@builtin(position) cannot be a vertex input"
