// An instanced draw: a per-vertex buffer (a triangle's corners: a vec3 position and an f16
// shade) and a per-instance buffer (where the triangle goes and in which colors: a vec3
// offset, a vec3<f16> color and a u32 palette index), a uniform buffer with a vec3 after a
// scalar, and a palette texture read through a sampler.
enable f16;

struct Light {
  dir: vec3f,
  intensity: f32,
}

struct Globals {
  scale: f32,       // offset 0
  tint: vec3f,      // offset 16: a vec3 is aligned to 16
  light: Light,     // offset 32
}

struct Vertex {
  @location(0) position: vec3f,
  @location(1) shade: f16,
}

struct Instance {
  @location(2) offset: vec3f,
  @location(3) color: vec3<f16>,
  @location(4) palette: u32,
}

struct VsOut {
  @builtin(position) position: vec4f,
  @location(0) @interpolate(flat) color: vec4f,
  @location(1) @interpolate(flat) uv: vec2f,
}

@group(0) @binding(0) var<uniform> globals: Globals;
@group(1) @binding(0) var palette: texture_2d<f32>;
@group(1) @binding(1) var palette_sampler: sampler;

@vertex
fn vs(v: Vertex, inst: Instance) -> VsOut {
  let p = v.position * globals.scale + inst.offset;
  let c = vec3f(inst.color) * f32(v.shade) * globals.tint * globals.light.intensity;
  return VsOut(vec4f(p, 1.0), vec4f(c, 1.0), vec2f((f32(inst.palette) + 0.5) / 4.0, 0.5));
}

@fragment
fn fs(in: VsOut) -> @location(0) vec4f {
  return in.color + textureSample(palette, palette_sampler, in.uv);
}
