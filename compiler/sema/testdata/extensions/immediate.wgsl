// The immediate address space (immediate_address_space language extension): no
// group/binding, host-shareable constructible store types without arrays, at most one
// per entry point (spec "var Declarations", "Address Spaces").
requires immediate_address_space;

struct Consts { scale: f32, offset: vec2f }
var<immediate> consts: Consts;
var<immediate> other: vec4u;

@compute @workgroup_size(1) fn uses_consts() { _ = consts.scale; }
@compute @workgroup_size(1) fn uses_other() { _ = other.x; }

var<immediate> with_array: array<u32, 4>; // ERROR "an immediate variable's type must be host-shareable and constructible, without arrays, not array<u32, 4>"
struct WithArray { a: array<f32, 2> } var<immediate> struct_with_array: WithArray; // ERROR "an immediate variable's type must be host-shareable and constructible, without arrays, not WithArray"
var<immediate> init: f32 = 1.0; // ERROR "only private variables may have an initializer at module scope"
@group(0) @binding(0) var<immediate> bound: f32; // ERROR "@group applies only to uniform, storage, texture and sampler variables" ERROR "@binding applies only to uniform, storage, texture and sampler variables"
var<immediate> with_bool: bool; // ERROR "an immediate variable's type must be host-shareable and constructible, without arrays, not bool"
@compute @workgroup_size(1) fn uses_both() { _ = consts.scale; _ = other.x; } // ERROR "entry point 'uses_both' uses two immediate variables, 'consts' and 'other'; at most one is allowed"
fn f() { var<immediate> local: f32; } // ERROR "function-scope variables must be in the function address space, not immediate"

// Pointers into immediate data may be passed to functions (unrestricted_pointer_parameters
// covers every address space; gpuweb CTS "functions/restrictions" and "types/pointer"); the
// store type follows the address space's rules, and no access mode may be written.
fn reads(p: ptr<immediate, Consts>) -> f32 { return (*p).scale + p.offset.x; }
fn reads_member(p: ptr<immediate, f32>) -> f32 { return *p; }
@compute @workgroup_size(1) fn passes_pointers() { _ = reads(&consts) + reads_member(&consts.scale); }
fn bool_pointer(p: ptr<immediate, bool>) {} // ERROR "an immediate variable's type must be host-shareable and constructible, without arrays, not bool"
fn array_pointer(p: ptr<immediate, array<u32, 4>>) {} // ERROR "an immediate variable's type must be host-shareable and constructible, without arrays, not array<u32, 4>"
fn read_pointer(p: ptr<immediate, f32, read>) {} // ERROR "an access mode may only be written for the storage address space"
