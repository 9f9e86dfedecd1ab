// @align and @size on structure members: positive i32/u32 const-expressions; align a
// power of two and a multiple of the member's required alignment; size at least the
// member's size (spec "align", "size", "Memory Layout").

const four = 4;
struct Ok {
	@align(16) a: f32,
	@size(16) b: f32,
	@align(32) @size(64) c: vec4f,
	@align(four) d: i32,
	@size(four * 3) e: vec3u,
	@align(8u) f: vec2f,
	@size(12i) g: vec3f,
}
@group(0) @binding(0) var<storage> ok: Ok;

struct AlignZero { @align(0) a: f32 } // ERRORx "align|positive|power of 2|power of two"
struct AlignNotPow2 { @align(3) a: f32 } // ERRORx "align|power of 2|power of two"
struct AlignNegative { @align(-4) a: f32 } // ERRORx "align|positive|power of 2|power of two|negative"
struct AlignTooSmall { @align(2) a: f32 } // ERRORx "align|multiple|alignment|RequiredAlignOf"
struct AlignTooSmallVec { @align(8) a: vec3f } // ERRORx "align|multiple|alignment|RequiredAlignOf"
struct AlignFloat { @align(4.0) a: f32 } // ERRORx "align|integer|i32|u32"
struct SizeZero { @size(0) a: f32 } // ERRORx "size|positive|at least"
struct SizeTooSmall { @size(2) a: f32 } // ERRORx "size|at least|SizeOf|smaller"
struct SizeTooSmallVec { @size(8) a: vec3f } // ERRORx "size|at least|SizeOf|smaller"
struct SizeRuntime { @size(16) a: array<f32> } // ERRORx "size|runtime|fixed|footprint"
override ov = 16;
struct AlignOverride { @align(ov) a: f32 } // ERRORx "align|const"
