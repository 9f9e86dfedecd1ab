// Vector types vecN<T> for scalar T (spec "Vector Types").

var<private> a: vec2<bool>;
var<private> b: vec3<i32>;
var<private> c: vec4<u32>;
var<private> d: vec2<f32>;
var<private> e: vec2i;
var<private> f: vec3u;
var<private> g: vec4f;

var<private> nested: vec2<vec2<f32>>; // ERROR "vector component type must be a scalar (bool, i32, u32, f32 or f16), not vec2<f32>"
var<private> of_array: vec3<array<f32, 2>>; // ERROR "vector component type must be a scalar (bool, i32, u32, f32 or f16), not array<f32, 2>"
var<private> no_template: vec2; // ERROR "type generator 'vec2' needs template arguments, e.g. vec2<f32>"
var<private> two_args: vec2<f32, f32>; // ERROR "'vec2' takes 1 template argument, got 2"
var<private> vec5_: vec5<f32>; // ERROR "unresolved type 'vec5'"
var<private> of_atomic: vec2<atomic<i32>>; // ERROR "vector component type must be a scalar (bool, i32, u32, f32 or f16), not atomic<i32>"
var<private> of_value: vec2<1>; // ERROR "expected a type, not the expression '1'"
var<private> vec3f_templated: vec3f<f32>; // ERROR "type 'vec3f' does not take template arguments"
