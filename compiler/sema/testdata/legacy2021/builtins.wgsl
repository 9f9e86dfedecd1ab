// Built-in variables: var<in> for inputs, var<out> for outputs, listed store types,
// statically accessed only by shaders of their stage (seed §8.3.1.1, §14, v-0017,
// v-0018).

[[builtin(position)]] var<out> pos : vec4<f32>;
[[builtin(vertex_index)]] var<in> vi : u32;
[[builtin(frag_coord)]] var<in> fc : vec4<f32>;
[[builtin(sample_mask_out)]] var<out> mask_out : u32;
[[builtin(local_invocation_id)]] var<in> lid : vec3<u32>;

[[builtin(vertex_index)]] var<in> vi_wrong_type : i32; // ERROR "[[builtin(vertex_index)]] needs type u32, not i32"
[[builtin(position)]] var<out> pos_wrong_type : vec3<f32>; // ERROR "[[builtin(position)]] needs type vec4<f32>, not vec3<f32>"
[[builtin(vertex_index)]] var<out> input_as_output : u32; // ERROR "[[builtin(vertex_index)]] is a vertex input; declare the variable var<in>"
[[builtin(frag_depth)]] var<in> output_as_input : f32; // ERROR "[[builtin(frag_depth)]] is a fragment output; declare the variable var<out>"
[[builtin(position)]] var<private> private_builtin : vec4<f32>; // ERROR "[[builtin]] applies only to in and out variables, not private"
[[builtin(no_such_value)]] var<in> unknown : u32; // ERROR "unknown builtin variable 'no_such_value'"

[[stage(vertex)]]
fn vs() -> void {
  pos = vec4<f32>(f32(vi), 0.0, 0.0, 1.0);
}

[[stage(fragment)]]
fn fs() -> void {
  mask_out = u32(fc.x);
}

[[stage(fragment)]]
fn fs_uses_vertex_input() -> void {
  mask_out = vi; // ERROR "'vi' is the vertex input [[builtin(vertex_index)]]; fragment entry point 'fs_uses_vertex_input' cannot use it"
}

[[stage(compute)]]
fn cs_uses_position() -> void {
  pos = vec4<f32>(f32(lid.x)); // ERROR "'pos' is the vertex output [[builtin(position)]]; compute entry point 'cs_uses_position' cannot use it"
}
