// Explicit layouts: structures used by uniform and storage buffers carry [[offset]] on
// every member, arrays in them carry [[stride]]; members do not overlap and are
// aligned, strides cover and align their elements, uniform strides are multiples of
// 16, runtime arrays have a stride (seed §3.3.8, §3.4.4, §3.4.6.3, v-0032).

[[block]] struct Good {
  [[offset(0)]] a : f32;
  [[offset(16)]] b : vec3<f32>;
  [[offset(28)]] c : f32;
  [[offset(32)]] d : [[stride(16)]] array<vec4<f32>, 2>;
  [[offset(64)]] e : mat2x2<f32>;
};
[[group(0), binding(0)]] var<uniform> good : Good;

[[block]] struct MissingOffset {
  [[offset(0)]] a : f32;
  b : f32; // ERROR "member 'b' of structure 'MissingOffset' needs [[offset(4)]]: the members of buffer structures have explicit offsets in the 2021 draft"
};
[[group(0), binding(1)]] var<storage> missing_offset : MissingOffset;

[[block]] struct Overlap {
  [[offset(0)]] a : vec2<f32>;
  [[offset(4)]] b : f32; // ERROR "[[offset(4)]] of member 'b' of struct 'Overlap' overlaps member 'a' (offset 0, size 8): members must be laid out in declaration order without overlap; use [[offset(8)]] or larger"
};
[[group(0), binding(2)]] var<storage> overlap : Overlap;

[[block]] struct Misaligned {
  [[offset(0)]] a : f32;
  [[offset(4)]] b : vec2<f32>; // ERROR "[[offset(4)]] of member 'b' of struct 'Misaligned' is not a multiple of 8, the alignment of its type vec2<f32>; use [[offset(8)]]"
};
[[group(0), binding(3)]] var<storage> misaligned : Misaligned;

[[block]] struct Vec3Misaligned {
  [[offset(0)]] a : f32;
  [[offset(8)]] b : vec3<f32>; // ERROR "[[offset(8)]] of member 'b' of struct 'Vec3Misaligned' is not a multiple of 16, the alignment of its type vec3<f32>; use [[offset(16)]]"
};
[[group(0), binding(4)]] var<storage> vec3_misaligned : Vec3Misaligned;

[[block]] struct OutOfOrder {
  [[offset(8)]] a : f32;
  [[offset(0)]] b : f32; // ERROR "[[offset(0)]] of member 'b' of struct 'OutOfOrder' overlaps member 'a' (offset 8, size 4): members must be laid out in declaration order without overlap; use [[offset(12)]] or larger"
};
[[group(0), binding(5)]] var<storage> out_of_order : OutOfOrder;

[[block]] struct SmallStride {
  [[offset(0)]] a : [[stride(4)]] array<vec2<f32>, 4>; // ERROR "[[stride(4)]] of @stride(4) array<vec2<f32>, 4> is smaller than 8, the size of its element type vec2<f32>; use [[stride(8)]] or larger"
};
[[group(0), binding(6)]] var<storage> small_stride : SmallStride;

[[block]] struct UnalignedStride {
  [[offset(0)]] a : [[stride(12)]] array<vec2<f32>, 4>; // ERROR "[[stride(12)]] of @stride(12) array<vec2<f32>, 4> is not a multiple of 8, the alignment of its element type vec2<f32>; use [[stride(16)]]"
};
[[group(0), binding(7)]] var<storage> unaligned_stride : UnalignedStride;

[[block]] struct UniformStride {
  [[offset(0)]] a : [[stride(4)]] array<f32, 4>; // ERROR "uniform buffer member 'a' of struct 'UniformStride' at offset 0 has array type @stride(4) array<f32, 4> whose stride 4 is not a multiple of 16 (uniform address space); use [[stride(16)]], or require uniform_buffer_standard_layout"
};
[[group(0), binding(8)]] var<uniform> uniform_stride : UniformStride;
[[block]] struct StorageStride4 {
  [[offset(0)]] a : [[stride(4)]] array<f32, 4>;
};
[[group(0), binding(9)]] var<storage> storage_stride : StorageStride4;

[[block]] struct NoStride {
  [[offset(0)]] a : array<f32>; // ERROR "array type array<f32> in a buffer needs [[stride(4)]]: arrays in buffers have explicit strides in the 2021 draft"
};
[[group(0), binding(10)]] var<storage> no_stride : NoStride;

[[block]] struct ZeroStride {
  [[offset(0)]] a : [[stride(0)]] array<f32, 2>; // ERROR "array type array<f32, 2> in a buffer needs [[stride(4)]]: arrays in buffers have explicit strides in the 2021 draft" ERROR "[[stride]] must be positive, not 0"
};
[[group(0), binding(11)]] var<storage> zero_stride : ZeroStride;

[[block]] struct Inner {
  [[offset(0)]] x : f32;
};
struct ContainsBlock {
  [[offset(0)]] inner : Inner; // ERROR "[[block]] structure 'Inner' cannot be the type of a member"
};
type BlockArray = [[stride(16)]] array<Inner, 2>; // ERROR "[[block]] structure 'Inner' cannot be an array element type"

[[stage(compute)]]
fn main() -> void {
  var x : f32 = good.a + missing_offset.a + overlap.b + misaligned.a + vec3_misaligned.a;
  x = out_of_order.a + small_stride.a[0].x + unaligned_stride.a[0].x + uniform_stride.a[0];
  x = storage_stride.a[0] + no_stride.a[0] + zero_stride.a[0];
}
