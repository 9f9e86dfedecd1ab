// Functions of the 2021 draft: a variable passed for a pointer parameter is the pointer, and
// the parameter's name denotes the memory it points to (seed §3.1.1, §3.5.2); builtin
// functions the draft had and modern WGSL dropped or changed are reported with what to
// write instead; texture queries return signed integers, a cube's dimensions a vec3.

var<private> total : f32;
[[group(0), binding(0)]] var cube : texture_cube<f32>;

fn add(p : ptr<private, f32>, x : f32) -> void {
  p = p + x;
}

fn add_function(p : ptr<function, f32>) -> void {
  p = 1.0;
}

[[stage(fragment)]]
fn main() -> void {
  add(total, 2.0);
  var local : f32 = 1.0;
  add(local, 1.0); // ERROR "cannot pass f32 as parameter 'p' of type ptr<private, f32>"
  add_function(local);
  var s : f32 = smoothStep(0.0, 1.0, local);
  var bad : bool = isNan(local); // ERROR "the 2021 draft's isNan has no counterpart in modern WGSL and is not supported; compare instead (isNan(x) is x != x when the driver keeps NaNs)"
  var whole : f32;
  var frac : f32 = modf(local, whole); // ERROR "the 2021 draft's modf(x, p) that stores through a pointer is not supported; today's modf(x) returns a structure: write `let r = modf(x);` and use r.fract and r.whole"
  var size : vec3<i32> = textureDimensions(cube);
  var levels : i32 = textureNumLevels(cube);
}
