// target: vulkan1.1
// Class 7 (found by the fuzzer): "entry point ... takes its workgroup size from overrides,
// which before SPIR-V 1.6 sets the size of every compute entry point" had no position.
override n: u32 = 8;
@compute @workgroup_size(n) fn a() {}
@compute @workgroup_size(4) fn b() {}
