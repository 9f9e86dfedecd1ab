// What a binding layout takes from how the entry points use the variables: the stages that
// use each (through calls too), and textures sampled through samplers (through parameters
// too), textureLoad-only textures, and a sampler that samples a depth texture.
@group(0) @binding(0) var<uniform> tint: vec4f;            // vertex and fragment
@group(0) @binding(1) var<storage> weights: array<f32>;    // compute only, read-only
@group(1) @binding(0) var color: texture_2d<f32>;           // sampled in a helper: float
@group(1) @binding(1) var linear: sampler;                   // filtering
@group(1) @binding(2) var lut: texture_2d<f32>;             // textureLoad only: unfilterable-float
@group(1) @binding(3) var shadow: texture_depth_2d;          // depth
@group(1) @binding(4) var nearest: sampler;                  // samples a depth texture: non-filtering
@group(1) @binding(5) var cmp: sampler_comparison;           // comparison
@group(1) @binding(6) var gathered: texture_2d<f32>;        // textureGather: float
@group(2) @binding(0) var<storage, read_write> out: array<vec4f>;

fn sample_with(t: texture_2d<f32>, s: sampler, uv: vec2f) -> vec4f {
  return textureSampleLevel(t, s, uv, 0.0);
}

fn shade(uv: vec2f) -> vec4f {
  let c = sample_with(color, linear, uv);
  let l = textureLoad(lut, vec2u(0u), 0);
  let d = textureSampleLevel(shadow, nearest, uv, 0u);
  let g = textureGather(1, gathered, linear, uv);
  let v = textureSampleCompareLevel(shadow, cmp, uv, 0.5);
  return c * l * d * g * v;
}

@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  return tint * f32(i);
}

@fragment fn fs(@builtin(position) p: vec4f) -> @location(0) vec4f {
  return shade(p.xy) * tint;
}

@compute @workgroup_size(1) fn cs() {
  out[0] = shade(vec2f(0.5)) * weights[0];
}
