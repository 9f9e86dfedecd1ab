// The handle address space of textures and samplers cannot be written (spec "Address
// Spaces": "handle" is not an enumerant of address_space), in any declaration. Tint agrees.

struct T { a: f32 }
@group(0) @binding(0) var<handle> t: T; // ERROR `^the handle address space cannot be written`
@group(0) @binding(1) var<handle> s: sampler; // ERROR `^the handle address space cannot be written`
var<handle> plain: f32; // ERROR `^the handle address space cannot be written`
fn f(p: ptr<handle, f32>) {} // ERROR `^the handle address space cannot be written`
fn g() { var<handle> x: f32; } // ERROR `^the handle address space cannot be written`
