// The fragment half of the shadow-mapped draw of shadow_vertex.wgsl: a depth texture read
// through a comparison sampler, the scene uniform the vertex half declares too, and a depth
// bias that is an override.

override bias: f32 = 0.0;

struct Scene {
  light_view_proj: mat4x4<f32>,
  light_color: vec3<f32>,
}

@group(0) @binding(0) var<uniform> scene: Scene;
@group(0) @binding(1) var shadow_map: texture_depth_2d;
@group(0) @binding(2) var shadow_sampler: sampler_comparison;

@fragment
fn main(@location(0) shadow_pos: vec3<f32>) -> @location(0) vec4<f32> {
  let lit = textureSampleCompare(shadow_map, shadow_sampler, shadow_pos.xy, shadow_pos.z - bias);
  return vec4<f32>(scene.light_color * lit, 1.0);
}
