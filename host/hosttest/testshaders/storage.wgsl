// Paints a picture into a storage texture from a compute shader, one texel per invocation, as
// image filters and procedural textures do (wgpu's storage_texture example, the output of the
// WebGPU samples' image blur). The workgroup is a square tile whose side is an override, so
// the host must dispatch with the workgroup size the override gives, not the default.

struct Paint {
  stripe: u32,        // every other run of `stripe` columns has no blue
  blue: f32,
  green: vec2<f32>,   // the green channel is green.x + green.y * row / height
}

override tile: u32 = 8;

@group(0) @binding(0) var<uniform> paint: Paint;
@group(0) @binding(1) var picture: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(tile, tile)
fn fill(@builtin(global_invocation_id) id: vec3<u32>) {
  let size = textureDimensions(picture);
  if (any(id.xy >= size)) {
    return;
  }
  var blue = paint.blue;
  if ((id.x / paint.stripe) % 2u == 1u) {
    blue = 0.0;
  }
  let red = f32(id.x) / f32(size.x);
  let green = paint.green.x + paint.green.y * f32(id.y) / f32(size.y);
  textureStore(picture, id.xy, vec4<f32>(red, green, blue, 1.0));
}
