// Without WebGPULimits, the default limits of the WebGPU API are not checked: Vulkan devices set
// their own (webgpu_api_limits.txtar checks them).
@compute @workgroup_size(1024, 1, 1) fn big() {}
@group(7) @binding(5000) var<uniform> far: vec4f;
@fragment fn fs() -> @location(8) vec4f { return far; }
