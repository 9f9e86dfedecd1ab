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

var<workgroup> both: array<array<i32, blockSize>, 2>; // ERRORx "override|footprint|element|fixed"
var<private> bad_address_space: array<i32, blockSize>; // ERRORx "override|workgroup|footprint"
struct S { a: array<f32, blockSize> } // ERRORx "override|footprint|member|fixed"

fn f() {
	let x = odds[0];
	odds[1] = evens[2];
	let p: ptr<workgroup, array<i32, blockSize>> = &evens;
	let q = &odds;
	var fn_var: array<i32, blockSize>; // ERRORx "override|workgroup|footprint|function"
	let whole = odds; // ERRORx "override|construct|footprint|load"
	_ = p;
	_ = q;
	_ = x;
}

fn assign_same() {
	odds = evens; // ERRORx "override|construct|assign|footprint"
}
fn assign_other() {
	evens_0 = odds; // ERRORx "cannot|mismatch|assign|override|construct"
}
fn ptr_mismatch() {
	let p: ptr<workgroup, array<i32, blockSize>> = &evens_1; // ERRORx "cannot|mismatch|convert"
}
// A parenthesized count is not an identifier, so the types differ (spec "Array Types",
// example "Workgroup variables sized by overridable constants"); Tint accepts this.
fn ptr_paren_mismatch() {
	let p: ptr<workgroup, array<i32, blockSize>> = &evens_2; // ERRORx "cannot|mismatch|convert"
}
