// Runtime-sized arrays are the last member; their length comes from the binding size.
struct Particle { pos: vec3<f32>, mass: f32, vel: vec3<f32> }
struct Particles { count: atomic<u32>, @align(16) flags: vec2<u32>, items: array<Particle> }
@group(0) @binding(0) var<storage, read_write> ps: Particles;
@group(0) @binding(1) var<storage, read> raw: array<vec3<f32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&ps.items)) {
    ps.items[id.x].pos += raw[id.x % arrayLength(&raw)];
    atomicAdd(&ps.count, 1u);
  }
}
