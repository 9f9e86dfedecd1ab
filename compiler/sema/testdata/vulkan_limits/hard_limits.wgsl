// What SPIR-V or every Vulkan device cannot do stays an error on every target: a type larger
// than 4294967295 bytes (32-bit sizes, offsets and strides), workgroup memory beyond that
// (maxComputeSharedMemorySize is 32-bit), workgroups of more than 4294967295 invocations
// (maxComputeWorkGroupInvocations), locations that a 32-bit count of components cannot reach.

const too_big = array<f32, 2147483647>(); // ERROR "type array<f32, 2147483647> is 8589934588 bytes, larger than the maximum of 4294967295 bytes"
var<private> too_big_private: array<vec4f, 300000000>; // ERROR "type array<vec4<f32>, 300000000> is 4800000000 bytes, larger than the maximum of 4294967295 bytes"
alias Nested = array<array<u32, 65536>, 65536>; // ERROR "type array<array<u32, 65536>, 65536> is 17179869184 bytes, larger than the maximum of 4294967295 bytes"

var<workgroup> half1: array<u32, 0x20000000>;
var<workgroup> half2: array<u32, 0x20000000>;
@compute @workgroup_size(1) fn too_much_shared() { half1[0] = half2[0]; } // ERROR "entry point 'too_much_shared' uses 4294967296 bytes of workgroup variables; no Vulkan device allows more than 4294967295 (maxComputeSharedMemorySize is 32-bit)"

@compute @workgroup_size(65536, 65536, 2) fn too_many_invocations() {} // ERROR@:33 "@workgroup_size makes workgroups of 4294967296 invocations; no Vulkan device allows more than 4294967295 (maxComputeWorkGroupInvocations is 32-bit)"
@compute @workgroup_size(65536, 65535) fn many_invocations() {}

struct Out { @builtin(position) p: vec4f, @location(1073741824u) far: f32, @location(0) near: f32 } // ERROR "@location(1073741824) is beyond what any Vulkan device numbers: its interface limits count 4 components per location in 32 bits (at most @location(1073741823))"
struct Edge { @builtin(position) p: vec4f, @location(1073741823u) far: f32, @location(0) near: f32 }
@vertex fn vs() -> Out { return Out(); }
@vertex fn vs_edge() -> Edge { return Edge(); }
