// Function call statements (spec "Function Call Statement").

var<private> counter: i32;
fn bump() -> i32 { counter++; return counter; }
fn nothing() {}

fn f() {
	bump();
	nothing();
	nothing(1); // ERROR "argument|too many|expected 0"
	undefined_function(); // ERROR "unresolved|undeclared|unknown|not declared"
	counter(); // ERROR "not a function|cannot call|callable|var"
	i32(); // ERROR "must_use|must be used|discard|result|constructor"
}
