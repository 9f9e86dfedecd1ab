// A compute shader with two bind groups, a depth texture read through a comparison sampler,
// immediate data and an override.
requires immediate_address_space;

struct Light {
  dir: vec3f,
  intensity: f32,
}

struct Params {
  lights: array<Light, 2>,
  count: u32,
}

struct Probe {
  uv: vec2f,
  depth: f32,
  light: u32,
}

struct Result {
  lit: f32,
  id: u32,
}

struct Push {
  bias: f32,
  scale: f32,
}

override gain: f32 = 1.0;

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage> probes: array<Probe>;
@group(0) @binding(2) var<storage, read_write> results: array<Result>;
@group(1) @binding(0) var shadow_map: texture_depth_2d;
@group(1) @binding(1) var shadow_sampler: sampler_comparison;
var<immediate> push: Push;

@compute @workgroup_size(4)
fn shade(@builtin(global_invocation_id) id: vec3u) {
  let i = id.x;
  if (i >= params.count) {
    return;
  }
  let p = probes[i];
  let visible = textureSampleCompareLevel(shadow_map, shadow_sampler, p.uv, p.depth + push.bias);
  results[i] = Result(visible * params.lights[p.light].intensity * push.scale * gain, i + 100u);
}
