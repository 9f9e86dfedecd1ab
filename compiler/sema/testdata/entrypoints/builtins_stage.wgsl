// Each built-in value is an input or output of particular stages with a fixed type
// (spec "Built-in Inputs and Outputs").

@vertex fn vertex_index_in_fragment() -> @builtin(position) vec4f { return vec4f(); }
@fragment fn fs_vertex_index(@builtin(vertex_index) i: u32) {} // ERROR "@builtin(vertex_index) cannot be a fragment input"
@compute @workgroup_size(1) fn cs_position(@builtin(position) p: vec4f) {} // ERROR "@builtin(position) cannot be a compute input"
@vertex fn vs_position_input(@builtin(position) p: vec4f) -> @builtin(position) vec4f { return p; } // ERROR "@builtin(position) cannot be a vertex input"
@fragment fn fs_position_output() -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(position) cannot be a fragment output"
@vertex fn vs_local_id(@builtin(local_invocation_id) l: vec3u) -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(local_invocation_id) cannot be a vertex input"
@fragment fn fs_frag_depth_input(@builtin(frag_depth) d: f32) {} // ERROR "@builtin(frag_depth) cannot be a fragment input"
@compute @workgroup_size(1) fn cs_front_facing(@builtin(front_facing) f: bool) {} // ERROR "@builtin(front_facing) cannot be a compute input"
@fragment fn fs_sample_index_out() -> @builtin(sample_index) u32 { return 0u; } // ERROR "@builtin(sample_index) cannot be a fragment output"
@vertex fn vs_front_facing_out() -> @builtin(front_facing) bool { return true; } // ERROR "vertex entry point 'vs_front_facing_out' must return @builtin(position)" ERROR "@builtin(front_facing) cannot be a vertex output"

@vertex fn vs_index_type(@builtin(vertex_index) i: i32) -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(vertex_index) needs type u32, not i32"
@vertex fn vs_position_type() -> @builtin(position) vec3f { return vec3f(); } // ERROR "@builtin(position) needs type vec4<f32>, not vec3<f32>"
@fragment fn fs_front_facing_type(@builtin(front_facing) f: u32) {} // ERROR "@builtin(front_facing) needs type bool, not u32"
@fragment fn fs_depth_type() -> @builtin(frag_depth) vec4f { return vec4f(); } // ERROR "@builtin(frag_depth) needs type f32, not vec4<f32>"
@compute @workgroup_size(1) fn cs_gid_type(@builtin(global_invocation_id) g: vec3i) {} // ERROR "@builtin(global_invocation_id) needs type vec3<u32>, not vec3<i32>"
@compute @workgroup_size(1) fn cs_lidx_type(@builtin(local_invocation_index) l: vec3u) {} // ERROR "@builtin(local_invocation_index) needs type u32, not vec3<u32>"
@fragment fn fs_mask_type(@builtin(sample_mask) m: i32) {} // ERROR "@builtin(sample_mask) needs type u32, not i32"
@fragment fn fs_unknown(@builtin(frag_color) c: vec4f) {} // ERROR "unknown builtin value 'frag_color'" ERROR "entry point input 'c' needs @location or @builtin"
@compute @workgroup_size(1) fn cs_dup_builtin(@builtin(local_invocation_index) a: u32, @builtin(local_invocation_index) b: u32) {} // ERROR "@builtin(local_invocation_index) appears twice in the inputs of entry point 'cs_dup_builtin'"
