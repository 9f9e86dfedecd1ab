// The analysis does not track components of composite values: a non-uniform member
// makes the whole value non-uniform (spec "Composite Value Analysis Limitations").

struct Inputs {
	@builtin(workgroup_id) wgid: vec3u,
	@builtin(local_invocation_index) lid: u32,
}

@compute @workgroup_size(16, 1, 1)
fn main(inputs: Inputs) {
	if inputs.wgid.x == 1u {
		workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	}
}

@compute @workgroup_size(16, 1, 1)
fn split(@builtin(workgroup_id) wgid: vec3u, @builtin(local_invocation_index) lid: u32) {
	if wgid.x == 1u {
		workgroupBarrier();
	}
}

@compute @workgroup_size(16)
fn vector(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wgid: vec3u) {
	let v = vec2(wgid.x, lid.x);
	if v.x == 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	var arr = array(wgid.y, 0u);
	if arr[0] == 0u { workgroupBarrier(); }
	arr[1] = lid.y;
	if arr[0] == 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}
