// Structure types: at least one member, distinct member names, plain member types
// (spec "Structure Types").

struct Data {
	a: i32,
	b: vec2<f32>,
	c: array<i32, 10>,
}
var<private> some_data: Data;
struct Nested { d: Data, e: array<Data, 2>, f: mat3x3f, g: atomic<u32> }
var<workgroup> wg: Nested;

struct DupMember { x: i32, x: f32 } // ERROR "duplicate member 'x' in structure 'DupMember'"
struct WithPtr { p: ptr<private, i32> } // ERROR "member 'p' has type ptr<private, i32>, which cannot be a structure member"
struct WithTex { t: texture_2d<f32> } // ERROR "member 't' has type texture_2d<f32>, which cannot be a structure member"
struct WithSampler { s: sampler } // ERROR "member 's' has type sampler, which cannot be a structure member"
struct UndeclaredMember { u: Undeclared } // ERROR "unresolved type 'Undeclared'"
struct NotAType { v: some_data } // ERROR "'some_data' is not a type"

fn f() {
	var d: Data;
	d.a = 1;
	d.b = vec2(1.0, 2.0);
	d.c[9] = d.a;
	let missing = d.z; // ERROR "structure Data has no member 'z'; its members are a, b and c"
	let swizzle = d.ab; // ERROR "structure Data has no member 'ab'; its members are a, b and c"
	let same_name = Nested().d.a; // ERROR "cannot construct a value of type Nested: zero values exist only for concrete constructible types"
}
