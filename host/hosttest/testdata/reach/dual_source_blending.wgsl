// A fragment stage with two outputs blended into one target (enable dual_source_blending):
// the device has to be made with the dual-source-blending feature.

enable dual_source_blending;

struct Blend {
  @location(0) @blend_src(0) color: vec4<f32>,
  @location(0) @blend_src(1) weight: vec4<f32>,
}

@fragment
fn main(@builtin(position) position: vec4<f32>) -> Blend {
  return Blend(vec4<f32>(position.xy / 64.0, 0.0, 1.0), vec4<f32>(0.5));
}
