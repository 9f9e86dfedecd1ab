// break and continue target the innermost loop or switch; a switch or loop nested in
// a continuing block may use them internally (spec "Break Statement", "Continue
// Statement", "Continuing Statement").

fn f(n: i32) {
	var i = 0;
	loop {
		switch n {
			case 0 { continue; }
			case 1 { break; }
			default { }
		}
		for (var j = 0; j < n; j++) {
			if j == 2 { continue; }
			if j == 3 { break; }
		}
		continuing {
			switch i { case 5 { break; } default { } }
			for (var k = 0; k < 2; k++) { if k == 1 { break; } }
			var w = 0;
			while w < 3 { w++; if w == 2 { continue; } }
			i++;
			break if i > 10;
		}
	}
}

fn continue_in_switch_in_continuing(n: i32) { var i = 0; loop { continuing { switch n { default { continue; } } i++; break if i > 3; } } } // ERROR "continue is not allowed in a continuing block" WARNING "code is unreachable"
fn return_in_loop_in_continuing() { var i = 0; loop { continuing { loop { return; } } } } // ERROR "return is not allowed in a continuing block"
