// Return: no value without a return type; a value of the return type otherwise
// (spec "Return Statement").

fn none() { return; }
fn none_implicit() {}
fn value() -> i32 { return 1; }
fn abstract_to_f32() -> f32 { return 1; }
fn vec_value() -> vec2f { return vec2(1, 2); }
struct S { a: i32 }
fn struct_value() -> S { return S(1); }

fn value_in_void() { return 1; } // ERROR "function 'value_in_void' does not return a value"
fn missing_value() -> i32 { return; } // ERROR "function 'missing_value' must return a value of type i32"
fn wrong_type() -> i32 { return 1u; } // ERROR "cannot use a value of type u32 as i32 as the return value"
fn wrong_vec() -> vec3f { return vec2f(); } // ERROR "cannot use a value of type vec2<f32> as vec3<f32> as the return value"
fn float_to_int() -> i32 { return 1.5; } // ERROR "cannot use a value of type AbstractFloat as i32 as the return value"
fn ret_atomic() -> atomic<u32> { } // ERROR "function return type atomic<u32> is not constructible" ERROR "function 'ret_atomic' must return a value of type atomic<u32> on every path"
fn ret_ptr() -> ptr<function, i32> { } // ERROR "function return type ptr<function, i32> is not constructible" ERROR "function 'ret_ptr' must return a value of type ptr<function, i32> on every path"
fn ret_texture() -> texture_2d<f32> { } // ERROR "function return type texture_2d<f32> is not constructible" ERROR "function 'ret_texture' must return a value of type texture_2d<f32> on every path"
fn ret_override_array() -> array<i32, ov> { } // ERROR "function return type array<i32, ov> is not constructible" ERROR "function 'ret_override_array' must return a value of type array<i32, ov> on every path"
override ov = 2;
