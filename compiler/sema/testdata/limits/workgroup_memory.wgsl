// The workgroup variables a shader statically accesses take at most 16384 bytes together
// (spec "Limits", WebGPU's maxComputeWorkgroupStorageSize). An override-sized array's size is
// known at pipeline creation, where the spec checks the limit with the override's value; here
// it counts one element, so what is reported exceeds the limit whatever the value.
// Tint accepts all of it: Dawn checks the limit at pipeline creation (tint_test.go lists the
// lines).

var<workgroup> w1: array<f32, 2048>;    // 8192 bytes
var<workgroup> w2: array<vec4f, 512>;   // 8192 bytes
var<workgroup> counter: atomic<u32>;    // 4 bytes
override n: u32 = 4096u;
var<workgroup> sized: array<vec2f, n>;  // 8 bytes per element

fn uses_w2() { w2[0] = vec4f(); }

@compute @workgroup_size(1) fn at_limit() { w1[0] = 1.0; uses_w2(); }
@compute @workgroup_size(1) fn over_limit() { w1[0] = 1.0; uses_w2(); atomicAdd(&counter, 1u); } // ERROR "entry point 'over_limit' uses 16388 bytes of workgroup variables; the limit is 16384"
@compute @workgroup_size(1) fn override_over() { w1[0] = 1.0; uses_w2(); sized[0] = vec2f(); } // ERROR "entry point 'override_over' uses 16392 bytes of workgroup variables; the limit is 16384"
@compute @workgroup_size(1) fn override_within() { w1[0] = 1.0; sized[0] = vec2f(); }
