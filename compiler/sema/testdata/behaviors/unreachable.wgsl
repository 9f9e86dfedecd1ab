// Code after a statement without Next in its behavior is statically unreachable;
// it is valid but warned about.

fn after_return() -> i32 {
	return 1;
	let x = 2; // WARNING "code is unreachable"
}

fn after_break() {
	loop {
		break;
		let y = 3; // WARNING "code is unreachable"
	}
}

fn after_continue() {
	for (var i = 0; i < 3; i++) {
		continue;
		let z = i; // WARNING "code is unreachable"
	}
}

fn after_if_all_return(b: bool) -> i32 {
	if b { return 1; } else { return 2; }
	return 3; // WARNING "code is unreachable"
}

fn after_switch_all_return(x: i32) -> i32 {
	switch x { default { return 0; } }
	return 1; // WARNING "code is unreachable"
}

fn after_loop_return() -> i32 {
	loop { return 1; }
	return 2; // WARNING "code is unreachable"
}

fn after_discard_is_reachable(x: f32) -> f32 {
	discard;
	return x;
}

fn in_nested_block() {
	{
		return;
	}
	var dead = 1; // WARNING "code is unreachable"
}
