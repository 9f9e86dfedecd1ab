// @group and @binding: both on every resource variable, non-negative i32/u32
// const-expressions (spec "group", "binding", "Resource Interface").

const g = 2;
@group(0) @binding(0) var s0: sampler;
@group(1u) @binding(2i) var s1: sampler;
@group(g) @binding(g * 3 + 1) var s2: sampler;
@binding(1) @group(0) var s3: sampler;
@group(0x3) @binding(0x10) var s4: sampler;

var s_none: sampler; // ERROR "resource variable 's_none' needs both @group and @binding"
@group(0) var s_no_binding: sampler; // ERROR "resource variable 's_no_binding' needs both @group and @binding"
@binding(5) var s_no_group: sampler; // ERROR "resource variable 's_no_group' needs both @group and @binding"
@group(-1) @binding(6) var s_negative_group: sampler; // ERROR "attribute '@group' must not be negative, got -1"
@group(0) @binding(-1) var s_negative_binding: sampler; // ERROR "attribute '@binding' must not be negative, got -1"
@group(0.5) @binding(7) var s_float_group: sampler; // ERROR "attribute '@group' needs an integer argument, not AbstractFloat"
@group(0) @binding(true) var s_bool_binding: sampler; // ERROR "attribute '@binding' needs an integer argument, not bool"
override ov = 1;
@group(ov) @binding(8) var s_override_group: sampler; // ERROR "attribute '@group' needs a const-expression argument"
@group(0) @binding(9) var<storage> buf_ok: array<u32>;
@group(0) @binding(10) var<uniform> uni_ok: vec4f;
@group(0) @binding(11) var tex_ok: texture_2d<f32>;
@group(2) var<storage> buf_no_binding: array<u32>; // ERROR "resource variable 'buf_no_binding' needs both @group and @binding"
var<uniform> uni_none: vec4f; // ERROR "resource variable 'uni_none' needs both @group and @binding"
var tex_none: texture_2d<f32>; // ERROR "resource variable 'tex_none' needs both @group and @binding"
