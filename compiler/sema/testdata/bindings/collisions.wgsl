// Two resource variables statically accessed by one shader must not share a group and
// binding pair; sharing is fine across shaders or when unused (spec "Resource
// Interface"). The collision is reported where the shader uses both, so each failing
// shader sits on one line with its variables.

@group(0) @binding(0) var t0: texture_2d<f32>;
@group(0) @binding(0) var t0_alias: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(1) @binding(0) var<uniform> u: vec4f;
@group(0) @binding(2) var<storage> b0: array<u32>;
@group(0) @binding(2) var<storage> b0_alias: array<u32>;

@fragment fn uses_first(@location(0) uv: vec2f) -> @location(0) vec4f { return textureSample(t0, s, uv) + u; }
@fragment fn uses_second(@location(0) uv: vec2f) -> @location(0) vec4f { return textureSample(t0_alias, s, uv); }
@compute @workgroup_size(1) fn uses_one_buffer() { _ = b0[0]; }
@compute @workgroup_size(1) fn uses_other_buffer() { _ = b0_alias[0]; }
@group(3) @binding(0) var c1: sampler; @group(3) @binding(0) var c2: sampler; @fragment fn uses_both() { _ = c1; _ = c2; } // ERROR "entry point 'uses_both' uses 'c1' and 'c2', both bound to @group(3) @binding(0)"
@group(4) @binding(1) var<storage> d1: u32; @group(4) @binding(1) var<uniform> d2: vec4u; fn helper() -> u32 { return d1; } @compute @workgroup_size(1) fn uses_both_via_helper() { _ = helper() + d2.x; } // ERROR "entry point 'uses_both_via_helper' uses 'd2' and 'd1', both bound to @group(4) @binding(1)"
