// A full-screen triangle from a function-scope const array indexed by the vertex index, as the
// WebGPU samples draw their quads: an older naga (cogentcore/webgpu v0.23.0's) reads no
// function-scope const.

struct Varyings {
  @builtin(position) position: vec4<f32>,
  @location(0) uv: vec2<f32>,
}

@vertex
fn vs(@builtin(vertex_index) i: u32) -> Varyings {
  const corners = array(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));
  var out: Varyings;
  out.position = vec4<f32>(corners[i], 0.0, 1.0);
  out.uv = corners[i] * 0.5 + 0.5;
  return out;
}

@fragment
fn fs(in: Varyings) -> @location(0) vec4<f32> {
  return vec4<f32>(in.uv, 0.0, 1.0);
}
