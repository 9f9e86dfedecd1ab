// It had no entry point when its BUILD file was written; now it has one.
struct Params {
  scale: f32,
}

@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(1)
fn main() {
  _ = params.scale;
}
