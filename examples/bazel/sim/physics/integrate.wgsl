// One step of the particle simulation: gravity and damping. SimParams and Particle hold the
// layout traps wgslgo exists for (a vec3 followed by a scalar, mat3x3, a runtime-sized array).

struct SimParams {
  gravity: vec3<f32>,   // offset 0, size 12
  dt: f32,              // packs into the tail of gravity: offset 12
  bounds: mat3x3<f32>,  // offset 16, 48 bytes (three padded columns)
  count: u32,           // offset 64
}

struct Particle {
  position: vec3<f32>,  // offset 0
  mass: f32,            // offset 12
  velocity: vec3<f32>,  // offset 16
  age: f32,             // offset 28
}

override workgroup_width: u32 = 64;
const damping = 0.98;

@group(0) @binding(0) var<uniform> params: SimParams;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;

@compute @workgroup_size(workgroup_width)
fn step(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= params.count) {
    return;
  }
  var p = particles[id.x];
  p.velocity = (p.velocity + params.gravity * params.dt) * damping;
  p.position = p.position + p.velocity * params.dt;
  p.age = p.age + params.dt;
  particles[id.x] = p;
}
