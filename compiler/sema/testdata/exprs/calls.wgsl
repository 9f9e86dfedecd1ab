// Calls of user-defined functions: argument count and types, no value from a function
// without a return type, only functions are callable (spec "Function Calls").

fn add(a: i32, b: i32) -> i32 { return a + b; }
fn scale(v: vec2f, s: f32) -> vec2f { return v * s; }
fn noop() {}
fn takes_ptr(p: ptr<function, i32>) { *p = 1; }
var<private> g: i32;

fn f() {
	let x = add(1, 2);
	let y = scale(vec2(1.0, 2.0), 2);
	noop();
	var local = 0;
	takes_ptr(&local);
	add(1, 2);
	_ = x;
	_ = y;
	let too_few = add(1); // ERRORx "argument|too few|expected 2"
	let too_many = add(1, 2, 3); // ERRORx "argument|too many|expected 2"
	let wrong_type = add(1, 2.5); // ERRORx "argument|cannot|convert|mismatch"
	let wrong_vec = scale(vec3(1.0), 1.0); // ERRORx "argument|cannot|convert|mismatch"
	let void_value = noop(); // ERRORx "void|no value|does not return|return"
	let not_callable = g(1); // ERRORx "not a function|cannot call|callable|var"
	takes_ptr(local); // ERRORx "argument|cannot|convert|mismatch|pointer"
	takes_ptr(&g); // ERRORx "argument|cannot|convert|mismatch|private"
	let expr_value = noop() + 1; // ERRORx "void|no value|does not return|return|operator"
}
