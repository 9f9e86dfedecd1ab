// Draws each sprite as a colored square: the corners of a square are a per-vertex buffer,
// color and size a per-instance one, and the position comes from the storage buffer that
// step.wgsl moves.

struct Sprite {
  position: vec2<f32>,
  velocity: vec2<f32>,
}

struct Corner {
  @location(0) offset: vec2<f32>,
}

struct Look {
  @location(1) color: vec3<f32>,
  @location(2) size: f32,
}

struct VsOut {
  @builtin(position) position: vec4<f32>,
  @location(0) color: vec3<f32>,
}

@group(0) @binding(0) var<storage, read> sprites: array<Sprite>;

@vertex
fn vs(corner: Corner, look: Look, @builtin(instance_index) i: u32) -> VsOut {
  let p = sprites[i].position + corner.offset * look.size;
  return VsOut(vec4<f32>(p, 0.0, 1.0), look.color);
}

@fragment
fn fs(in: VsOut) -> @location(0) vec4<f32> {
  return vec4<f32>(in.color, 1.0);
}
