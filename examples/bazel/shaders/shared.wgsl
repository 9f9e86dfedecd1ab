// A uniform block the host fills, and no entry point: no SPIR-V, only the reflection (it is
// in no_spirv).

struct Bounds {
  min: vec3<f32>,
  max: vec3<f32>,
}

@group(0) @binding(0) var<uniform> bounds: Bounds;

const max_particles: u32 = 65536u;
