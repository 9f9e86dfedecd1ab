// More override rules: every concrete scalar type including f16, defaults from other
// overrides in any order, uses in function bodies and workgroup sizes (spec "override
// Declarations").
enable f16;

override a: f16 = 1.5h;
override b: bool;
override c = d * 2u;
override d: u32 = 3;
override e: i32 = i32(f32(d) * 1.5);
override wg = 64u;
@compute @workgroup_size(wg, d)
fn main() {
	let x: u32 = c + d;
	var arr: array<f32, 4>;
	let y = arr[d];
	if b { _ = a; }
	_ = x; _ = y; _ = e;
}
override ab: atomic<u32>; // ERROR "override 'ab' must have a concrete scalar type (bool, i32, u32, f32 or f16), not atomic<u32>"
override from_let = main_value; // ERROR "unresolved identifier 'main_value'"
@compute @workgroup_size(b) fn bool_size() {} // ERROR "@workgroup_size arguments must be i32 or u32, not bool"
