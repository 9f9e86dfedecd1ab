// Function-scope declarations shadow module-scope and predeclared names from the end
// of their declaration (spec "Declaration and Scope").

const c = 1;
fn helper() -> i32 { return 1; }

fn f(max: i32) -> i32 {
	let helper = 3;
	let c = 2.5;
	let vec3 = helper;
	let z: f32 = c;
	var x: i32 = vec3;
	{
		let x = 1u;
		_ = x;
	}
	let after_block: i32 = x;
	let i32 = 4u;
	let y: u32 = i32;
	_ = z; _ = after_block; _ = y;
	let call_shadowed = helper(); // ERROR "'helper' is not a function"
	let builtin_shadowed = max(1, 2); // ERROR "'max' is not a function"
	return 0;
}

fn g() {
	let before = c;
	let c = true;
	let after: bool = c;
	let before_typed: i32 = before;
	_ = after; _ = before_typed;
}

fn h() {
	let t: vec3<f32> = vec3(1.0);
	let vec3 = 1;
	let again = vec3<f32>(1.0); // ERROR "'vec3' is not a function"
}
