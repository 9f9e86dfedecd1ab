// Module-scope variables need a storage class other than function (v-0022, seed §4.1);
// textures and samplers take none; initializers only in private, function and out;
// uniform and storage buffers hold [[block]] structures (seed §4, §4.1).

[[block]] struct Buf {
  [[offset(0)]] x : f32;
};
struct NotBlock {
  [[offset(0)]] x : f32;
};

var<private> p : f32 = 1.0;
[[location(0)]] var<out> o : vec4<f32> = vec4<f32>(1.0, 1.0, 1.0, 1.0);
[[group(0), binding(0)]] var<uniform> u : Buf;
[[group(0), binding(1)]] var s : sampler;

var no_class : f32; // ERROR "module-scope variable 'no_class' needs an address space, e.g. var<private>"
[[group(0), binding(5)]] var no_class_buf : Buf; // ERROR "module-scope variable 'no_class_buf' needs an address space, e.g. var<uniform> or var<storage>"
[[location(3)]] var no_class_io : f32; // ERROR "module-scope variable 'no_class_io' needs an address space, e.g. var<in> or var<out>"
var<function> module_function : f32; // ERROR "the function address space is not allowed at module scope"
var<workgroup> wg_init : f32 = 1.0; // ERROR "only private variables may have an initializer at module scope"
[[location(1)]] var<in> in_init : f32 = 1.0; // ERROR "only private variables may have an initializer at module scope"
[[group(0), binding(2)]] var<uniform> not_block : NotBlock; // ERROR "the store type of a uniform buffer must be a [[block]] structure, not structure 'NotBlock', which has no [[block]] attribute"
[[group(0), binding(3)]] var<storage> scalar_buffer : f32; // ERROR "the store type of a storage buffer must be a [[block]] structure, not type f32"
[[group(0), binding(4)]] var<uniform> sampler_class : sampler; // ERROR "texture and sampler variables are declared without an address space"
// The names of drafts before 2021.
[[group(0), binding(5)]] var<storage_buffer> old_storage : Buf; // ERROR "unknown storage class 'storage_buffer' (the 2021 draft has in, out, function, private, workgroup, uniform and storage)"
[[group(0), binding(6)]] var<uniform_constant> old_handle : sampler; // ERROR "unknown storage class 'uniform_constant' (the 2021 draft has in, out, function, private, workgroup, uniform and storage)"

fn f() -> void {
  var<private> local_private : f32; // ERROR "function-scope variables must be in the function address space, not private"
  var local : f32 = p;
}

[[stage(fragment)]]
fn main() -> void {
  o = vec4<f32>(u.x, 0.0, 0.0, 1.0);
  f();
}
