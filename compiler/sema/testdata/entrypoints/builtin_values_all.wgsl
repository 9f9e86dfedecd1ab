// Every built-in value in its stage, direction and type (spec "Built-in Inputs and
// Outputs").

struct VOut { @builtin(position) @invariant p: vec4f }
@vertex fn vs(@builtin(vertex_index) vi: u32, @builtin(instance_index) ii: u32) -> VOut { return VOut(vec4(f32(vi + ii))); }

struct FOut { @builtin(frag_depth) d: f32, @builtin(sample_mask) m: u32, @location(0) c: vec4f }
@fragment fn fs(@builtin(position) p: vec4f, @builtin(front_facing) ff: bool, @builtin(sample_index) si: u32, @builtin(sample_mask) sm: u32) -> FOut {
	return FOut(p.z, sm, vec4(f32(si) + select(0.0, 1.0, ff)));
}

@compute @workgroup_size(8, 4, 2)
fn cs(@builtin(local_invocation_id) lid: vec3u, @builtin(local_invocation_index) lidx: u32, @builtin(global_invocation_id) gid: vec3u, @builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(global_invocation_index) gidx: u32, @builtin(workgroup_index) widx: u32) {
	_ = lid; _ = lidx; _ = gid; _ = wid; _ = nwg; _ = gidx; _ = widx;
}

@compute @workgroup_size(1) fn cs_num_workgroups_type(@builtin(num_workgroups) n: vec3i) {} // ERROR "@builtin(num_workgroups) needs type vec3<u32>, not vec3<i32>"
@compute @workgroup_size(1) fn cs_workgroup_id_type(@builtin(workgroup_id) w: u32) {} // ERROR "@builtin(workgroup_id) needs type vec3<u32>, not u32"
@fragment fn fs_sample_index_type(@builtin(sample_index) s: i32) {} // ERROR "@builtin(sample_index) needs type u32, not i32"
@vertex fn vs_instance_type(@builtin(instance_index) i: f32) -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(instance_index) needs type u32, not f32"
@fragment fn fs_position_type(@builtin(position) p: vec4i) {} // ERROR "@builtin(position) needs type vec4<f32>, not vec4<i32>"
@fragment fn fs_mask_out_type() -> @builtin(sample_mask) i32 { return 0; } // ERROR "@builtin(sample_mask) needs type u32, not i32"
@compute @workgroup_size(1) fn cs_frag_depth() -> @builtin(frag_depth) f32 { return 0.0; } // ERROR "@builtin(frag_depth) cannot be a compute output"
@vertex fn vs_sample_mask(@builtin(sample_mask) m: u32) -> @builtin(position) vec4f { return vec4f(); } // ERROR "@builtin(sample_mask) cannot be a vertex input"
