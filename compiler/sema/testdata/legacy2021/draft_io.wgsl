// Pipeline inputs and outputs are module-scope var<in>/var<out> (seed §8.3.1, §14): inputs
// are read-only, outputs read-write; each entry point uses a builtin or location once per
// direction, builtins only of its stage (through helper functions too), and compute shaders
// have no locations. workgroup_size is a builtin input of compute shaders.

[[location(0)]] var<in> in_color : vec4<f32>;
[[location(0)]] var<in> in_other : vec4<f32>;
[[location(1)]] var<in> in_id : u32;
[[location(0)]] var<out> out_color : vec4<f32>;
[[builtin(position)]] var<out> pos : vec4<f32>;
[[builtin(frag_depth)]] var<out> depth : f32;
[[builtin(workgroup_size)]] var<in> wgs : vec3<u32>;
[[builtin(local_invocation_index)]] var<in> li : u32;
[[builtin(num_workgroups)]] var<in> groups : vec3<u32>;
[[location(2)]] var<in> in_mat : mat2x2<f32>; // ERROR "[[location]] variables hold a numeric scalar or vector, not mat2x2<f32>"
[[location(3), builtin(position)]] var<out> both : vec4<f32>; // ERROR "a variable cannot have both [[builtin]] and [[location]]"
[[builtin(workgroup_size)]] var<in> wgs_wrong : vec3<i32>; // ERROR "[[builtin(workgroup_size)]] needs type vec3<u32>, not vec3<i32>"

[[block]] struct Out {
  [[offset(0)]] n : u32;
};
[[group(0), binding(0)]] var<storage> out_buf : Out;

fn write_pos() -> void {
  pos = in_color;
}

[[stage(vertex)]]
fn vs() -> void {
  write_pos();
  out_color = pos * 2.0;
}

[[stage(fragment)]]
fn fs() -> void {
  in_color = vec4<f32>(); // ERROR "cannot assign to 'in_color': its access mode is read"
  out_color = in_color + in_other; // ERROR "entry point 'fs' uses both 'in_color' and 'in_other' as its [[location(0)]] input"
  depth = f32(in_id);
}

[[stage(fragment)]]
fn fs_calls_vertex_helper() -> void {
  write_pos(); // ERROR "'pos' is the vertex output [[builtin(position)]]; fragment entry point 'fs_calls_vertex_helper' cannot use it"
}

[[stage(compute), workgroup_size(8)]]
fn cs() -> void {
  out_buf.n = wgs.x + li + groups.x;
}

[[stage(compute)]]
fn cs_location() -> void {
  out_buf.n = in_id; // ERROR "compute entry point 'cs_location' cannot use [[location]] variable 'in_id'"
}
