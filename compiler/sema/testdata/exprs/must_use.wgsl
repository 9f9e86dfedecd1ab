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
	important(); // ERRORx "must_use|must be used|discard|result"
	max(1, 2); // ERRORx "must_use|must be used|discard|result"
	vec3f(1.0); // ERRORx "must_use|must be used|discard|result|constructor|call"
	f32(1); // ERRORx "must_use|must be used|discard|result|constructor|call"
	normalize(v.xyz); // ERRORx "must_use|must be used|discard|result"
	arrayLength(&arr); // ERRORx "must_use|must be used|discard|result"
}
@group(0) @binding(0) var<storage> arr: array<u32>;

@must_use fn no_result() {} // ERRORx "must_use|return"
@must_use var<private> not_fn: i32; // ERRORx "must_use|attribute|not allowed|cannot be applied|function"
fn param(@must_use p: i32) {} // ERRORx "must_use|attribute|not allowed|cannot be applied|function"
@must_use() fn with_args() -> i32 { return 1; } // ERRORx "must_use|argument|expected"
