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
	let too_few = add(1); // ERROR "function 'add' takes 2 arguments, got 1"
	let too_many = add(1, 2, 3); // ERROR "function 'add' takes 2 arguments, got 3"
	let wrong_type = add(1, 2.5); // ERROR "cannot use a value of type AbstractFloat as i32 for parameter 'b'"
	let wrong_vec = scale(vec3(1.0), 1.0); // ERROR "cannot use a value of type vec3<AbstractFloat> as vec2<f32> for parameter 'v'"
	let void_value = noop(); // ERROR "function call does not return a value"
	let not_callable = g(1); // ERROR "'g' is not a function"
	takes_ptr(local); // ERROR "cannot pass i32 as parameter 'p' of type ptr<function, i32>"
	takes_ptr(&g); // ERROR "cannot pass ptr<private, i32> as parameter 'p' of type ptr<function, i32>"
	let expr_value = noop() + 1; // ERROR "function call does not return a value"
}
