// Class 6: a module without entry points compiled to SPIR-V that no Vulkan driver accepts
// ("No OpEntryPoint instruction was found"); now there is nothing to run.
struct Shared { a: vec3f, b: f32 }
@group(0) @binding(0) var<uniform> u: Shared;
fn helper() -> f32 { return u.b; }
