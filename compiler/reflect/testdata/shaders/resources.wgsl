// Every kind of binding, two entry points, overrides and constants.
override scale: f32 = 1.5;
@id(7) override enabled: bool;
override width: u32 = 8;
const limits = vec2<i32>(-4, 4);
const tau = 6.283185307179586;
const count: u32 = 3u;
struct Params { tint: vec4<f32>, time: f32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var shadow: sampler_comparison;
@group(1) @binding(0) var color: texture_2d<f32>;
@group(1) @binding(1) var depth: texture_depth_2d;
@group(1) @binding(2) var ms: texture_multisampled_2d<u32>;
@group(1) @binding(3) var img: texture_storage_2d<rgba8unorm, write>;
@group(1) @binding(4) var cube: texture_cube_array<i32>;
@group(2) @binding(0) var<storage, read> data: array<u32>;

struct VertexIn { @location(0) position: vec3<f32>, @location(1) uv: vec2<f32>, @builtin(vertex_index) vi: u32 }
struct VertexOut { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32> }

@vertex fn vs(in: VertexIn, @location(2) id: u32) -> VertexOut {
  var o: VertexOut;
  o.position = vec4<f32>(in.position * scale, 1.0);
  o.uv = in.uv;
  return o;
}

@fragment fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  let c = textureSample(color, samp, in.uv);
  let d = textureSampleCompare(depth, shadow, in.uv, 0.5);
  return c * params.tint * d + vec4<f32>(params.time);
}

@compute @workgroup_size(width, 2)
fn cs(@builtin(global_invocation_id) id: vec3<u32>) {
  if (enabled) {
    textureStore(img, vec2<i32>(id.xy), vec4<f32>(f32(data[id.x])));
  }
}
