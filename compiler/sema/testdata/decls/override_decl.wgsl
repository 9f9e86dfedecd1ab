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
@id(65535) override max_id: f16 = 1.0h; // ERROR "type 'f16' requires 'enable f16;'" ERROR "f16 literal '1.0h' requires 'enable f16;'"

override vec_type: vec2f; // ERROR "override 'vec_type' must have a concrete scalar type (bool, i32, u32, f32 or f16), not vec2<f32>"
override arr_type: array<i32, 2>; // ERROR "override 'arr_type' must have a concrete scalar type (bool, i32, u32, f32 or f16), not array<i32, 2>"
override no_type_no_init; // ERROR "override 'no_type_no_init' needs a type or an initializer"
override abstract_ok = 1.5;
@id(65536) override id_too_large: i32; // ERROR "@id must be at most 65535, got 65536"
@id(-1) override id_negative: i32; // ERROR "attribute '@id' must not be negative, got -1"
@id(1200) override id_duplicate: i32; // ERROR "@id(1200) is already used by another override"
@id(1.5) override id_float: i32; // ERROR "attribute '@id' needs an integer argument, not AbstractFloat"
var<private> pv: i32 = 0;
override from_var: i32 = pv; // ERROR "the initializer of override 'from_var' must be an override-expression"
override from_fn: i32 = f(); // ERROR "function 'f' cannot be called in a const- or override-expression"
fn f() -> i32 { return 1; }
override bad_init: u32 = -1; // ERROR "value -1 does not fit in u32"
override mismatched: bool = 1; // ERROR "cannot use a value of type AbstractInt as bool to initialize override 'mismatched'"
