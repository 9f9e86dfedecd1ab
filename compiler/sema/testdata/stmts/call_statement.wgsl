// Function call statements (spec "Function Call Statement").

var<private> counter: i32;
fn bump() -> i32 { counter++; return counter; }
fn nothing() {}

fn f() {
	bump();
	nothing();
	nothing(1); // ERROR "function 'nothing' takes 0 arguments, got 1"
	undefined_function(); // ERROR "unresolved function 'undefined_function'"
	counter(); // ERROR "'counter' is not a function"
	i32(); // ERROR "a value constructor cannot be used as a statement"
}
