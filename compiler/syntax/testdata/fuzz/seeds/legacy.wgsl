[[block]] struct S { [[offset(0)]] a: [[stride(16)]] array<f32, 4>; };
[[group(0), binding(0)]] var<storage> s: [[access(read_write)]] S;
var<in> pos: vec4<f32>;
type A = array<i32, 2>;
[[constant_id(1)]] const k: f32;
[[stage(fragment)]] fn main() -> void {
  const x: i32 = 1 & 2 | 3;
  if (x == 1) {} elseif (x < 2) {} else {}
  switch (x) { case 1: { fallthrough; } default: {} }
  loop { break if (x > 1); continuing { } }
}
