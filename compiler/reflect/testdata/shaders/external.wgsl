// texture_external expands to two planes and a parameter buffer at the next free bindings.
@group(0) @binding(0) var ext: texture_external;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(3) var<storage, read_write> o: array<vec4f>;
@compute @workgroup_size(1)
fn main() { o[0] = textureSampleBaseClampToEdge(ext, s, vec2f(0.5)) + textureLoad(ext, vec2u(0u)); }
