import types::Light;
import tonemap::aces;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1) fn main() {
  let l = Light(1.0, 2.0);
  out[0] = aces(lights::point::point(l, 3.0)) + package::post::half();
}

fn half() -> f32 { return 0.5; }
