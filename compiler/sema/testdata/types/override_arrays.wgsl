// Arrays sized by override-expressions: only as workgroup memory views; same type only
// when counts are the same override identifier (spec "Array Types", example
// "Workgroup variables sized by overridable constants").

override blockSize = 16;
var<workgroup> odds: array<i32, blockSize>;
var<workgroup> evens: array<i32, blockSize>;
var<workgroup> evens_0: array<i32, 16>;
var<workgroup> evens_1: array<i32, (blockSize * 2 / 2)>;
var<workgroup> evens_2: array<i32, (blockSize)>;
var<workgroup> of_atomics: array<atomic<u32>, blockSize>;

var<workgroup> both: array<array<i32, blockSize>, 2>; // ERROR "array element type array<i32, blockSize> must have a fixed size"
var<private> bad_address_space: array<i32, blockSize>; // ERROR "override-sized arrays are only allowed in the workgroup address space"
struct S { a: array<f32, blockSize> } // ERROR "member 'a' has type array<f32, blockSize>, which cannot be a structure member"

fn f() {
	let x = odds[0];
	odds[1] = evens[2];
	let p: ptr<workgroup, array<i32, blockSize>> = &evens;
	let q = &odds;
	var fn_var: array<i32, blockSize>; // ERROR "override-sized arrays are only allowed in the workgroup address space"
	let whole = odds; // ERROR "cannot load a value of type array<i32, blockSize> (it is not constructible)"
	_ = p;
	_ = q;
	_ = x;
}

fn assign_same() {
	odds = evens; // ERROR "cannot assign a value of type array<i32, blockSize> (it is not constructible)" ERROR "cannot load a value of type array<i32, blockSize> (it is not constructible)"
}
fn assign_other() {
	evens_0 = odds; // ERROR "cannot load a value of type array<i32, blockSize> (it is not constructible)"
}
fn ptr_mismatch() {
	let p: ptr<workgroup, array<i32, blockSize>> = &evens_1; // ERROR "cannot use a value of type ptr<workgroup, array<i32, (blockSize * 2 / 2)>> as ptr<workgroup, array<i32, blockSize>> to initialize 'p'"
}
// A parenthesized count is not an identifier, so the types differ (spec "Array Types",
// example "Workgroup variables sized by overridable constants"); Tint accepts this.
fn ptr_paren_mismatch() {
	let p: ptr<workgroup, array<i32, blockSize>> = &evens_2; // ERROR "cannot use a value of type ptr<workgroup, array<i32, (blockSize)>> as ptr<workgroup, array<i32, blockSize>> to initialize 'p'"
}
