// Attributes may only be applied where the spec allows them, at most once each
// (spec "Attributes").

struct S { @align(16) a: f32, @size(8) b: f32, @location(0) c: vec4f, @builtin(position) d: vec4f }
@group(0) @binding(0) var<storage> buf: S;
@id(1) override o: i32 = 1;
@must_use fn mu() -> i32 { return 1; }
@compute @workgroup_size(1) fn main() {}

@align(4) var<private> align_on_var: f32; // ERROR "attribute '@align' is not valid on a variable"
@size(4) var<private> size_on_var: f32; // ERROR "attribute '@size' is not valid on a variable"
@align(4) fn align_on_fn() {} // ERROR "attribute '@align' is not valid on a function"
@location(0) var<private> loc_on_var: f32; // ERROR "attribute '@location' is not valid on a variable"
@builtin(position) var<private> builtin_on_var: vec4f; // ERROR "attribute '@builtin' is not valid on a variable"
@id(2) var<private> id_on_var: i32; // ERROR "attribute '@id' is not valid on a variable"
@group(0) @binding(1) override binding_on_override: i32; // ERROR "attribute '@group' is not valid on an override declaration" ERROR "attribute '@binding' is not valid on an override declaration"
@group(0) @binding(2) var<private> binding_on_private: i32; // ERROR "@group applies only to uniform, storage, texture and sampler variables" ERROR "@binding applies only to uniform, storage, texture and sampler variables"
@group(0) @binding(3) var<workgroup> binding_on_workgroup: i32; // ERROR "@group applies only to uniform, storage, texture and sampler variables" ERROR "@binding applies only to uniform, storage, texture and sampler variables"
@workgroup_size(1) fn wgsize_on_plain_fn() {} // ERROR "@workgroup_size applies only to compute entry points"
@workgroup_size(1) @fragment fn wgsize_on_fragment() {} // ERROR "@workgroup_size applies only to compute entry points"
@vertex @fragment fn two_stages() {} // ERROR "a function can have only one shader stage attribute" ERROR "vertex entry point 'two_stages' must return @builtin(position)"
@compute @compute @workgroup_size(1) fn duplicate_stage() {} // ERROR "duplicate attribute '@compute'"
@invariant var<private> invariant_on_var: vec4f; // ERROR "attribute '@invariant' is not valid on a variable"
@interpolate(flat) var<private> interp_on_var: i32; // ERROR "attribute '@interpolate' is not valid on a variable"
@const fn const_on_user_fn() -> i32 { return 1; } // ERROR "attribute '@const' is not valid on a function"
@vertex var<private> stage_on_var: i32; // ERROR "attribute '@vertex' is not valid on a variable"
struct T { @group(0) m: i32 } // ERROR "attribute '@group' is not valid on a structure member"
struct U { @align(4) @align(4) m: i32 } // ERROR "duplicate attribute '@align'"
struct V { @must_use m: i32 } // ERROR "attribute '@must_use' is not valid on a structure member"
fn param_attr(@align(4) p: i32) {} // ERROR "attribute '@align' is not valid on a parameter"
fn ret_attr() -> @size(4) i32 { return 1; } // ERROR "attribute '@size' is not valid on a return type"
@unknown_attr fn unknown() {} // ERROR "unknown attribute '@unknown_attr'"
@group(0) @group(0) @binding(4) var dup_group: sampler; // ERROR "duplicate attribute '@group'"
@id(4) @id(5) override dup_id: i32; // ERROR "duplicate attribute '@id'"
