import types::Light;
import tonemap::aces;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1) fn main() { out[0] = aces(Light(1.0, 2.0).power); }
