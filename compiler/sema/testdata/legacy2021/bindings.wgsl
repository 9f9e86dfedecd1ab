// Resource variables need group and binding; bindings must not alias within a shader
// (seed §8.3.2).

[[group(0), binding(0)]] var s0 : sampler;
[[group(0), binding(0)]] var s0_alias : sampler;
[[group(0), binding(1)]] var t : texture_2d<f32>;
var s_none : sampler; // ERROR "resource variable 's_none' needs both @group and @binding"
[[binding(2)]] var s_no_group : sampler; // ERROR "resource variable 's_no_group' needs both @group and @binding"

[[location(0)]] var<out> color : vec4<f32>;

[[stage(fragment)]]
fn uses_one() -> void {
  color = textureSample(t, s0, vec2<f32>(0.0, 0.0));
}

[[stage(fragment)]]
fn uses_other() -> void {
  color = textureSample(t, s0_alias, vec2<f32>(0.0, 0.0));
}

[[group(1), binding(0)]] var c1 : sampler; [[group(1), binding(0)]] var c2 : sampler; [[stage(fragment)]] fn uses_both() -> void { color = textureSample(t, c1, vec2<f32>(0.0, 0.0)) + textureSample(t, c2, vec2<f32>(0.0, 0.0)); } // ERROR "entry point 'uses_both' uses 'c1' and 'c2', both bound to @group(1) @binding(0)"
