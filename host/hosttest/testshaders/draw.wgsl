// An instanced draw: one textured, tinted quad per instance. Vertex and Instance are two
// vertex buffers (one stepped per vertex, one per instance), Globals a uniform with a vec3
// followed by a scalar in its tail, and the fragment stage samples a texture.

struct Globals {
  scale: vec2<f32>,    // offset 0: the size of a quad in clip space
  tint: vec3<f32>,     // offset 16
  alpha: f32,          // offset 28, in the tail of tint
}

struct Vertex {
  @location(0) position: vec3<f32>,  // a corner of the unit quad
  @location(1) uv: vec2<f32>,
}

struct Instance {
  @location(2) offset: vec2<f32>,    // the quad's lower left corner in clip space
  @location(3) color: vec3<f32>,
  @location(4) weight: f32,
}

struct VsOut {
  @builtin(position) position: vec4<f32>,
  @location(0) uv: vec2<f32>,
  @location(1) color: vec3<f32>,
}

@group(0) @binding(0) var<uniform> globals: Globals;
@group(1) @binding(0) var albedo: texture_2d<f32>;
@group(1) @binding(1) var albedo_sampler: sampler;

@vertex
fn vs(v: Vertex, i: Instance) -> VsOut {
  var out: VsOut;
  out.position = vec4<f32>(i.offset + v.position.xy * globals.scale, v.position.z, 1.0);
  out.uv = v.uv;
  out.color = i.color * i.weight;
  return out;
}

@fragment
fn fs(in: VsOut) -> @location(0) vec4<f32> {
  let texel = textureSample(albedo, albedo_sampler, in.uv);
  return vec4<f32>(in.color * texel.rgb * globals.tint, globals.alpha);
}
