// Override-expressions: errors detectable from const-expression operands are
// shader-creation errors; others wait for pipeline creation
// (spec "override Expressions").

override a: i32 = 0;
override b = 1 / a;
override c = a / 0; // ERROR "integer division by zero"
override d = a << 32u; // ERROR "shift amount 32 is not less than the bit width 32 of i32"
override e: u32 = 4294967296; // ERROR "value 4294967296 does not fit in u32"
override f: f32 = 1e39; // ERROR "value 1e+39 is outside the finite range of f32"
override g = clamp(a, 2, 1); // ERROR "clamp: low is greater than high"
override h = vec2(a, a).x;
override i = select(a, 3, true);
override j = array(a, 2)[1];
override k = arr_len;
const arr_len = 4;
override l: bool = a > 0 && b < 10;
override m = f32(a) * 0.5;
override bad_index = array(a, 2)[2]; // ERROR "index 2 is out of bounds for array<i32, 2>"
override not_scalar = vec2(a, a); // ERROR "override 'not_scalar' must have a concrete scalar type (bool, i32, u32, f32 or f16), not vec2<i32>"

@compute @workgroup_size(a + 1)
fn main() {
	_ = b;
	let x = a / 0; // ERROR "integer division by zero"
	var wg: array<i32, 4>;
	_ = wg[a];
}
