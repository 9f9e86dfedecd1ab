// A shader of the 2021 WGSL draft (wgsl_spirv's dialect = "legacy2021"): doubles a buffer.

[[block]] struct Data {
  [[offset(0)]] values: [[stride(4)]] array<f32>;
};

[[group(0), binding(0)]] var<storage, read_write> data: Data;

[[stage(compute), workgroup_size(64)]]
fn double([[builtin(global_invocation_id)]] id: vec3<u32>) {
  if (id.x < arrayLength(&data.values)) {
    data.values[id.x] = 2.0 * data.values[id.x];
  }
}
