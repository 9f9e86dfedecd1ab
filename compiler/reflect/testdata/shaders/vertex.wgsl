// Vertex buffers: one per structure parameter, one for the loose @location parameters, in
// parameter order; 16-bit inputs with odd component counts take a wider format; a structure
// used by two entry points has one layout; a structure that is also a storage buffer's
// element is laid out as that memory.
enable f16;

struct Vertex {
  @location(0) position: vec3f,
  @location(1) color: vec4<f16>,
  @location(2) normal: vec3<f16>,
  @builtin(vertex_index) index: u32,
}

struct Instance {
  @location(4) offset: vec3f,
  @location(5) scale: f16,
  @location(6) id: u32,
}

struct Particle {
  @location(7) pos: vec3f,
  @location(8) vel: vec3f,
}

@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;

struct Out {
  @builtin(position) pos: vec4f,
  @location(0) color: vec4f,
}

@vertex fn draw(v: Vertex, @location(3) weight: f32, inst: Instance, @location(9) layer: vec2i) -> Out {
  let p = v.position * f32(inst.scale) + inst.offset + vec3f(f32(v.normal.x), weight, f32(layer.x));
  return Out(vec4f(p, f32(inst.id)), vec4f(v.color));
}

@vertex fn draw_plain(v: Vertex) -> Out {
  return Out(vec4f(v.position, 1.0), vec4f(v.color));
}

@vertex fn draw_particles(p: Particle) -> Out {
  return Out(vec4f(p.pos, 1.0), vec4f(p.vel, 1.0));
}

@compute @workgroup_size(64) fn step(@builtin(global_invocation_id) id: vec3u) {
  particles[id.x].pos += particles[id.x].vel;
}
