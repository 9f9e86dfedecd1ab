// target: vulkan1.0
// Class 7 (found by the fuzzer): the backend's "subgroup operations need SPIR-V 1.3" had no
// position.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) { o[i] = subgroupAdd(i); }
