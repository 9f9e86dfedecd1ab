// Non-module-scope declarations are in scope from the end of their declaration to the
// end of their enclosing compound statement (spec "Declaration and Scope").

fn before_use() {
	let a = b; // ERROR "unresolved identifier 'b'"
	let b = 1;
}

fn own_initializer() {
	let a = a; // ERROR "unresolved identifier 'a'"
}

fn out_of_block() {
	{ let inner = 1; }
	let x = inner; // ERROR "unresolved identifier 'inner'"
}

fn out_of_for() {
	for (var i = 0; i < 4; i++) {}
	let x = i; // ERROR "unresolved identifier 'i'"
}

fn continuing_sees_body() {
	var n = 0;
	loop {
		let step = 1;
		continuing {
			n += step;
			break if n > 4;
		}
	}
}

fn other_function() {
	let p = param_of_g; // ERROR "unresolved identifier 'param_of_g'"
}
fn g(param_of_g: i32) {}
