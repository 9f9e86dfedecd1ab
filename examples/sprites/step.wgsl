// One simulation step of bouncing sprites: gravity, motion, and a bounce off the floor that
// keeps a fraction of the speed (an override, chosen when the pipeline is made).

struct Sprite {
  position: vec2<f32>,
  velocity: vec2<f32>,
}

struct Params {
  gravity: vec3<f32>,  // z unused: a vec3 as a hand-written host gets it wrong
  dt: f32,             // offset 12, in gravity's tail
}

override bounce: f32 = 0.75;

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> sprites: array<Sprite>;

@compute @workgroup_size(64)
fn step(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= arrayLength(&sprites)) {
    return;
  }
  var s = sprites[id.x];
  s.velocity += params.gravity.xy * params.dt;
  s.position += s.velocity * params.dt;
  if (s.position.y < -1.0) {
    s.position.y = -2.0 - s.position.y;
    s.velocity.y = -s.velocity.y * bounce;
  }
  sprites[id.x] = s;
}
