// A flock drawn as a flocking simulation's host draws it: the simulation keeps each boid's
// position and velocity in one storage buffer (vec2 and vec2, 16 bytes a boid), which the draw
// binds as its per-instance vertex buffer for the two loose inputs it declares first, while
// the shape's corners come per vertex from a small buffer of their own. The table lays the
// three loose inputs out as one buffer; the host regroups them into its two.

struct Boid {
  pos: vec2<f32>,
  vel: vec2<f32>,
}

struct Flight {
  dt: f32,
}

@group(0) @binding(0) var<uniform> flight: Flight;
@group(0) @binding(1) var<storage, read_write> boids: array<Boid>;

@compute @workgroup_size(64)
fn advance(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= arrayLength(&boids)) {
    return;
  }
  boids[id.x].pos += boids[id.x].vel * flight.dt;
}

struct Shaded {
  @builtin(position) clip: vec4<f32>,
  @location(0) @interpolate(flat) color: vec4<f32>,
}

// Each boid is a square of side 0.25 around its position, colored by its velocity.
@vertex
fn vs(@location(0) boid_pos: vec2<f32>, @location(1) boid_vel: vec2<f32>, @location(2) corner: vec2<f32>) -> Shaded {
  return Shaded(vec4(boid_pos + corner * 0.125, 0.0, 1.0), vec4(boid_vel * 0.5 + 0.5, 0.0, 1.0));
}

@fragment
fn fs(in: Shaded) -> @location(0) vec4<f32> {
  return in.color;
}
