@group(0) @binding(0) var<storage, read_write> lights: array<Light>;

@compute @workgroup_size(64)
fn dim(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&lights)) {
    lights[id.x].intensity *= 0.5;
  }
}

struct Light {
  color: vec3<f32>,
  intensity: f32,
}
