// The immediate address space (immediate_address_space language extension): no
// group/binding, host-shareable constructible store types without arrays, at most one
// per entry point (spec "var Declarations", "Address Spaces").
requires immediate_address_space;

struct Consts { scale: f32, offset: vec2f }
var<immediate> consts: Consts;
var<immediate> other: vec4u;

@compute @workgroup_size(1) fn uses_consts() { _ = consts.scale; }
@compute @workgroup_size(1) fn uses_other() { _ = other.x; }

var<immediate> with_array: array<u32, 4>; // ERRORx "immediate|array"
struct WithArray { a: array<f32, 2> } var<immediate> struct_with_array: WithArray; // ERRORx "immediate|array"
var<immediate> init: f32 = 1.0; // ERRORx "initializ"
@group(0) @binding(0) var<immediate> bound: f32; // ERRORx "group|binding|immediate|resource"
var<immediate> with_bool: bool; // ERRORx "host-shareable|bool|immediate"
@compute @workgroup_size(1) fn uses_both() { _ = consts.scale; _ = other.x; } // ERRORx "immediate|one|at most|multiple"
fn f() { var<immediate> local: f32; } // ERRORx "immediate|module|function"
