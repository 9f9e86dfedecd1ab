// Fixed-size arrays: element count is a positive concrete integer override-expression;
// elements are plain types with a creation-fixed footprint (spec "Array Types").

var<private> a: array<f32, 8>;
var<private> b: array<i32, 8>;
var<private> c: array<i32, 8u>;
const width = 8;
const height = 8;
var<private> d: array<i32, width>;
var<private> e: array<i32, width>;
var<private> f: array<i32, height>;
var<private> g: array<array<vec2f, 2>, 3>;
var<private> h: array<mat2x2f, 1>;
struct S { x: i32 }
var<private> i: array<S, 2 * width - 1>;
var<private> j: array<bool, 4i>;

fn same_types() {
	b = c;
	c = d;
	d = f;
	let k: array<i32, 8> = e;
	a = b; // ERROR "cannot use a value of type array<i32, 8> as array<f32, 8> in assignment"
}

var<private> zero: array<i32, 0>; // ERROR "array element count must be greater than 0, not 0"
var<private> negative: array<i32, -1>; // ERROR "array element count must be greater than 0, not -1"
var<private> float_count: array<i32, 2.0>; // ERROR "array element count must be an integer, not AbstractFloat"
var<private> bool_count: array<i32, true>; // ERROR "array element count must be an integer, not bool"
var<private> var_count: array<i32, b[0]>; // ERROR "array element count must be a const-expression or an override-expression"
var<private> of_texture: array<texture_2d<f32>, 2>; // ERROR "texture_2d<f32> cannot be an array element type"
var<private> of_sampler: array<sampler, 2>; // ERROR "sampler cannot be an array element type"
var<private> of_ptr: array<ptr<private, i32>, 2>; // ERROR "ptr<private, i32> cannot be an array element type"
var<private> of_runtime: array<array<i32>, 2>; // ERROR "array element type array<i32> must have a fixed size"
var<private> abstract_elem: array<i32, width>;
var<private> no_args: array; // ERROR "type generator 'array' needs template arguments, e.g. array<f32, 4>"
