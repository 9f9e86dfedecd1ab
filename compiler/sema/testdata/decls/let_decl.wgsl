// let-declarations: function scope only, concrete constructible or pointer type
// (spec "let Declarations"); textures and samplers with texture_and_sampler_let.

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> buf: array<atomic<u32>>;
var<private> pvar: array<f32, 4>;

fn f() {
	let a = 1;
	let b: f32 = 1;
	let c = vec3(1, 2, 3);
	let d: array<f32, 2> = array(1, 2.0);
	let p = &pvar;
	let q: ptr<private, f32> = &pvar[1];
	let tex = t;
	let smp = s;
	let e: u32 = -1; // ERROR "value -1 does not fit in u32"
	let atom = buf[0]; // ERROR "cannot load a value of type atomic<u32> (it is not constructible)"
	let rt = buf; // ERROR "cannot load a value of type array<atomic<u32>> (it is not constructible)"
	let untyped_mismatch: i32 = 1u; // ERROR "cannot use a value of type u32 as i32 to initialize 'untyped_mismatch'"
	_ = f32(a + c.x) + b + d[0] + (*p)[0] + *q;
}
