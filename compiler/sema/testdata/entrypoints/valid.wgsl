// Valid entry points of every stage with built-in and user-defined IO (spec "Entry
// Point Declaration", "Built-in Inputs and Outputs", "Input-output Locations").

struct VertexOutput {
	@builtin(position) my_pos: vec4f,
	@location(0) color: vec4f,
	@location(1) @interpolate(flat) id: u32,
}

@vertex
fn vs_main(@builtin(vertex_index) my_index: u32, @builtin(instance_index) my_inst_index: u32, @location(0) pos: vec3f, @location(1) idx: vec2i) -> VertexOutput {
	return VertexOutput(vec4(pos, 1.0), vec4f(), my_index + my_inst_index + u32(idx.x));
}

struct FragmentOutput {
	@builtin(frag_depth) depth: f32,
	@builtin(sample_mask) mask_out: u32,
	@location(0) c0: vec4f,
	@location(1) c1: vec4i,
}

@fragment
fn fs_main(@builtin(front_facing) is_front: bool, @builtin(position) coord: vec4f, @builtin(sample_index) my_sample_index: u32, @builtin(sample_mask) mask_in: u32, in: VertexOutputIn) -> FragmentOutput {
	return FragmentOutput(coord.z, mask_in, in.color, vec4i());
}
struct VertexOutputIn { @location(0) color: vec4f, @location(1) @interpolate(flat) id: u32 }

@compute @workgroup_size(64)
fn cs_main(@builtin(local_invocation_id) local_id: vec3u, @builtin(local_invocation_index) local_index: u32, @builtin(global_invocation_id) global_id: vec3u, @builtin(workgroup_id) workgroup_id: vec3u, @builtin(num_workgroups) num_workgroups: vec3u) {}

@vertex fn vert_main() -> @builtin(position) vec4f { return vec4(0.0, 0.0, 0.0, 1.0); }
@fragment fn frag_main(@builtin(position) coord_in: vec4f) -> @location(0) vec4f { return vec4(coord_in.x, coord_in.y, 0.0, 1.0); }
@fragment fn frag_nothing() {}
@fragment fn frag_scalar(@location(3) a: f32, @location(4) @interpolate(flat) b: i32) -> @location(2) f32 { return a + f32(b); }
@compute @workgroup_size(1) fn comp_main() {}

struct A { @location(0) x: f32, @location(1) y: f32 }
@fragment fn fragShader(in1: A, @location(2) in2: f32) -> @location(0) vec4f { return vec4(in1.x + in2); }
struct MyInputs { @location(0) x: vec4f, @builtin(front_facing) y: bool, @location(1) @interpolate(flat) z: u32 }
struct MyOutputs { @builtin(frag_depth) x: f32, @location(0) y: vec4f }
@fragment fn fragShader2(in1: MyInputs) -> MyOutputs { return MyOutputs(0.5, in1.x); }

// Location numbering is distinct between inputs and outputs.
@fragment fn same_in_out(@location(0) a: vec4f) -> @location(0) vec4f { return a; }
// A structure may be used for both a vertex output and a fragment input.
@fragment fn fs_from_vs(in: VertexOutput) -> @location(0) vec4f { return in.color; }
