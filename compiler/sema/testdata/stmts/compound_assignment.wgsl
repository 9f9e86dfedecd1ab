// Compound assignment, increment and decrement: read_write reference, operator type
// rules as for the expanded form (spec "Compound Assignment", "Increment and Decrement
// Statements").

struct S { n: u32 }
@group(0) @binding(0) var<storage> ro: S;

fn f() {
	var i = 1;
	var u = 2u;
	var x = 1.0;
	var v = vec3(1.0);
	var m = mat2x2f();
	var b = true;
	i += 2; i -= 1; i *= 3; i /= 2; i %= 5; i &= 7; i |= 8; i ^= 1; i <<= 2u; i >>= 1u;
	u += 1u;
	x *= 2.0;
	v *= 2.0;
	v += v;
	m *= m;
	b &= false;
	b |= true;
	i++;
	u--;
	v.x++; // ERROR "'++' needs an i32 or u32 variable, not f32"
	x++; // ERROR "'++' needs an i32 or u32 variable, not f32"
	let l = 1;
	l += 1; // ERROR "cannot assign to let 'l'; only variables (and parts of them) can be assigned"
	l++; // ERROR "cannot assign to let 'l'; only variables (and parts of them) can be assigned"
	ro.n += 1u; // ERROR "cannot assign to 'ro.n': its access mode is read"
	ro.n++; // ERROR "cannot assign to 'ro.n': its access mode is read"
	i += 1u; // ERROR "no matching overload for operator '+' with operands i32 and u32"
	i += 1.5; // ERROR "no matching overload for operator '+' with operands i32 and AbstractFloat"
	b += true; // ERROR "no matching overload for operator '+' with operands bool and bool"
	x <<= 1u; // ERROR "operator '<<' needs an integer left operand, not f32"
	v *= m; // ERROR "no matching overload for operator '*' with operands vec3<f32> and mat2x2<f32>"
	var iv = vec2i();
	iv++; // ERROR "'++' needs an i32 or u32 variable, not vec2<i32>"
	m++; // ERROR "'++' needs an i32 or u32 variable, not mat2x2<f32>"
}
