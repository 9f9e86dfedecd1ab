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
  b : f32; // ERRORx "offset"
};
[[group(0), binding(1)]] var<storage> missing_offset : MissingOffset;

[[block]] struct Overlap {
  [[offset(0)]] a : vec2<f32>;
  [[offset(4)]] b : f32; // ERRORx "overlap|offset|align"
};
[[group(0), binding(2)]] var<storage> overlap : Overlap;

[[block]] struct Misaligned {
  [[offset(0)]] a : f32;
  [[offset(4)]] b : vec2<f32>; // ERRORx "align|offset|multiple"
};
[[group(0), binding(3)]] var<storage> misaligned : Misaligned;

[[block]] struct Vec3Misaligned {
  [[offset(0)]] a : f32;
  [[offset(8)]] b : vec3<f32>; // ERRORx "align|offset|multiple"
};
[[group(0), binding(4)]] var<storage> vec3_misaligned : Vec3Misaligned;

[[block]] struct OutOfOrder {
  [[offset(8)]] a : f32;
  [[offset(0)]] b : f32; // ERRORx "overlap|order|offset"
};
[[group(0), binding(5)]] var<storage> out_of_order : OutOfOrder;

[[block]] struct SmallStride {
  [[offset(0)]] a : [[stride(4)]] array<vec2<f32>, 4>; // ERRORx "stride"
};
[[group(0), binding(6)]] var<storage> small_stride : SmallStride;

[[block]] struct UnalignedStride {
  [[offset(0)]] a : [[stride(12)]] array<vec2<f32>, 4>; // ERRORx "stride|align|multiple"
};
[[group(0), binding(7)]] var<storage> unaligned_stride : UnalignedStride;

[[block]] struct UniformStride {
  [[offset(0)]] a : [[stride(4)]] array<f32, 4>; // ERRORx "stride|16|uniform"
};
[[group(0), binding(8)]] var<uniform> uniform_stride : UniformStride;
[[block]] struct StorageStride4 {
  [[offset(0)]] a : [[stride(4)]] array<f32, 4>;
};
[[group(0), binding(9)]] var<storage> storage_stride : StorageStride4;

[[block]] struct NoStride {
  [[offset(0)]] a : array<f32>; // ERRORx "stride"
};
[[group(0), binding(10)]] var<storage> no_stride : NoStride;

[[block]] struct ZeroStride {
  [[offset(0)]] a : [[stride(0)]] array<f32, 2>; // ERRORx "stride|positive|greater"
};
[[group(0), binding(11)]] var<storage> zero_stride : ZeroStride;

[[block]] struct Inner {
  [[offset(0)]] x : f32;
};
struct ContainsBlock {
  [[offset(0)]] inner : Inner; // ERRORx "block|member"
};
type BlockArray = [[stride(16)]] array<Inner, 2>; // ERRORx "block|element|array"

[[stage(compute)]]
fn main() -> void {
  var x : f32 = good.a + missing_offset.a + overlap.b + misaligned.a + vec3_misaligned.a;
  x = out_of_order.a + small_stride.a[0].x + unaligned_stride.a[0].x + uniform_stride.a[0];
  x = storage_stride.a[0] + no_stride.a[0] + zero_stride.a[0];
}
