// A vertex stage that clips against two planes of its own (enable clip_distances): the device
// has to be made with the clip-distances feature.

enable clip_distances;

struct Clipped {
  @builtin(position) position: vec4<f32>,
  @builtin(clip_distances) planes: array<f32, 2>,
}

@vertex
fn main(@builtin(vertex_index) i: u32) -> Clipped {
  let corner = vec2<f32>(f32(i & 1u), f32(i >> 1u)) * 2.0 - 1.0;
  return Clipped(vec4<f32>(corner, 0.0, 1.0), array<f32, 2>(corner.x + 0.5, 0.5 - corner.y));
}
