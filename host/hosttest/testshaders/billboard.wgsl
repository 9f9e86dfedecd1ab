// Particles simulated by a compute shader and drawn as squares by a render pipeline of the same
// file, as the WebGPU samples' particles are: the render and the compute entry points each
// have their own uniform at @group(0) @binding(0) (WGSL allows it, as they never share a
// pipeline), and the particles' storage buffer is also the draw's per-instance vertex buffer.

struct Particle {
  @location(0) position: vec2<f32>,
  @location(1) size: f32,          // offset 8
  @location(2) color: vec4<f32>,   // offset 16
  @location(3) velocity: vec2<f32>,
}

struct Corner {
  @location(4) offset: vec2<f32>,
}

struct View {
  scale: vec2<f32>,
  tint: vec3<f32>,   // offset 16
}

struct Sim {
  dt: f32,
  gravity: vec2<f32>,   // offset 8
}

struct Out {
  @builtin(position) position: vec4<f32>,
  @location(0) color: vec3<f32>,
}

@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(0) var<uniform> sim: Sim;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle>;

@vertex
fn vs(corner: Corner, p: Particle) -> Out {
  var out: Out;
  out.position = vec4<f32>(p.position + corner.offset * p.size * view.scale, 0.0, 1.0);
  out.color = p.color.rgb * view.tint;
  return out;
}

@fragment
fn fs(in: Out) -> @location(0) vec4<f32> {
  return vec4<f32>(in.color, 1.0);
}

@compute @workgroup_size(64)
fn simulate(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= arrayLength(&particles)) {
    return;
  }
  var p = particles[id.x];
  p.velocity += sim.gravity * sim.dt;
  p.position += p.velocity * sim.dt;
  particles[id.x] = p;
}
