// Non-module-scope declarations are in scope from the end of their declaration to the
// end of their enclosing compound statement (spec "Declaration and Scope").

fn before_use() {
	let a = b; // ERRORx "unresolved|undeclared|undefined|not declared|unknown"
	let b = 1;
}

fn own_initializer() {
	let a = a; // ERRORx "unresolved|undeclared|undefined|not declared|unknown"
}

fn out_of_block() {
	{ let inner = 1; }
	let x = inner; // ERRORx "unresolved|undeclared|undefined|not declared|unknown"
}

fn out_of_for() {
	for (var i = 0; i < 4; i++) {}
	let x = i; // ERRORx "unresolved|undeclared|undefined|not declared|unknown"
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
	let p = param_of_g; // ERRORx "unresolved|undeclared|undefined|not declared|unknown"
}
fn g(param_of_g: i32) {}
