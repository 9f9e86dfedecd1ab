// Buffers of the 2021 draft: a storage buffer's type says [[access(read)]] or
// [[access(read_write)]], read_write when it says nothing; write is for storage textures
// only; [[access]] on an alias carries to the buffers declared with it (seed §4, §4.1).

[[block]] struct S {
  [[offset(0)]] x : f32;
};
type ReadOnly = [[access(read)]] S;

[[group(0), binding(0)]] var<storage> rw : S;
[[group(0), binding(1)]] var<storage> ro : [[access(read)]] S;
[[group(0), binding(2)]] var<storage> ro_alias : ReadOnly;
[[group(0), binding(3)]] var<storage> rw_explicit : [[access(read_write)]] S;
[[group(0), binding(4)]] var<uniform> u : [[access(read)]] S; // ERROR "[[access]] applies only to storage buffers and storage textures, not to a uniform variable"
[[group(0), binding(5)]] var<storage> wo : [[access(write)]] S; // ERROR "storage buffers are read or read_write, not write"
[[group(0), binding(6)]] var img : [[access(write)]] texture_storage_2d<rgba8unorm>;

[[stage(compute)]]
fn main() -> void {
  rw.x = ro.x + ro_alias.x + u.x + wo.x;
  rw_explicit.x = 1.0;
  ro.x = 2.0; // ERROR "cannot assign to 'ro.x': its access mode is read"
  ro_alias.x = 3.0; // ERROR "cannot assign to 'ro_alias.x': its access mode is read"
  textureStore(img, vec2<i32>(0, 0), vec4<f32>());
}
