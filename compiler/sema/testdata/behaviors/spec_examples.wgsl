// The examples of the spec's behavior analysis (spec "Statements Behavior Analysis",
// "Examples"). Statically unreachable code is valid and draws a warning.

fn simple() -> i32 {
	var a: i32;
	return 0;
	a = 1; // WARNING "code is unreachable"
	return 2;
}

fn nested() -> i32 {
	var a: i32;
	{
		a = 2;
		return 1;
	}
	a = 1; // WARNING "code is unreachable"
	return 2;
}

fn if_example1() {
	var a: i32 = 0;
	loop {
		if a == 5 {
			break;
		}
		a = a + 1;
	}
}

fn if_example2() {
	var a: i32 = 0;
	loop {
		if a == 5 {
			break;
		} else {
			continue;
		}
		a = a + 1; // WARNING "code is unreachable"
	}
}

fn if_example3() {
	var a: i32 = 0;
	loop {
		if a == 5 {
			break;
		} else if a == 42 {
			continue;
		} else {
			return;
		}
	}
}

fn switch_example() {
	var a: i32 = 0;
	switch a {
		default: {
			break;
		}
	}
	a = 5;
}

fn conditional_continue() {
	var a: i32;
	loop {
		if a == 5 { break; }
		if a % 2 == 1 {
			continue;
		}
		a = a * 2;
		continuing {
			a = a + 1;
		}
	}
}

fn redundant_continue_with_continuing() {
	var a: i32;
	loop {
		if a == 5 { break; }
		continue;
		continuing {
			a = a + 1;
		}
	}
}

fn continue_end_of_loop_body() {
	for (var i: i32 = 0; i < 5; i++) {
		continue;
	}
}
