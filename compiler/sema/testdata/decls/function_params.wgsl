// Formal parameters: distinct names, constructible, pointer, texture or sampler types;
// return types constructible (spec "Declaring a User-defined Function", "Restrictions
// on Functions").

struct S { a: i32 }
fn ok(a: i32, v: vec3f, s: S, arr: array<f32, 4>, p: ptr<function, i32>, t: texture_2d<f32>, smp: sampler, sc: sampler_comparison, te: texture_external) -> S { return s; }
fn returns_array() -> array<vec2f, 2> { return array<vec2f, 2>(); }

fn atomic_param(a: atomic<i32>) {} // ERRORx "atomic|constructible|parameter"
fn runtime_param(a: array<f32>) {} // ERRORx "runtime|constructible|parameter"
fn sampler_return() -> sampler {} // ERRORx "sampler|constructible|return"
fn texture_return() -> texture_external {} // ERRORx "texture|constructible|return"
fn duplicate(a: i32, b: i32, a: f32) {} // ERRORx "duplicate|redecl|already|a"
fn undeclared_type(a: Missing) {} // ERRORx "unresolved|undeclared|unknown|not declared|Missing"
fn param_named_like_function(ok: i32) -> i32 { return ok; }
