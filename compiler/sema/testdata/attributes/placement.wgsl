// Attributes may only be applied where the spec allows them, at most once each
// (spec "Attributes").

struct S { @align(16) a: f32, @size(8) b: f32, @location(0) c: vec4f, @builtin(position) d: vec4f }
@group(0) @binding(0) var<storage> buf: S;
@id(1) override o: i32 = 1;
@must_use fn mu() -> i32 { return 1; }
@compute @workgroup_size(1) fn main() {}

@align(4) var<private> align_on_var: f32; // ERRORx "align|attribute|not allowed|cannot|only"
@size(4) var<private> size_on_var: f32; // ERRORx "size|attribute|not allowed|cannot|only"
@align(4) fn align_on_fn() {} // ERRORx "align|attribute|not allowed|cannot|only"
@location(0) var<private> loc_on_var: f32; // ERRORx "location|attribute|not allowed|cannot|only"
@builtin(position) var<private> builtin_on_var: vec4f; // ERRORx "builtin|attribute|not allowed|cannot|only"
@id(2) var<private> id_on_var: i32; // ERRORx "id|attribute|not allowed|cannot|only"
@group(0) @binding(1) override binding_on_override: i32; // ERRORx "group|binding|attribute|not allowed|cannot|only"
@group(0) @binding(2) var<private> binding_on_private: i32; // ERRORx "group|binding|resource|attribute|not allowed|cannot|only"
@group(0) @binding(3) var<workgroup> binding_on_workgroup: i32; // ERRORx "group|binding|resource|attribute|not allowed|cannot|only"
@workgroup_size(1) fn wgsize_on_plain_fn() {} // ERRORx "workgroup_size|compute"
@workgroup_size(1) @fragment fn wgsize_on_fragment() {} // ERRORx "workgroup_size|compute"
@vertex @fragment fn two_stages() {} // ERRORx "stage|vertex|fragment|duplicate|more than one"
@compute @compute @workgroup_size(1) fn duplicate_stage() {} // ERRORx "duplicate|compute|more than once|stage"
@invariant var<private> invariant_on_var: vec4f; // ERRORx "invariant|attribute|not allowed|cannot|only"
@interpolate(flat) var<private> interp_on_var: i32; // ERRORx "interpolate|attribute|not allowed|cannot|only"
@const fn const_on_user_fn() -> i32 { return 1; } // ERRORx "const|attribute|user|not allowed"
@vertex var<private> stage_on_var: i32; // ERRORx "vertex|attribute|not allowed|cannot|only|function"
struct T { @group(0) m: i32 } // ERRORx "group|attribute|not allowed|cannot|only"
struct U { @align(4) @align(4) m: i32 } // ERRORx "duplicate|align|more than once"
struct V { @must_use m: i32 } // ERRORx "must_use|attribute|not allowed|cannot|only"
fn param_attr(@align(4) p: i32) {} // ERRORx "align|attribute|not allowed|cannot|only"
fn ret_attr() -> @size(4) i32 { return 1; } // ERRORx "size|attribute|not allowed|cannot|only"
@unknown_attr fn unknown() {} // ERRORx "unknown|attribute|unknown_attr"
@group(0) @group(0) @binding(4) var dup_group: sampler; // ERRORx "duplicate|group|more than once"
@id(4) @id(5) override dup_id: i32; // ERRORx "duplicate|id|more than once"
