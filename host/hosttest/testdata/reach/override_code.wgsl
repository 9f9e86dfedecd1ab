// An override used in code and as the workgroup size: gogpu/naga refuses the first and makes
// the second 1×1×1; substituted or specialized, both reach the device.

override scale: f32 = 2.0;
override width: u32 = 8u;

@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(width)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&values)) {
    values[id.x] = values[id.x] * scale;
  }
}
