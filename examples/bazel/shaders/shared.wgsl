// Structures shared with the host, and no entry point: no SPIR-V, only the reflection (it is
// in no_spirv).

struct Bounds {
  min: vec3<f32>,
  max: vec3<f32>,
}

const max_particles: u32 = 65536u;
