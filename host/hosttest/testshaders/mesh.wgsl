// A mesh drawn twice, as a shadow-mapping host draws it: the lit pass reads each vertex whole
// (position and normal, 24 bytes), the depth pass only its position, from the same buffer.
// The table lays the depth pass's one input out as a buffer of 12-byte positions; the host
// hands it the lit pass's 24-byte layout instead, of which it reads the position.

struct MeshVertex {
  @location(0) position: vec3<f32>,
  @location(1) normal: vec3<f32>,
}

struct Lit {
  @builtin(position) clip: vec4<f32>,
  @location(0) shade: vec3<f32>,
}

@vertex
fn lit(v: MeshVertex) -> Lit {
  return Lit(vec4(v.position, 1.0), v.normal * 0.5 + 0.5);
}

@fragment
fn lit_fs(in: Lit) -> @location(0) vec4<f32> {
  return vec4(in.shade, 1.0);
}

@vertex
fn depth(@location(0) position: vec3<f32>) -> @builtin(position) vec4<f32> {
  return vec4(position, 1.0);
}

// The depth pass writes its depth as a color, so that the scenario can read it back.
@fragment
fn depth_fs(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
  return vec4(frag.z, frag.z, frag.z, 1.0);
}
