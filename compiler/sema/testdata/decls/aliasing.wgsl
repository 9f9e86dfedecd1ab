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
