// const_assert and const declarations inside functions and nested blocks (spec
// "Const Assertion Statement").

fn f() {
	const a = 3;
	const_assert a == 3;
	{
		const a = 4;
		const_assert a == 4;
		const_assert a == 3; // ERROR "const_assert failed"
	}
	loop {
		const_assert a == 3;
		break;
	}
	const_assert a != 3; // ERROR "const_assert failed"
}
