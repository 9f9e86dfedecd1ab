// A shift whose amount is not a const-expression makes an abstract shifted value concrete
// first (spec "Overload Resolution": the abstract overload needs const-expression
// arguments; "Bit Expressions"): 1 << s is an i32, and a literal that does not fit i32 is an
// error there, as Tint reports it.

fn f(s: u32) -> i32 {
	let a: i32 = 1 << s;
	let b = (1 >> s) > 0;
	let c: vec2<i32> = vec2(3, -64) >> vec2(s);
	let d = 2147483647 >> s;
	let e: u32 = 1 << s; // ERROR "cannot use a value of type i32 as u32 to initialize 'e'"
	let f = 2147483648 >> s; // ERROR "value 2147483648 does not fit in i32"
	const g = 1 << 40; // abstract: both operands are const-expressions
	return a + c.x + d + i32(b);
}
