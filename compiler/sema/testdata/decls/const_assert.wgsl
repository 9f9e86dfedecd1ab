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

const_assert x > y; // ERRORx "assert|false"
const_assert 1; // ERRORx "bool"
const_assert vec2(true, true); // ERRORx "bool"
override o = 1;
const_assert o == 1; // ERRORx "const|override"
var<private> p = 1;
const_assert p == 1; // ERRORx "const|var"

fn f() {
	const_assert x < y;
	const local = 7;
	const_assert local % 2 == 1;
	const_assert local == 8; // ERRORx "assert|false"
	let l = 1;
	const_assert l == 1; // ERRORx "const|let"
}
