// Built-in functions of the 2021 draft: texture queries return signed integers
// (seed §15.8.1, §15.8.2).

[[group(0), binding(0)]] var t : texture_2d<f32>;
[[location(0)]] var<out> color : vec4<f32>;

[[stage(fragment)]]
fn main() -> void {
  var d : vec2<i32> = textureDimensions(t);
  var l : i32 = textureNumLevels(t);
  color = textureLoad(t, d - vec2<i32>(1, 1), 0);
}
