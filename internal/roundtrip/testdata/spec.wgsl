// Overrides as specialization constants: literal defaults of each type, an @id, a workgroup
// size, and defaults that are override-expressions (a flag constant says whether the pipeline
// set the override; if not, the shader computes the default).

override scale: f32 = 2.0;
@id(5) override bias: i32 = -3;
override count: u32 = 4u;
override doubled: u32 = count * 2u;     // an integer expression: OpSpecConstantOp
override gain: f32 = scale * 1.5;       // a float expression: computed where it is used
override enabled: bool = true;
override wg: u32 = 4u;

struct SpecOut {
  scale: f32,
  bias: i32,
  count: u32,
  doubled: u32,
  gain: f32,
  enabled: u32,
  invocations: atomic<u32>,
  size: u32,
}

@group(0) @binding(0) var<storage, read_write> out: SpecOut;

@compute @workgroup_size(wg)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    out.scale = scale;
    out.bias = bias;
    out.count = count;
    out.doubled = doubled;
    out.gain = gain;
    out.enabled = select(0u, 1u, enabled);
    out.size = wg;
  }
  atomicAdd(&out.invocations, 1u);
}
