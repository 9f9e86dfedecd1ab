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
	v.x++; // ERRORx "increment|integer|f32|\\+\\+"
	x++; // ERRORx "increment|integer|f32|\\+\\+"
	let l = 1;
	l += 1; // ERRORx "let|cannot assign|not a reference|immutable"
	l++; // ERRORx "let|cannot assign|not a reference|immutable|increment"
	ro.n += 1u; // ERRORx "read|access|writ"
	ro.n++; // ERRORx "read|access|writ"
	i += 1u; // ERRORx "no matching|overload|operator|cannot|mismatch"
	i += 1.5; // ERRORx "no matching|overload|operator|cannot|mismatch"
	b += true; // ERRORx "no matching|overload|operator|bool"
	x <<= 1u; // ERRORx "no matching|overload|operator|f32"
	v *= m; // ERRORx "no matching|overload|operator|mismatch"
	var iv = vec2i();
	iv++; // ERRORx "increment|integer|scalar|vec|\\+\\+"
	m++; // ERRORx "increment|integer|scalar|mat|\\+\\+"
}
