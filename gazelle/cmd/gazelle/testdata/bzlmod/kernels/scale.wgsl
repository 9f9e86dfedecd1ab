// Multiplies a buffer by a factor.
struct Params { factor: f32, count: u32 }
override workgroup_size: u32 = 64;
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;
@compute @workgroup_size(workgroup_size)
fn scale(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < params.count) { data[id.x] = data[id.x] * params.factor; }
}
