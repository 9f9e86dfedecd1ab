// Const-expressions in types and attributes: array counts, attribute arguments,
// case selectors (spec "const Expressions", "Array Types", "Attributes").

const n = 3;
const half = n / 2;
struct S { @align(n * 4 + 4) a: f32, @size(n * 8) b: vec2f, c: array<i32, n * 2> }
@group(0) @binding(0) var<storage> s: S;
var<private> arr: array<f32, half + 1>;
@compute @workgroup_size(n, half, 1u + 1u)
fn main(@builtin(local_invocation_index) i: u32) {
	let a: array<f32, 2> = arr;
	switch i { case n, n + 1 { } case 0u { } default { } }
	_ = a;
	_ = s.c[5];
	let oob = s.c[n * 2]; // ERROR "index 6 is out of bounds for array<i32, 6>"
}
