// Uniformity through loops: non-uniform continue or break makes later iterations
// non-uniform; loop-carried values through function variables (spec "Uniformity Rules
// for Statements", "Function-scope Variable Value Analysis").

@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(16)
fn nonuniform_continue(@builtin(local_invocation_index) lid: u32) {
	for (var i = 0u; i < n; i++) {
		if lid == i { continue; }
		workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
	}
}

@compute @workgroup_size(16)
fn uniform_loop(@builtin(local_invocation_index) lid: u32) {
	for (var i = 0u; i < n; i++) {
		workgroupBarrier();
		if i == 3u { continue; }
		storageBarrier();
	}
}

@compute @workgroup_size(16)
fn loop_carried(@builtin(local_invocation_index) lid: u32) {
	var x = 0u;
	loop {
		if x > 4u { workgroupBarrier(); } // ERROR "'workgroupBarrier' must only be called from uniform control flow"
		x = lid;
		continuing { break if n > 2u; }
	}
}

// Every invocation leaves a loop without a return, so control flow after it is as
// uniform as before it.
@compute @workgroup_size(16)
fn after_loop(@builtin(local_invocation_index) lid: u32) {
	var i = 0u;
	while i < lid { i++; }
	workgroupBarrier();
}

@compute @workgroup_size(16)
fn after_loop_with_return(@builtin(local_invocation_index) lid: u32) {
	var i = 0u;
	loop { if i == lid { return; } if i > 4u { break; } i++; }
	workgroupBarrier(); // ERROR "'workgroupBarrier' must only be called from uniform control flow"
}

@compute @workgroup_size(16)
fn reset_after_loop(@builtin(local_invocation_index) lid: u32) {
	var x = lid;
	for (var i = 0u; i < n; i++) { x = i; }
	x = 0u;
	if x == 0u { workgroupBarrier(); }
}
