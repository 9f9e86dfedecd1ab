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
	if n { } // ERRORx "bool|condition"
	if bv { } // ERRORx "bool|condition"
	if 1.0 { } // ERRORx "bool|condition"
	while n { } // ERRORx "bool|condition"
	for (; 1; ) { } // ERRORx "bool|condition"
	loop { continuing { break if n; } } // ERRORx "bool|condition"
	if undefined_name { } // ERRORx "unresolved|undeclared|unknown|not declared"
}
