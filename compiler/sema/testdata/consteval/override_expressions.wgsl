// Override-expressions: errors detectable from const-expression operands are
// shader-creation errors; others wait for pipeline creation
// (spec "override Expressions").

override a: i32 = 0;
override b = 1 / a;
override c = a / 0; // ERRORx "zero|divi"
override d = a << 32u; // ERRORx "bit width|32|shift"
override e: u32 = 4294967296; // ERRORx "cannot|represent|range|fit"
override f: f32 = 1e39; // ERRORx "cannot|represent|range|overflow|fit"
override g = clamp(a, 2, 1); // ERRORx "clamp|low|high|greater"
override h = vec2(a, a).x;
override i = select(a, 3, true);
override j = array(a, 2)[1];
override k = arr_len;
const arr_len = 4;
override l: bool = a > 0 && b < 10;
override m = f32(a) * 0.5;
override bad_index = array(a, 2)[2]; // ERRORx "bounds|range|index|2"
override not_scalar = vec2(a, a); // ERRORx "scalar"

@compute @workgroup_size(a + 1)
fn main() {
	_ = b;
	let x = a / 0; // ERRORx "zero|divi"
	var wg: array<i32, 4>;
	_ = wg[a];
}
