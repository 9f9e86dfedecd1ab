// Each built-in value is an input or output of particular stages with a fixed type
// (spec "Built-in Inputs and Outputs").

@vertex fn vertex_index_in_fragment() -> @builtin(position) vec4f { return vec4f(); }
@fragment fn fs_vertex_index(@builtin(vertex_index) i: u32) {} // ERRORx "vertex_index|fragment|stage"
@compute @workgroup_size(1) fn cs_position(@builtin(position) p: vec4f) {} // ERRORx "position|compute|stage"
@vertex fn vs_position_input(@builtin(position) p: vec4f) -> @builtin(position) vec4f { return p; } // ERRORx "position|input|vertex"
@fragment fn fs_position_output() -> @builtin(position) vec4f { return vec4f(); } // ERRORx "position|output|fragment"
@vertex fn vs_local_id(@builtin(local_invocation_id) l: vec3u) -> @builtin(position) vec4f { return vec4f(); } // ERRORx "local_invocation_id|vertex|stage"
@fragment fn fs_frag_depth_input(@builtin(frag_depth) d: f32) {} // ERRORx "frag_depth|input|output"
@compute @workgroup_size(1) fn cs_front_facing(@builtin(front_facing) f: bool) {} // ERRORx "front_facing|compute|stage"
@fragment fn fs_sample_index_out() -> @builtin(sample_index) u32 { return 0u; } // ERRORx "sample_index|output|input"
@vertex fn vs_front_facing_out() -> @builtin(front_facing) bool { return true; } // ERRORx "front_facing|vertex|output|position"

@vertex fn vs_index_type(@builtin(vertex_index) i: i32) -> @builtin(position) vec4f { return vec4f(); } // ERRORx "vertex_index|u32|type"
@vertex fn vs_position_type() -> @builtin(position) vec3f { return vec3f(); } // ERRORx "position|vec4|type"
@fragment fn fs_front_facing_type(@builtin(front_facing) f: u32) {} // ERRORx "front_facing|bool|type"
@fragment fn fs_depth_type() -> @builtin(frag_depth) vec4f { return vec4f(); } // ERRORx "frag_depth|f32|type"
@compute @workgroup_size(1) fn cs_gid_type(@builtin(global_invocation_id) g: vec3i) {} // ERRORx "global_invocation_id|vec3<u32>|type"
@compute @workgroup_size(1) fn cs_lidx_type(@builtin(local_invocation_index) l: vec3u) {} // ERRORx "local_invocation_index|u32|type"
@fragment fn fs_mask_type(@builtin(sample_mask) m: i32) {} // ERRORx "sample_mask|u32|type"
@fragment fn fs_unknown(@builtin(frag_color) c: vec4f) {} // ERRORx "frag_color|builtin|unknown|built-in"
@compute @workgroup_size(1) fn cs_dup_builtin(@builtin(local_invocation_index) a: u32, @builtin(local_invocation_index) b: u32) {} // ERRORx "local_invocation_index|duplicate|already"
