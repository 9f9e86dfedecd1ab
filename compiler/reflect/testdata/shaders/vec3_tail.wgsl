// vec3 is 16-aligned but 12 bytes: a following scalar packs into its tail.
struct Light {
  position: vec3<f32>,
  intensity: f32,
  color: vec3<f32>,
  range: f32,
  direction: vec3<f32>,
}
struct Lights { count: u32, items: array<Light, 4> }
@group(0) @binding(0) var<uniform> lights: Lights;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(1)
fn main() { out[0] = lights.items[0].intensity + lights.items[lights.count].range; }
