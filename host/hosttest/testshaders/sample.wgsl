// Samples a texture with a sampler at given coordinates, from a compute shader, so that a
// WebGPU implementation and a Vulkan driver can be compared on the same texels.

@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var image_sampler: sampler;
@group(0) @binding(2) var<storage, read> coords: array<vec2<f32>>;
@group(0) @binding(3) var<storage, read_write> texels: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  texels[id.x] = textureSampleLevel(image, image_sampler, coords[id.x], 0.0);
}
