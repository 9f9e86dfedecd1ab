// Composite types nest at most 15 deep (spec "Limits"; NestDepth in "Composite Types": 1 for a
// vector, 2 for a matrix, one more per array or structure around them). A type too deep is
// reported once, where it is made; types built from it are not reported again. Tint's limit is
// 255, so it accepts every line here (tint_test.go lists them).

alias Vec15 = array<array<array<array<array<array<array<array<array<array<array<array<array<array<vec4f, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>;
alias Mat15 = array<array<array<array<array<array<array<array<array<array<array<array<array<mat2x2f, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>;
alias F15 = array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<f32, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>;
alias Vec16 = array<Vec15, 2>; // ERROR "array type has nesting depth 16 (15 arrays of vec4<f32>); composite types nest at most 15 deep"
alias Mat16 = array<array<array<array<array<array<array<array<array<array<array<array<array<array<mat2x2f, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>; // ERROR "array type has nesting depth 16 (14 arrays of mat2x2<f32>); composite types nest at most 15 deep"
alias F16 = array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<array<f32, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>; // ERROR "array type has nesting depth 16 (16 arrays of f32); composite types nest at most 15 deep"
alias Vec17 = array<Vec16, 2>;
var<private> uses_too_deep: Vec17;

struct S14 { a: f32, b: array<array<array<array<array<array<array<array<array<array<array<array<array<f32, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1> }
struct S15 { s: S14, v: vec2f }
struct S16 { a: f32, s: S15 } // ERROR "structure 'S16' has nesting depth 16 (structure S16 of structure S15 of structure S14 of 13 arrays of f32); composite types nest at most 15 deep"
struct S17 { s: S16 }
alias ArrayOfS15 = array<S15, 4>; // ERROR "array type has nesting depth 16 (array of structure S15 of structure S14 of 13 arrays of f32); composite types nest at most 15 deep"
struct HoldsMat15 { m: array<array<array<array<array<array<array<array<array<array<array<array<mat2x2f, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1> }
struct HoldsVec16 { m: array<array<array<array<array<array<array<array<array<array<array<array<array<array<vec4f, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1>, 1> } // ERROR "structure 'HoldsVec16' has nesting depth 16 (structure HoldsVec16 of 14 arrays of vec4<f32>); composite types nest at most 15 deep"

var<private> f15: F15;
var<private> s15: S15;
fn inferred() {
	let at_limit = array(f15[0], f15[0]);
	let over = array(f15, f15); // ERROR "the type of this array value constructor has nesting depth 16 (16 arrays of f32); composite types nest at most 15 deep"
	let spelled = array<F15, 1>(f15); // ERROR "array type has nesting depth 16 (16 arrays of f32); composite types nest at most 15 deep"
	let s = array(s15); // ERROR "the type of this array value constructor has nesting depth 16 (array of structure S15 of structure S14 of 13 arrays of f32); composite types nest at most 15 deep"
}
