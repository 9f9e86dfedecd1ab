// Uniformity through pointer parameters: callees that need the pointee to be uniform,
// values read back through pointers, pointers held in lets (spec "Pointer Desugaring",
// "Uniformity Rules for Function Calls").

@group(0) @binding(0) var<uniform> u: u32;

fn needs_uniform_pointee(p: ptr<function, u32>) { if *p > 0u { workgroupBarrier(); } }
fn reads(p: ptr<function, u32>) -> u32 { return *p; }

@compute @workgroup_size(16)
fn ok() {
	var x = u;
	needs_uniform_pointee(&x);
	let p = &x;
	if *p > 1u { workgroupBarrier(); }
	if reads(&x) > 2u { workgroupBarrier(); }
}

fn h1(p: ptr<function, u32>) { if *p > 0u { storageBarrier(); } } @compute @workgroup_size(16) fn bad1(@builtin(local_invocation_index) lid: u32) { var x = lid; h1(&x); } // ERROR "'storageBarrier' must only be called from uniform control flow"

@compute @workgroup_size(16)
fn bad2(@builtin(local_invocation_index) lid: u32) {
	var x = 0u;
	let p = &x;
	*p = lid;
	if x > 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}

@compute @workgroup_size(16)
fn bad3(@builtin(local_invocation_index) lid: u32) {
	var x = lid;
	if reads(&x) > 0u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}
