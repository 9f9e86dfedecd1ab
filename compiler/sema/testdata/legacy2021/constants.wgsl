// Module constants: an initializer unless pipeline-overridable; [[constant_id]] takes
// a unique non-negative integer and a scalar type (seed §4.2).

const golden : f32 = 1.61803398875;
[[constant_id(0)]] const has_point_light : bool = true;
[[constant_id(1300)]] const gain : f32;

const no_init : f32; // ERROR "const 'no_init' needs an initializer; only pipeline-overridable constants, declared with [[constant_id(n)]], may leave it out"
[[constant_id(0)]] const duplicate_id : i32 = 1; // ERROR "@id(0) is already used by another override"
[[constant_id(-1)]] const negative_id : i32 = 1; // ERROR "attribute '@id' must not be negative, got -1"
[[constant_id(5)]] const vector_override : vec2<f32> = vec2<f32>(1.0, 2.0); // ERROR "override 'vector_override' must have a concrete scalar type (bool, i32, u32, f32 or f16), not vec2<f32>"
const wrong_type : f32 = true; // ERROR "cannot use a value of type bool as f32 to initialize const 'wrong_type'"

[[stage(compute)]]
fn main() -> void {
  var x : f32 = golden * gain;
}
