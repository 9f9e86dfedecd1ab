// Uniformity across user-defined function calls: callees that require uniform control
// flow, parameters that must be uniform, non-uniform return values and pointer
// parameters (spec "Uniformity Rules for Function Calls"). A call and the function it
// calls share a line where the error may be reported at either.

@group(0) @binding(0) var<uniform> u: u32;

fn barrier_helper() { workgroupBarrier(); }
fn returns_arg(x: u32) -> u32 { return x; }
fn returns_uniform() -> u32 { return u; }
fn needs_uniform_arg(x: u32) { if x > 0u { workgroupBarrier(); } }
fn writes_ptr(p: ptr<function, u32>, v: u32) { *p = v; }

@compute @workgroup_size(16)
fn ok(@builtin(workgroup_id) wid: vec3u) {
	barrier_helper();
	if returns_uniform() > 0u { barrier_helper(); }
	if returns_arg(u) > 0u { workgroupBarrier(); }
	needs_uniform_arg(wid.x);
	var x = 0u;
	writes_ptr(&x, u);
	if x > 0u { workgroupBarrier(); }
}

fn h1() { workgroupBarrier(); } @compute @workgroup_size(16) fn bad1(@builtin(local_invocation_index) lid: u32) { if lid > 0u { h1(); } } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
fn h2(x: u32) { if x > 0u { storageBarrier(); } } @compute @workgroup_size(16) fn bad2(@builtin(local_invocation_index) lid: u32) { h2(lid); } // ERROR "'storageBarrier' must only be called from uniform control flow"
fn h3() { workgroupBarrier(); } fn h3_caller() { h3(); } @compute @workgroup_size(16) fn bad3(@builtin(local_invocation_index) lid: u32) { if lid > 0u { h3_caller(); } } // ERROR "'workgroupBarrier' must only be called from uniform control flow"

@compute @workgroup_size(16)
fn bad4(@builtin(local_invocation_index) lid: u32) {
	if returns_arg(lid) > 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}

@compute @workgroup_size(16)
fn bad5(@builtin(local_invocation_index) lid: u32) {
	var x = 0u;
	writes_ptr(&x, lid);
	if x > 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}

fn early_return(x: u32) { if x > 0u { return; } } fn after_call_is_uniform(lid: u32) { early_return(lid); workgroupBarrier(); }
@compute @workgroup_size(16) fn uses_after_call(@builtin(local_invocation_index) lid: u32) { after_call_is_uniform(lid); }
