// The vertex half of a shadow-mapped draw kept in two files, as the WebGPU samples' shadow
// mapping keeps its vertex.wgsl and fragment.wgsl: both halves declare the scene uniform at
// @group(0) @binding(0), which one layout of both shaders makes one binding, visible to both
// stages.

struct Scene {
  light_view_proj: mat4x4<f32>,
  light_color: vec3<f32>,
}

struct Model {
  offset: vec2<f32>,
  depth: f32,   // offset 8
}

struct Out {
  @builtin(position) position: vec4<f32>,
  @location(0) shadow_pos: vec3<f32>,
}

@group(0) @binding(0) var<uniform> scene: Scene;
@group(1) @binding(0) var<uniform> model: Model;

@vertex
fn main(@location(0) position: vec2<f32>) -> Out {
  let world = vec4<f32>(position + model.offset, model.depth, 1.0);
  let light = scene.light_view_proj * world;
  var out: Out;
  // From the light's clip space to the shadow map's texture coordinates, y down.
  out.shadow_pos = vec3<f32>(light.xy * vec2<f32>(0.5, -0.5) + vec2<f32>(0.5), light.z);
  out.position = vec4<f32>(world.xy, 0.5, 1.0);
  return out;
}
