struct Camera {
  view: mat4x4<f32>,
  eye: vec3<f32>,
  fov: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
