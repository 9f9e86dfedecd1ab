// Local declarations with the same end of scope collide; nested scopes may shadow
// (spec "Declaration and Scope").

fn params(a: i32, a: f32) {} // ERROR "duplicate parameter 'a'" ERROR "redeclaration of 'a' in the same scope"

fn param_and_body(p: i32) {
	var p: i32; // ERROR "redeclaration of 'p' in the same scope"
}

fn same_block() {
	let x = 1;
	var x = 2; // ERROR "redeclaration of 'x' in the same scope"
	const y = 1;
	let y = 2; // ERROR "redeclaration of 'y' in the same scope"
	_ = x;
}

fn for_init() {
	for (var i = 0; i < 2; i++) {
		// The initializer's declarations are in scope until the end of the body, like the
		// body's own (spec "For Statement"); Tint accepts this.
		var i = 1; // ERROR "redeclaration of 'i' in the same scope"
	}
}

fn nested_ok(p: i32) {
	var a = p;
	{
		var p = 2.0;
		var a = 3u;
		{
			let a = true;
		}
	}
	for (var i = 0; i < 2; i++) {
		{ var i = 1.0; }
	}
	loop {
		let a = 1;
		continuing {
			let a = 2;
			break if a == 2;
		}
	}
}
