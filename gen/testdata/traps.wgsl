enable f16;

struct Inner {
  a: f32,
  b: vec2<f32>,
}

struct Uniforms {
  gravity: vec3<f32>,
  dt: f32,
  normal: mat3x3<f32>,
  uv: mat2x2<f32>,
  skew: mat4x2<f32>,
  @align(16) inner: Inner,
  @size(32) big: u32,
  colors: array<vec4<f32>, 2>,
  dirs: array<vec3<f32>, 3>,
}

struct Halfs {
  a: f16,
  v3: vec3<f16>,
  b: f16,
  m: mat3x3<f16>,
  list: array<f16, 5>,
  v3s: array<vec3<f16>, 2>,
}

struct Node {
  value: vec3<f32>,
  next: i32,
}

struct Tree {
  count: atomic<u32>,
  flags: atomic<i32>,
  nodes: array<Node>,
}

override block: u32 = 64;
@id(7) override gain: f32 = 1.5;
override rows: i32;
const PI = 3.14159;
const UP = vec3<f32>(0.0, 1.0, 0.0);
const HALF: f16 = 0.5h;

@group(0) @binding(0) var<uniform> u: Uniforms;
@group(0) @binding(1) var<storage, read_write> h: Halfs;
@group(0) @binding(2) var<storage, read_write> tree: Tree;
@group(1) @binding(0) var tex: texture_2d<f32>;
@group(1) @binding(1) var samp: sampler;

@compute @workgroup_size(block, 2)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let n = atomicAdd(&tree.count, 1u);
  tree.nodes[n].value = u.gravity * u.dt * gain + vec3<f32>(f32(h.a));
  h.b = h.a * HALF;
  _ = rows;
}

@vertex
fn vs(@location(0) pos: vec3<f32>, @location(1) w: f16, @location(2) uv: vec2<f16>) -> @builtin(position) vec4<f32> {
  return vec4<f32>(pos * f32(w) + vec3<f32>(vec2<f32>(uv), 0.0), 1.0);
}

@fragment
fn fs() -> @location(0) vec4<f32> {
  return textureSample(tex, samp, vec2<f32>(0.5));
}
