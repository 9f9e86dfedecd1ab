// Type aliases (spec "Type Aliases").

alias Arr = array<Vec, 5>;
alias Vec = vec3<f32>;
alias single = f32;
alias RTArr = array<vec4<f32>>;
alias Ptr = ptr<function, i32>;
alias F = f32;
alias Tex = texture_2d<f32>;
struct S { a: Arr, s: single }
@group(0) @binding(0) var<storage> data: RTArr;
@group(0) @binding(1) var tex: Tex;
const k: F = 1.0;

fn f(p: Ptr) -> F {
	*p = 1;
	let v = Vec(1, 2, 3);
	let a = Arr();
	let z = single(2);
	return v.x + a[4].y + z + k;
}

alias Bad = undeclared_type; // ERROR "unresolved type 'undeclared_type'"
alias NotType = k; // ERROR "'k' is not a type"
fn g() {
	let x: Vec = vec2f(); // ERROR "cannot use a value of type vec2<f32> as vec3<f32> to initialize 'x'"
	let y = F(true, 1); // ERROR "no matching overload for f32(bool, AbstractInt)"
}
alias Ambig = vec3; // ERROR "type generator 'vec3' needs template arguments, e.g. vec3<f32>"
