// Matrix types matCxR<T> for floating point T (spec "Matrix Types").

var<private> a: mat2x2<f32>;
var<private> b: mat2x3<f32>;
var<private> c: mat2x4<f32>;
var<private> d: mat3x2<f32>;
var<private> e: mat3x3<f32>;
var<private> f: mat3x4<f32>;
var<private> g: mat4x2<f32>;
var<private> h: mat4x3<f32>;
var<private> i: mat4x4<f32>;
var<private> j: mat2x2f;
var<private> k: mat3x4f;
var<private> l: mat4x4f;
const abst = mat3x3(1, 2, 3, 4, 5, 6, 7, 8, 9);
const_assert abst[2][1] == 8;

var<private> of_i32: mat2x2<i32>; // ERROR "matrix component type must be f32 or f16, not i32"
var<private> of_u32: mat3x3<u32>; // ERROR "matrix component type must be f32 or f16, not u32"
var<private> of_bool: mat4x4<bool>; // ERROR "matrix component type must be f32 or f16, not bool"
var<private> of_vec: mat2x2<vec2f>; // ERROR "matrix component type must be f32 or f16, not vec2<f32>"
var<private> no_template: mat2x2; // ERROR "type generator 'mat2x2' needs template arguments, e.g. mat2x2<f32>"
var<private> mat5: mat5x5<f32>; // ERROR "unresolved type 'mat5x5'"
var<private> mat1: mat1x2<f32>; // ERROR "unresolved type 'mat1x2'"
