// A shader that needs a WGSL extension, which the WGSL compiler of cogentcore/webgpu v0.23.0
// does not read: the adapter's error must say so.

enable f16;

@group(0) @binding(0) var<storage, read_write> halves: array<f16>;

@compute @workgroup_size(1)
fn main() {
  halves[0] = 1.5h;
}
