// Runtime-sized arrays only as the last member of a storage buffer's structure; never
// the type of an expression (seed §3.3.7, v-0015, v-0030, v-0031).

[[block]] struct Buf {
  [[offset(0)]] n : u32;
  [[offset(4)]] data : [[stride(4)]] array<f32>;
};
[[group(0), binding(0)]] var<storage> buf : Buf;

[[block]] struct NotLast {
  [[offset(0)]] data : [[stride(4)]] array<f32>; // ERROR "runtime-sized member 'data' must be the last member of 'NotLast'"
  [[offset(4)]] n : u32;
};
var<private> private_rt : [[stride(4)]] array<f32>; // ERROR "a private variable's type must be constructible, not @stride(4) array<f32>"

[[stage(compute)]]
fn main() -> void {
  var x : f32 = buf.data[3];
  var whole : [[stride(4)]] array<f32>; // ERROR "a function variable's type must be constructible, not @stride(4) array<f32>"
}
