// @must_use functions and value-returning built-ins must not be called as statements
// (spec "must_use", "Function Call Statement").

@must_use
fn important() -> i32 { return 1; }
fn plain() -> i32 { return 2; }
var<private> v: vec4f;

fn f() {
	plain();
	_ = important();
	let x = important();
	_ = x;
	important(); // ERROR "the result of 'important' must be used (it is declared @must_use)"
	max(1, 2); // ERROR "the result of builtin 'max' must be used"
	vec3f(1.0); // ERROR "a value constructor cannot be used as a statement"
	f32(1); // ERROR "a value constructor cannot be used as a statement"
	normalize(v.xyz); // ERROR "the result of builtin 'normalize' must be used"
	arrayLength(&arr); // ERROR "the result of builtin 'arrayLength' must be used"
}
@group(0) @binding(0) var<storage> arr: array<u32>;

@must_use fn no_result() {} // ERROR "@must_use applies only to functions that return a value"
@must_use var<private> not_fn: i32; // ERROR "attribute '@must_use' is not valid on a variable"
fn param(@must_use p: i32) {} // ERROR "attribute '@must_use' is not valid on a parameter"
@must_use() fn with_args() -> i32 { return 1; } // ERROR "attribute '@must_use' takes no arguments"
