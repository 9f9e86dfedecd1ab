// Composite types nest: vectors in arrays and structures, arrays of arrays, structures
// of structures, matrices in all of them (spec "Composite Types").

struct Leaf { v: vec3f, m: mat2x3f }
struct Mid { leaves: array<Leaf, 2>, flag: u32 }
struct Top { mids: array<array<Mid, 2>, 3>, tail: vec2i }
var<private> top: Top;

fn f() -> f32 {
	top.mids[2][1].leaves[0].m[1].z = 1.0;
	let arr: array<array<array<f32, 2>, 2>, 2> = array(array(array(1.0, 2.0), array(3.0, 4.0)), array(array(5.0, 6.0), array(7.0, 8.0)));
	let col: vec3f = top.mids[0][0].leaves[1].m[0];
	let elem: f32 = arr[1][0][1];
	let whole: Mid = top.mids[1][0];
	return col.x + elem + f32(whole.flag) + top.mids[2][1].leaves[0].v.y;
}
