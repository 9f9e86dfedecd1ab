// Alias analysis: no call may pass aliased memory views where one is written (spec
// "Alias Analysis", example "Alias analysis").

var<private> x: i32 = 0;

fn f1(p1: ptr<function, i32>, p2: ptr<function, i32>) { *p1 = *p2; }
fn f2(p1: ptr<function, i32>, p2: ptr<function, i32>) { f1(p1, p2); }
fn f4(p1: ptr<function, i32>, p2: ptr<function, i32>) -> i32 { return *p1 + *p2; }
fn f6(p: ptr<private, i32>) { x = *p; }
fn f7(p: ptr<private, i32>) -> i32 { return x + *p; }
fn f9(p: ptr<private, i32>) { *p = x; }
fn f10(p: ptr<private, i32>) { *p = 1; }

fn ok() {
	var a: i32 = 0;
	var b: i32 = 0;
	f2(&a, &b);
	let c = f4(&a, &a);
	let d = f7(&x);
	var y = 0;
	f1(&y, &a);
	_ = c + d;
}

fn f3() { var a: i32 = 0; f2(&a, &a); } // ERROR "arguments 'p1' and 'p2' of 'f2' both point into 'a', and 'f2' writes through one of them (aliasing)"
fn f8() { f6(&x); } // ERROR "argument 'p' of 'f6' points into 'x', which 'f6' writes directly while reading through the pointer (aliasing)"
fn f11() { f9(&x); } // ERROR "argument 'p' of 'f9' points into 'x', which 'f9' also accesses directly while writing through the pointer (aliasing)"
fn f12() { var a: i32 = 0; let p = &a; f1(p, &a); } // ERROR "arguments 'p1' and 'p2' of 'f1' both point into 'a', and 'f1' writes through one of them (aliasing)"
fn f13() { f10(&x); }

// A function that touches many globals (its sets are indexed past sixteen) is checked alike.
var<private> v0: i32;
var<private> v1: i32;
var<private> v2: i32;
var<private> v3: i32;
var<private> v4: i32;
var<private> v5: i32;
var<private> v6: i32;
var<private> v7: i32;
var<private> v8: i32;
var<private> v9: i32;
var<private> v10: i32;
var<private> v11: i32;
var<private> v12: i32;
var<private> v13: i32;
var<private> v14: i32;
var<private> v15: i32;
var<private> v16: i32;
var<private> v17: i32;
var<private> v18: i32;
var<private> v19: i32;
fn many(p: ptr<private, i32>) { v0 = 1; v1 = 1; v2 = 1; v3 = 1; v4 = 1; v5 = 1; v6 = 1; v7 = 1; v8 = 1; v9 = 1; v10 = 1; v11 = 1; v12 = 1; v13 = 1; v14 = 1; v15 = 1; v16 = 1; v17 = 1; v18 = 1; v19 = 1; *p = 2; }
fn many_callee(p: ptr<private, i32>) { many(p); }
fn f14() { many_callee(&v0); } // ERROR "argument 'p' of 'many_callee' points into 'v0', which 'many_callee' also accesses directly while writing through the pointer (aliasing)"
fn f15() { many_callee(&v19); } // ERROR "argument 'p' of 'many_callee' points into 'v19', which 'many_callee' also accesses directly while writing through the pointer (aliasing)"
