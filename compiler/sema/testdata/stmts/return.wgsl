// Return: no value without a return type; a value of the return type otherwise
// (spec "Return Statement").

fn none() { return; }
fn none_implicit() {}
fn value() -> i32 { return 1; }
fn abstract_to_f32() -> f32 { return 1; }
fn vec_value() -> vec2f { return vec2(1, 2); }
struct S { a: i32 }
fn struct_value() -> S { return S(1); }

fn value_in_void() { return 1; } // ERRORx "return|value|void"
fn missing_value() -> i32 { return; } // ERRORx "return|value|missing|expected"
fn wrong_type() -> i32 { return 1u; } // ERRORx "cannot|convert|mismatch|return"
fn wrong_vec() -> vec3f { return vec2f(); } // ERRORx "cannot|convert|mismatch|return"
fn float_to_int() -> i32 { return 1.5; } // ERRORx "cannot|convert|mismatch|return"
fn ret_atomic() -> atomic<u32> { } // ERRORx "atomic|constructible|return"
fn ret_ptr() -> ptr<function, i32> { } // ERRORx "pointer|ptr|constructible|return"
fn ret_texture() -> texture_2d<f32> { } // ERRORx "texture|constructible|return"
fn ret_override_array() -> array<i32, ov> { } // ERRORx "override|constructible|return|footprint"
override ov = 2;
