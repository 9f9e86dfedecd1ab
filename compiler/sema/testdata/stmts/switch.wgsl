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

	switch x2 { case 1 { } } // ERROR "switch must have a default clause"
	switch x2 { default { } default { } } // ERROR "switch has more than one default clause"
	switch x2 { case 1, default, default { } } // ERROR "switch has more than one default clause"
	switch x2 { case 1, 1 { } default { } } // ERROR "duplicate case selector value 1i"
	switch x2 { case 1 { } case 0, c - 1 { } default { } } // ERROR "duplicate case selector value 1i"
	switch x2 { case 1u { } default { } } // ERROR "case selector of type u32 does not match the switch selector type i32"
	switch x2 { case 1i, 2u { } default { } } // ERROR "case selector of type u32 does not match the switch selector type i32"
	switch x { default { } } // ERROR "switch selector must be i32 or u32, not f32"
	switch b { default { } } // ERROR "switch selector must be i32 or u32, not bool"
	switch x2 { case a { } default { } } // ERROR "case selector must be a const-expression"
	switch x2 { case 1.0 { } default { } } // ERROR "case selector must be an integer, not AbstractFloat"
	switch u { case -1 { } default { } } // ERROR "value -1 does not fit in u32"
}
