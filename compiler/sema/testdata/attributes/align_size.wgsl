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

struct AlignZero { @align(0) a: f32 } // ERROR "@align must be a positive power of two, got 0"
struct AlignNotPow2 { @align(3) a: f32 } // ERROR "@align(3) on member 'a' of struct 'AlignNotPow2' is not a positive power of two; use @align(4)"
struct AlignNegative { @align(-4) a: f32 } // ERROR "@align must be a positive power of two, got -4"
struct AlignTooSmall { @align(2) a: f32 } // ERROR "@align(2) on member 'a' of struct 'AlignTooSmall' is not a multiple of 4, the alignment of its type f32; use @align(4)"
struct AlignTooSmallVec { @align(8) a: vec3f } // ERROR "@align(8) on member 'a' of struct 'AlignTooSmallVec' is not a multiple of 16, the alignment of its type vec3<f32>; use @align(16)"
struct AlignFloat { @align(4.0) a: f32 } // ERROR "attribute '@align' needs an integer argument, not AbstractFloat"
struct SizeZero { @size(0) a: f32 } // ERROR "@size must be positive, got 0"
struct SizeTooSmall { @size(2) a: f32 } // ERROR "@size(2) on member 'a' of struct 'SizeTooSmall' is smaller than 4, the size of its type f32; use @size(4) or larger"
struct SizeTooSmallVec { @size(8) a: vec3f } // ERROR "@size(8) on member 'a' of struct 'SizeTooSmallVec' is smaller than 12, the size of its type vec3<f32>; use @size(12) or larger"
struct SizeRuntime { @size(16) a: array<f32> } // ERROR "@size cannot be applied to member 'a' of struct 'SizeRuntime': the size of its type array<f32> is not known at shader creation"
override ov = 16;
struct AlignOverride { @align(ov) a: f32 } // ERROR "attribute '@align' needs a const-expression argument"
