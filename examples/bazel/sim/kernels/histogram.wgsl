// Counts values into 16 bins. A directory of shaders and no Go: Gazelle makes it a Go package
// of its own, example.com/wgslgo-bazel-example/sim/kernels.

struct Bins {
  total: atomic<u32>,
  counts: array<atomic<u32>, 16>,
}

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> bins: Bins;

@compute @workgroup_size(64)
fn histogram(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= arrayLength(&values)) {
    return;
  }
  let bin = min(u32(clamp(values[id.x], 0.0, 1.0) * 16.0), 15u);
  atomicAdd(&bins.counts[bin], 1u);
  atomicAdd(&bins.total, 1u);
}
