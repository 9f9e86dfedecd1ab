// A fragment stage that reads which primitive it shades (enable primitive_index), as the WebGPU
// samples' picking does: the device has to be made with the primitive-index feature.

enable primitive_index;

@fragment
fn main(@builtin(primitive_index) primitive: u32) -> @location(0) vec4<f32> {
  return vec4<f32>(f32(primitive % 4u) / 4.0, 0.0, 0.0, 1.0);
}
