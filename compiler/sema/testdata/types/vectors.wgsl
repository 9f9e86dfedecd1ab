// Vector types vecN<T> for scalar T (spec "Vector Types").

var<private> a: vec2<bool>;
var<private> b: vec3<i32>;
var<private> c: vec4<u32>;
var<private> d: vec2<f32>;
var<private> e: vec2i;
var<private> f: vec3u;
var<private> g: vec4f;

var<private> nested: vec2<vec2<f32>>; // ERRORx "scalar|vec2|element|component"
var<private> of_array: vec3<array<f32, 2>>; // ERRORx "scalar|vec3|element|component"
var<private> no_template: vec2; // ERRORx "template|type-generator|type generator|requires"
var<private> two_args: vec2<f32, f32>; // ERRORx "template|argument"
var<private> vec5_: vec5<f32>; // ERRORx "unresolved|undeclared|unknown|not declared"
var<private> of_atomic: vec2<atomic<i32>>; // ERRORx "scalar|vec2|element|component|atomic"
var<private> of_value: vec2<1>; // ERRORx "type|scalar"
var<private> vec3f_templated: vec3f<f32>; // ERRORx "template|not a type-generator|type generator|vec3f"
