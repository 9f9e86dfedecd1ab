// @group and @binding: both on every resource variable, non-negative i32/u32
// const-expressions (spec "group", "binding", "Resource Interface").

const g = 2;
@group(0) @binding(0) var s0: sampler;
@group(1u) @binding(2i) var s1: sampler;
@group(g) @binding(g * 3 + 1) var s2: sampler;
@binding(1) @group(0) var s3: sampler;
@group(0x3) @binding(0x10) var s4: sampler;

var s_none: sampler; // ERRORx "group|binding|resource"
@group(0) var s_no_binding: sampler; // ERRORx "binding"
@binding(5) var s_no_group: sampler; // ERRORx "group"
@group(-1) @binding(6) var s_negative_group: sampler; // ERRORx "group|negative"
@group(0) @binding(-1) var s_negative_binding: sampler; // ERRORx "binding|negative"
@group(0.5) @binding(7) var s_float_group: sampler; // ERRORx "group|integer|i32|u32"
@group(0) @binding(true) var s_bool_binding: sampler; // ERRORx "binding|integer|i32|u32"
override ov = 1;
@group(ov) @binding(8) var s_override_group: sampler; // ERRORx "group|const"
@group(0) @binding(9) var<storage> buf_ok: array<u32>;
@group(0) @binding(10) var<uniform> uni_ok: vec4f;
@group(0) @binding(11) var tex_ok: texture_2d<f32>;
@group(2) var<storage> buf_no_binding: array<u32>; // ERRORx "binding"
var<uniform> uni_none: vec4f; // ERRORx "group|binding|resource"
var tex_none: texture_2d<f32>; // ERRORx "group|binding|resource"
