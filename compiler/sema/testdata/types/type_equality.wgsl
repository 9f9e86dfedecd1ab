// Type equality: structures by name, arrays by element type and count value, aliases
// are the aliased type (spec "Structure Types", "Array Types", "Type Aliases").

struct A { x: i32 }
struct B { x: i32 }
alias AA = A;
alias Arr4 = array<i32, 4>;
const four = 4u;

fn f() {
	var a: A;
	var aa: AA = a;
	var arr: Arr4 = array<i32, four>();
	var arr2: array<i32, 2 + 2> = arr;
	var v: vec3<f32> = vec3f();
	var m: mat2x2<f32> = mat2x2f();
	aa = a;
	arr = arr2;
	_ = v; _ = m;
	var b: B = a; // ERROR "cannot use a value of type A as B to initialize 'b'"
	var arr5: array<i32, 5> = arr; // ERROR "cannot use a value of type array<i32, 4> as array<i32, 5> to initialize 'arr5'"
	var arru: array<u32, 4> = arr; // ERROR "cannot use a value of type array<i32, 4> as array<u32, 4> to initialize 'arru'"
	var vi: vec3<i32> = v; // ERROR "cannot use a value of type vec3<f32> as vec3<i32> to initialize 'vi'"
}
