// workgroupUniformLoad: a barrier, so called in uniform control flow, with a uniform
// pointer argument; its result is uniform (spec "workgroupUniformLoad").

var<workgroup> wg: array<u32, 16>;
var<workgroup> flag: u32;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
	if workgroupUniformLoad(&flag) > 0u { workgroupBarrier(); }
	let v = workgroupUniformLoad(&wg[wid.x]);
	if lid > 0u { _ = workgroupUniformLoad(&flag); } // ERROR "'workgroupUniformLoad' must only be called from uniform control flow" ERROR "'workgroupUniformLoad' requires argument 0 to be uniform"
	_ = workgroupUniformLoad(&wg[lid]); // ERROR "'workgroupUniformLoad' requires argument 0 to be uniform"
	_ = v;
}
