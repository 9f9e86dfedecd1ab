// Function call statements (spec "Function Call Statement").

var<private> counter: i32;
fn bump() -> i32 { counter++; return counter; }
fn nothing() {}

fn f() {
	bump();
	nothing();
	nothing(1); // ERRORx "argument|too many|expected 0"
	undefined_function(); // ERRORx "unresolved|undeclared|unknown|not declared"
	counter(); // ERRORx "not a function|cannot call|callable|var"
	i32(); // ERRORx "must_use|must be used|discard|result|constructor"
}
