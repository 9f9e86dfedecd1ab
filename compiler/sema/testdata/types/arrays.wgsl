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
	a = b; // ERRORx "cannot|convert|mismatch|assign"
}

var<private> zero: array<i32, 0>; // ERRORx "count|zero|positive|greater|at least"
var<private> negative: array<i32, -1>; // ERRORx "count|negative|positive|greater|at least"
var<private> float_count: array<i32, 2.0>; // ERRORx "count|integer"
var<private> bool_count: array<i32, true>; // ERRORx "count|integer"
var<private> var_count: array<i32, b[0]>; // ERRORx "count|const|override|var"
var<private> of_texture: array<texture_2d<f32>, 2>; // ERRORx "texture|element|plain"
var<private> of_sampler: array<sampler, 2>; // ERRORx "sampler|element|plain"
var<private> of_ptr: array<ptr<private, i32>, 2>; // ERRORx "ptr|pointer|element|plain"
var<private> of_runtime: array<array<i32>, 2>; // ERRORx "runtime|element|fixed|footprint"
var<private> abstract_elem: array<i32, width>;
var<private> no_args: array; // ERRORx "template|infer|runtime|element"
