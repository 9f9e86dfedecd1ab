// Formal parameters: distinct names, constructible, pointer, texture or sampler types;
// return types constructible (spec "Declaring a User-defined Function", "Restrictions
// on Functions").

struct S { a: i32 }
fn ok(a: i32, v: vec3f, s: S, arr: array<f32, 4>, p: ptr<function, i32>, t: texture_2d<f32>, smp: sampler, sc: sampler_comparison, te: texture_external) -> S { return s; }
fn returns_array() -> array<vec2f, 2> { return array<vec2f, 2>(); }

fn atomic_param(a: atomic<i32>) {} // ERROR "parameter type atomic<i32> is not constructible"
fn runtime_param(a: array<f32>) {} // ERROR "parameter type array<f32> is not constructible"
fn sampler_return() -> sampler {} // ERROR "function return type sampler is not constructible" ERROR "function 'sampler_return' must return a value of type sampler on every path"
fn texture_return() -> texture_external {} // ERROR "function return type texture_external is not constructible" ERROR "function 'texture_return' must return a value of type texture_external on every path"
fn duplicate(a: i32, b: i32, a: f32) {} // ERROR "duplicate parameter 'a'" ERROR "redeclaration of 'a' in the same scope"
fn undeclared_type(a: Missing) {} // ERROR "unresolved type 'Missing'"
fn param_named_like_function(ok: i32) -> i32 { return ok; }
fn many(p0: i32, p1: i32, p2: i32, p3: i32, p4: i32, p5: i32, p6: i32, p7: i32, p8: i32, p1: f32) {} // ERROR "duplicate parameter 'p1'" ERROR "redeclaration of 'p1' in the same scope"
