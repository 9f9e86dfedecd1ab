// Structure member access and matrix/array indexing (spec "Structure Access
// Expression", "Matrix Access Expression", "Array Access Expression").

struct Inner { v: vec3f, arr: array<i32, 4> }
struct Outer { inner: Inner, m: mat2x3f, count: u32 }

fn f(i: i32) {
	var o: Outer;
	let x: f32 = o.inner.v.y;
	let y: i32 = o.inner.arr[i];
	let col: vec3f = o.m[1];
	let elem: f32 = o.m[1][2];
	let elem2: f32 = o.m[i].z;
	o.inner.arr[3] = 4;
	o.m[0] = vec3(1.0);
	o.m[1][0] = 2.0;
	let value = Outer();
	let from_value: vec3f = value.inner.v;
	_ = x; _ = y; _ = col; _ = elem; _ = elem2; _ = from_value;

	let missing = o.inner.w; // ERROR "structure Inner has no member 'w'; its members are v and arr"
	let index_struct = o[0]; // ERROR "cannot index a value of type Outer"
	let member_of_array = o.inner.arr.length; // ERROR "value of type array<i32, 4> has no member 'length'"
	let index_scalar = o.count[0]; // ERROR "cannot index a value of type u32"
	let index_mat_twice_vec = o.m[0][0][0]; // ERROR "cannot index a value of type f32"
}
