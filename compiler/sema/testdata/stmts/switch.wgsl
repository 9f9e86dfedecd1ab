// Switch: concrete integer selector and case selectors of one type, const-expression
// case selectors, distinct values, exactly one default (spec "Switch Statement").

fn generateValue() -> i32 { return 1; }
const c = 2;

fn f(u: u32, x: f32, b: bool) {
	var a: i32;
	let x2: i32 = generateValue();
	switch x2 {
		case 0: { a = 1; }
		default { a = 2; }
		case 1, 2, { a = 3; }
		case 3, { a = 4; }
		case 4 { a = 5; }
	}
	switch x2 {
		case 0: { a = 1; }
		case 1, c { a = 3; }
		case 3, default { a = 4; }
	}
	switch u { case 1u, 2 { } default { } }
	switch 3 { case 1u { } default { } }
	switch u { default { } }
	switch (x2) { case -1, 0x7fffffff { } default { } }

	switch x2 { case 1 { } } // ERRORx "default"
	switch x2 { default { } default { } } // ERRORx "default"
	switch x2 { case 1, default, default { } } // ERRORx "default"
	switch x2 { case 1, 1 { } default { } } // ERRORx "duplicate|same value|already|1"
	switch x2 { case 1 { } case 0, c - 1 { } default { } } // ERRORx "duplicate|same value|already|1"
	switch x2 { case 1u { } default { } } // ERRORx "type|mismatch|u32|i32|cannot"
	switch x2 { case 1i, 2u { } default { } } // ERRORx "type|mismatch|u32|i32|cannot"
	switch x { default { } } // ERRORx "selector|integer|f32"
	switch b { default { } } // ERRORx "selector|integer|bool"
	switch x2 { case a { } default { } } // ERRORx "const|case|var"
	switch x2 { case 1.0 { } default { } } // ERRORx "type|mismatch|integer|f32|cannot"
	switch u { case -1 { } default { } } // ERRORx "cannot|represent|range|fit|u32"
}
