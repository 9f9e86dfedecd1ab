// Atomics inside a structure: invocation 0 stores 2x+1 less what the other invocations will
// add, then every invocation of the workgroup adds its share, so the derived value is 2x+1
// only if the atomic operations are atomic and land at the right offsets.

struct Counters {
  hits: atomic<u32>,              // offset 0
  delta: atomic<i32>,             // 4
  pos: vec3<f32>,                 // 16
  more: array<atomic<u32>, 3>,    // 28, stride 4
  tail: f32,                      // 40; size 48
}

@group(0) @binding(0) var<storage, read_write> c_in: Counters;
@group(0) @binding(1) var<storage, read_write> c_out: Counters;

const N = 64u;

@compute @workgroup_size(N)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i == 0u) {
    atomicStore(&c_out.hits, atomicLoad(&c_in.hits) * 2u + 1u - N);
    atomicStore(&c_out.delta, atomicLoad(&c_in.delta) * 2 + 1 + i32(N));
    c_out.pos = c_in.pos * 2.0 + 1.0;
    for (var k = 0u; k < 3u; k++) {
      atomicStore(&c_out.more[k], atomicLoad(&c_in.more[k]) * 2u + 1u - N / 2u);
    }
    c_out.tail = c_in.tail * 2.0 + 1.0;
  }
  storageBarrier();
  atomicAdd(&c_out.hits, 1u);
  atomicSub(&c_out.delta, 1);
  if (i % 2u == 0u) {
    for (var k = 0u; k < 3u; k++) {
      atomicAdd(&c_out.more[k], 1u);
    }
  }
}
