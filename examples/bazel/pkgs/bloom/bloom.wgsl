import lights::{brightest, types::Light};

struct Params {
  key: Light,
  fill: Light,
  threshold: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> glow: array<f32>;

@compute @workgroup_size(32)
fn bloom(@builtin(global_invocation_id) id: vec3u) {
  let l = brightest(params.key, params.fill);
  glow[id.x] = max(l.intensity - params.threshold, 0.0);
}
