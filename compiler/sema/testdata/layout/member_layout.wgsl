// Member offsets, alignments and sizes follow AlignOf/SizeOf; @align and @size adjust
// them within their rules (spec "Alignment and Size", "Structure Member Layout").
enable f16;

struct A {                          //             align(8)  size(24)
	u: f32,                         // offset(0)   align(4)  size(4)
	v: f32,                         // offset(4)   align(4)  size(4)
	w: vec2<f32>,                   // offset(8)   align(8)  size(8)
	x: f32,                         // offset(16)  align(4)  size(4)
}
struct B {                          //             align(16) size(160)
	a: vec2<f32>,                   // offset(0)   align(8)  size(8)
	b: vec3<f32>,                   // offset(16)  align(16) size(12)
	c: f32,                         // offset(28)  align(4)  size(4)
	d: f32,                         // offset(32)  align(4)  size(4)
	e: A,                           // offset(40)  align(8)  size(24)
	f: vec3<f32>,                   // offset(64)  align(16) size(12)
	g: array<A, 3>,                 // offset(80)  align(8)  size(72)
	h: i32,                         // offset(152) align(4)  size(4)
}
struct H {
	a: f16,
	b: vec3<f16>,
	@align(16) c: vec2<f16>,
	@size(6) d: f16,
	e: array<vec3h, 2>,
}
@group(0) @binding(0) var<storage> storage_buffer: array<B>;
@group(0) @binding(1) var<storage> f16_buffer: H;
@group(0) @binding(2) var<uniform> uniform_f16: vec4<f16>;
