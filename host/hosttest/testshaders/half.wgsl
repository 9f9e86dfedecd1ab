// f16 arithmetic on a storage buffer: each value doubled, plus one (exact in f16 for the
// scenario's values). A binding runs it only with the device's shader-f16 feature, and
// bindings that cannot enable it refuse the module.

enable f16;

@group(0) @binding(0) var<storage, read_write> halves: array<f16>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i < arrayLength(&halves)) {
    halves[i] = halves[i] * 2.0h + 1.0h;
  }
}
