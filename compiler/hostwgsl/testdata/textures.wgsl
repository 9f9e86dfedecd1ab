// Textures: u32 levels and array indices, which naga 0.19 takes as i32; a depth texture
// sampled at an integer level, which it takes as f32; textureSampleBaseClampToEdge, which
// it lacks; lets of textures and samplers (texture_and_sampler_let).
requires texture_and_sampler_let;

@group(0) @binding(0) var<storage, read_write> out: array<vec4f, 8>;
@group(0) @binding(1) var<storage, read> input: array<u32, 8>;
@group(0) @binding(2) var layers: texture_2d_array<f32>;
@group(0) @binding(3) var depth: texture_depth_2d;
@group(0) @binding(4) var image: texture_2d<f32>;
@group(0) @binding(5) var smp: sampler;

@compute @workgroup_size(1)
fn main() {
  let t = image;
  let s = smp;
  let level = input[0] % 1u;
  let layer = input[1] % 2u;
  out[0] = textureLoad(layers, vec2u(input[2] % 4u, 1u), layer, level);
  out[1] = vec4f(textureSampleLevel(depth, s, vec2f(0.25, 0.75), level));
  out[2] = textureSampleBaseClampToEdge(t, s, vec2f(f32(input[3]) / 8.0, 0.0));
  out[3] = textureSampleLevel(t, smp, vec2f(0.5), 0.0) + vec4f(f32(textureNumLayers(layers)));
}
