// override-declarations: module scope, concrete scalar type, override-expression
// initializer, optional @id unique in 0..65535 (spec "override Declarations", "id").

@id(0) override has_point_light: bool = true;
@id(1200) override specular_param: f32 = 2.3;
@id(1300) override gain: f32;
override width: f32 = 0.0;
override depth: f32;
override height = 2 * depth;
override count: u32 = 4;
override with_const = cc * 2;
override idx: i32 = -1;
const cc = 3;
@id(65535) override max_id: f16 = 1.0h; // ERRORx "f16"

override vec_type: vec2f; // ERRORx "scalar"
override arr_type: array<i32, 2>; // ERRORx "scalar"
override no_type_no_init; // ERRORx "type|initializer"
override abstract_ok = 1.5;
@id(65536) override id_too_large: i32; // ERRORx "id|65535|range"
@id(-1) override id_negative: i32; // ERRORx "id|negative|range"
@id(1200) override id_duplicate: i32; // ERRORx "id|duplicate|1200|already"
@id(1.5) override id_float: i32; // ERRORx "id|integer"
var<private> pv: i32 = 0;
override from_var: i32 = pv; // ERRORx "override|var"
override from_fn: i32 = f(); // ERRORx "override|function|module-scope"
fn f() -> i32 { return 1; }
override bad_init: u32 = -1; // ERRORx "cannot|represent|convert|fit"
override mismatched: bool = 1; // ERRORx "cannot|convert|mismatch"
