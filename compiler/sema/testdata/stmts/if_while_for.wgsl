// Conditions of if, while, for and break-if are bool (spec "If Statement", "While
// Statement", "For Statement", "Break-If Statement").

fn f(n: i32, bv: vec2<bool>) {
	var i = 0;
	if n > 0 { i = 1; } else if n < 0 { i = 2; } else { i = 3; }
	if (true) {}
	while i < 10 { i++; }
	for (var j = 0; j < n; j++) { i += j; }
	for (;;) { break; }
	for (i = 0; i < 3; i++) {}
	for (let k = 2; i < k; i++) {}
	loop { continuing { break if i > 0; } }
	if n { } // ERROR "if condition must be bool, not i32"
	if bv { } // ERROR "if condition must be bool, not vec2<bool>"
	if 1.0 { } // ERROR "if condition must be bool, not AbstractFloat"
	while n { } // ERROR "while condition must be bool, not i32"
	for (; 1; ) { } // ERROR "for condition must be bool, not AbstractInt"
	loop { continuing { break if n; } } // ERROR "break if condition must be bool, not i32"
	if undefined_name { } // ERROR "unresolved identifier 'undefined_name'"
}
