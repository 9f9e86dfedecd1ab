// workgroupUniformLoad: a barrier, so called in uniform control flow, with a uniform
// pointer argument; its result is uniform (spec "workgroupUniformLoad").

var<workgroup> wg: array<u32, 16>;
var<workgroup> flag: u32;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
	if workgroupUniformLoad(&flag) > 0u { workgroupBarrier(); }
	let v = workgroupUniformLoad(&wg[wid.x]);
	if lid > 0u { _ = workgroupUniformLoad(&flag); } // ERRORx "uniform"
	_ = workgroupUniformLoad(&wg[lid]); // ERRORx "uniform"
	_ = v;
}
