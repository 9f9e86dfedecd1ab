// The variables declared in one function take at most 8192 bytes together (spec "Limits"):
// every `var` of the function, in any block, reachable or not. Parameters, let-declarations
// and the variables of called functions do not count. The error is on the variable that
// brings the total over the limit. Tint accepts all of it (tint_test.go lists the lines).

fn at_limit() {
	var a: array<f32, 1024>;
	{
		var b: array<vec4f, 255>;
		var c: vec4u;
	}
}

fn over_limit(big: array<f32, 4096>) {
	var a: array<f32, 1024>;
	let b = a;
	var c = array<vec4f, 256>();
	var d: f32; // ERROR "the variables of function 'over_limit' take 8196 bytes with 'd' (4 bytes); the limit is 8192 bytes for the variables of a function"
	var e: f32;
	at_limit();
}

fn unreachable_counts() -> f32 {
	var a: array<vec2f, 1024>;
	return a[0].x;
	var late: mat2x2f; // ERROR "the variables of function 'unreachable_counts' take 8208 bytes with 'late' (16 bytes); the limit is 8192 bytes for the variables of a function" WARNING "code is unreachable"
}

fn one_huge() {
	var a = array<array<f32, 100>, 100>(); // ERROR "variable 'a' takes 40000 bytes; the limit is 8192 bytes for the variables of a function"
}
