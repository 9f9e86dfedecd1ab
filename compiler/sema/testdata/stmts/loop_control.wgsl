// break, continue, continuing, break-if and return placement (spec "Break Statement",
// "Continue Statement", "Continuing Statement", "Break-If Statement").

fn f(n: i32) -> i32 {
	var a = 2;
	var i = 0;
	loop {
		let step = 1;
		if i % 2 == 0 { continue; }
		a = a * 2;
		continuing {
			i = i + step;
			break if i >= 4;
		}
	}
	loop {
		if i >= 4 { break; }
		switch i { case 1 { break; } default { continue; } }
		continuing {
			loop { if a > 0 { break; } continue; }
			for (var k = 0; k < 2; k++) { if k == 1 { continue; } }
		}
	}
	while true { if a > 3 { break; } a++; }
	for (;;) { if a > 10 { return a; } a++; continue; }
}

fn break_outside() { break; } // ERROR "break must be inside a loop or switch"
fn continue_outside() { continue; } // ERROR "continue must be inside a loop"
fn continue_in_switch() { switch 1 { default { continue; } } } // ERROR "continue must be inside a loop"
fn break_in_continuing() { loop { continuing { if true { break; } } } } // ERROR "break cannot leave a continuing block; use 'break if' at its end"
fn break_in_continuing2() { var i = 0; loop { continuing { i++; break; } } } // ERROR "break cannot leave a continuing block; use 'break if' at its end"
fn return_in_continuing() { loop { continuing { return; } } } // ERROR "return is not allowed in a continuing block"
fn nested_return_in_continuing() { loop { continuing { if true { return; } break if true; } } } // ERROR "return is not allowed in a continuing block"
fn continue_in_continuing() { loop { continuing { continue; } } } // ERROR "continue is not allowed in a continuing block"
fn continue_skips_decl() { var i = 0; loop { if i > 0 { continue; } let step = 1; continuing { i += step; break if i > 3; } } } // ERROR "continue skips the declaration of 'step', which the continuing block uses"
fn discard_in_continuing() { loop { continuing { discard; break if true; } } }
