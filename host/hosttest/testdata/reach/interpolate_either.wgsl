// A flat varying whose value may come from either vertex (@interpolate(flat, either)), as the
// WebGPU samples pass an instance index: an older naga knows no sampling "either".

struct Varyings {
  @builtin(position) position: vec4<f32>,
  @location(0) @interpolate(flat, either) instance: u32,
}

@vertex
fn vs(@builtin(vertex_index) v: u32, @builtin(instance_index) instance: u32) -> Varyings {
  return Varyings(vec4<f32>(f32(v & 1u), f32(v >> 1u), 0.0, 1.0), instance);
}

@fragment
fn fs(in: Varyings) -> @location(0) vec4<f32> {
  return vec4<f32>(f32(in.instance % 2u), 0.0, 1.0, 1.0);
}
