// const_assert at module and function scope: a const-expression of type bool that is
// true (spec "Const Assertion Statement").

const x = 1;
const y = 2;
const_assert x < y;
const_assert (x + y) == 3;
const_assert true;
const_assert all(vec2(1, 2) < vec2(3, 4));
const_assert later == 5;
const later = 5;

const_assert x > y; // ERROR "const_assert failed"
const_assert 1; // ERROR "const_assert condition must be a bool, not AbstractInt"
const_assert vec2(true, true); // ERROR "const_assert condition must be a bool, not vec2<bool>"
override o = 1;
const_assert o == 1; // ERROR "const_assert condition must be a const-expression"
var<private> p = 1;
const_assert p == 1; // ERROR "const_assert condition must be a const-expression"

fn f() {
	const_assert x < y;
	const local = 7;
	const_assert local % 2 == 1;
	const_assert local == 8; // ERROR "const_assert failed"
	let l = 1;
	const_assert l == 1; // ERROR "const_assert condition must be a const-expression"
}
