// Bounces the particles off the floor. Particle is integrate.wgsl's: the generated Go has one
// Particle type for both shaders.

struct Particle {
  position: vec3<f32>,
  mass: f32,
  velocity: vec3<f32>,
  age: f32,
}

struct Floor {
  height: f32,
  restitution: f32,
}

override workgroup_width: u32 = 64;

@group(0) @binding(0) var<uniform> floor: Floor;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;

@compute @workgroup_size(workgroup_width)
fn bounce(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= arrayLength(&particles)) {
    return;
  }
  var p = particles[id.x];
  if (p.position.y < floor.height) {
    p.position.y = floor.height;
    p.velocity.y = -p.velocity.y * floor.restitution;
  }
  particles[id.x] = p;
}
