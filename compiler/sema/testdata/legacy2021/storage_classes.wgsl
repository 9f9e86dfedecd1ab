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

var no_class : f32; // ERRORx "storage class|address space"
[[group(0), binding(5)]] var no_class_buf : Buf; // ERRORx "e.g. var<uniform> or var<storage>"
[[location(3)]] var no_class_io : f32; // ERRORx "e.g. var<in> or var<out>"
var<function> module_function : f32; // ERRORx "function|storage class|address space|module"
var<workgroup> wg_init : f32 = 1.0; // ERRORx "initializ"
[[location(1)]] var<in> in_init : f32 = 1.0; // ERRORx "initializ"
[[group(0), binding(2)]] var<uniform> not_block : NotBlock; // ERRORx "block"
[[group(0), binding(3)]] var<storage> scalar_buffer : f32; // ERRORx "block|struct"
[[group(0), binding(4)]] var<uniform> sampler_class : sampler; // ERRORx "sampler|storage class|handle|block"
// The names of drafts before 2021.
[[group(0), binding(5)]] var<storage_buffer> old_storage : Buf; // ERRORx "unknown storage class 'storage_buffer'.*2021 draft has"
[[group(0), binding(6)]] var<uniform_constant> old_handle : sampler; // ERRORx "unknown storage class 'uniform_constant'"

fn f() -> void {
  var<private> local_private : f32; // ERRORx "private|function|storage class|module"
  var local : f32 = p;
}

[[stage(fragment)]]
fn main() -> void {
  o = vec4<f32>(u.x, 0.0, 0.0, 1.0);
  f();
}
