// Module constants: an initializer unless pipeline-overridable; [[constant_id]] takes
// a unique non-negative integer and a scalar type (seed §4.2).

const golden : f32 = 1.61803398875;
[[constant_id(0)]] const has_point_light : bool = true;
[[constant_id(1300)]] const gain : f32;

const no_init : f32; // ERRORx "initializ"
[[constant_id(0)]] const duplicate_id : i32 = 1; // ERRORx "constant_id|id|duplicate|already|0"
[[constant_id(-1)]] const negative_id : i32 = 1; // ERRORx "constant_id|id|negative"
[[constant_id(5)]] const vector_override : vec2<f32> = vec2<f32>(1.0, 2.0); // ERRORx "scalar|constant_id"
const wrong_type : f32 = true; // ERRORx "cannot|convert|mismatch|bool"

[[stage(compute)]]
fn main() -> void {
  var x : f32 = golden * gain;
}
