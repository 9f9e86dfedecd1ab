// With `enable f16;` the f16 type, its vectors and matrices, the `h` suffix and the
// predeclared aliases are available (spec "Floating Point Types", "Predeclared Types").
enable f16;

alias H = f16;
var<private> a: f16 = 1.5h;
var<private> b: vec2<f16> = vec2(1, 2);
var<private> c: vec3h;
var<private> d: mat2x2h = mat2x2h(1, 2, 3, 4);
var<private> m: mat4x3<f16>;
const e = 1.0h;
const g = 65504h;
const small = 6.1035156e-5h;
struct S { m: f16, v: vec4h }
@group(0) @binding(0) var<storage, read_write> buf: array<S>;

fn f(x: f16) -> f16 {
	let y: f16 = 2;
	let z = x * y + e;
	let w = f16(1.5f) + f16(2i);
	return z + w + c.x + d[0][1] + m[3].z;
}

const too_large = 65520h; // ERROR "literal 65520h: value 65520 is not representable in f16"
const too_large_af: f16 = 65520.0; // ERROR "value 65520.0 is outside the finite range of f16"
fn g1() { let bad = 1.0h + 1.0f; } // ERROR "no matching overload for operator '+' with operands f16 and f32"
fn g2() { let bad: f32 = 1.0h; } // ERROR "cannot use a value of type f16 as f32 to initialize 'bad'"
