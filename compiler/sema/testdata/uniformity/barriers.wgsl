// Barriers must be called in uniform control flow (spec "Uniformity", "Uniformity
// Rules for Statements", examples "Function-scope Variable Uniformity" and
// "Uniformity in a Loop").

@group(0) @binding(0) var<storage, read_write> a: i32;
@group(0) @binding(1) var<uniform> b: i32;
@group(0) @binding(2) var<storage> ro: i32;
var<workgroup> wg: i32;
var<private> pv: i32;
override ov: i32 = 1;

@compute @workgroup_size(16, 1, 1)
fn example2() {
	var x: i32;
	x = a;
	if x > 0 {
		workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	}
	x = b;
	if x < 0 {
		storageBarrier();
	}
}

@compute @workgroup_size(16, 1, 1)
fn example4(@builtin(local_invocation_index) lid: u32) {
	for (var i = 0u; i < 10; i++) {
		workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
		if (lid + i) > 7 {
			break;
		}
	}
}

@compute @workgroup_size(16)
fn uniform_sources(@builtin(workgroup_id) wgid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
	if wgid.x == 1u { workgroupBarrier(); }
	if nwg.y > 2u { workgroupBarrier(); }
	if b > 0 && ro > 0 && ov > 0 { workgroupBarrier(); }
	let l = b * 2;
	if l > 3 { workgroupBarrier(); }
	for (var i = 0; i < b; i++) { workgroupBarrier(); }
	switch b { case 1 { storageBarrier(); } default { } }
	if workgroupUniformLoad(&wg) > 0 { workgroupBarrier(); }
}

@compute @workgroup_size(16)
fn nonuniform_sources(@builtin(local_invocation_id) lid: vec3u, @builtin(global_invocation_id) gid: vec3u) {
	if lid.x == 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	if gid.x == 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	if a > 0 { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	if wg > 0 { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	if pv > 0 { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	while a > 0 { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	switch a { case 1 { workgroupBarrier(); } default { } } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	let l = lid.y + 1u;
	for (var i = 0u; i < l; i++) { storageBarrier(); } // ERROR "'storageBarrier' must only be called from uniform control flow"
}

@compute @workgroup_size(16)
fn after_nonuniform_return(@builtin(local_invocation_index) lid: u32) {
	if lid > 3u { return; }
	workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}

@compute @workgroup_size(16)
fn after_nonuniform_break(@builtin(local_invocation_index) lid: u32) {
	loop {
		if lid > 3u { break; }
		workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	}
}

@compute @workgroup_size(16)
fn after_uniform_branch(@builtin(local_invocation_index) lid: u32) {
	var x = 0u;
	if lid > 3u { x = 1u; }
	workgroupBarrier();
	x = 0u;
	if x == 0u { workgroupBarrier(); }
}

@compute @workgroup_size(16)
fn short_circuit(@builtin(local_invocation_index) lid: u32) {
	if lid > 3u && b > 0 { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	if b > 0 || lid > 3u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}
