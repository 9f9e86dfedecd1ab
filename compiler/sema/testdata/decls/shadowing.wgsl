// User declarations may reuse the names of predeclared objects and of module-scope
// declarations (spec "Declaration and Scope", example "Shadowing predeclared objects").

var<private> modf: f32 = 0.0;
fn min() -> u32 { return 0; }
const rgba8unorm = 12;
const x = 1;

fn f(x: f32) -> f32 {
	let res = min();
	let i32 = 4;
	let vec3 = i32 + 1;
	var y = x * 2.0;
	{
		let x = 3u;
		y += f32(x);
	}
	return y + f32(rgba8unorm + vec3) + modf;
}

fn g() {
	let r = modf(1.5); // ERROR "'modf' is not a function"
}

fn h() {
	let f32 = 1;
	var v: f32; // ERROR "'f32' is not a type"
}
