// The handle address space of textures and samplers cannot be written (spec "Address
// Spaces": "handle" is not an address space of the source), in any declaration. Tint agrees.

struct T { a: f32 }
@group(0) @binding(0) var<handle> t: T; // ERROR "the handle address space cannot be written in WGSL source: textures and samplers are in it, declared without an address space"
@group(0) @binding(1) var<handle> s: sampler; // ERROR "texture and sampler variables are declared without an address space"
var<handle> plain: f32; // ERROR "the handle address space cannot be written in WGSL source"
fn f(p: ptr<handle, f32>) {} // ERROR "the handle address space cannot be written in WGSL source"
fn g() { var<handle> x: f32; } // ERROR "function-scope variables must be in the function address space, not handle"
