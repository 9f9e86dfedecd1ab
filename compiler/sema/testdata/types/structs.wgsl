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

struct DupMember { x: i32, x: f32 } // ERRORx "duplicate|already|redecl|x"
struct WithPtr { p: ptr<private, i32> } // ERRORx "pointer|ptr|member|plain"
struct WithTex { t: texture_2d<f32> } // ERRORx "texture|member|plain"
struct WithSampler { s: sampler } // ERRORx "sampler|member|plain"
struct UndeclaredMember { u: Undeclared } // ERRORx "unresolved|undeclared|unknown|not declared"
struct NotAType { v: some_data } // ERRORx "type|var"

fn f() {
	var d: Data;
	d.a = 1;
	d.b = vec2(1.0, 2.0);
	d.c[9] = d.a;
	let missing = d.z; // ERRORx "no member|member|z|field"
	let swizzle = d.ab; // ERRORx "no member|member|ab|field"
	let same_name = Nested().d.a; // ERRORx "construct|atomic"
}
