// Structures shared with the host: no entry points, so no SPIR-V.
struct Material {
  albedo: vec3<f32>,
  roughness: f32,
}

const max_lights: u32 = 16u;
