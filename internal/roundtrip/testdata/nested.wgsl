// Nested structures in a uniform buffer: structure members start at multiples of 16 (an
// @align(16) where the structure's own alignment is 8), and the member after a structure
// starts at least roundUp(16, its size) later.

struct Inner { v: vec3<f32>, s: f32 }       // size 16, align 16
struct Pair { a: f32, b: vec2<f32> }        // size 16, align 8
struct Middle {
  x: u32,                                   // offset 0
  inner: Inner,                             // 16
  arr: array<Inner, 2>,                     // 32
  y: f32,                                   // 64; size 80
}
struct Outer {
  head: f32,                                // offset 0
  m: Middle,                                // 16
  @align(16) pair: Pair,                    // 96
  z: i32,                                   // 112
  deep: array<Middle, 2>,                   // 128, stride 80
  w: vec2<u32>,                             // 288; size 304
}

@group(0) @binding(0) var<uniform> u_in: Outer;
@group(0) @binding(1) var<storage, read_write> u_out: Outer;

fn inner(i: Inner) -> Inner { return Inner(i.v * 2.0 + 1.0, i.s * 2.0 + 1.0); }

fn middle(m: Middle) -> Middle {
  return Middle(m.x * 2u + 1u, inner(m.inner), array(inner(m.arr[0]), inner(m.arr[1])), m.y * 2.0 + 1.0);
}

@compute @workgroup_size(1)
fn main() {
  u_out.head = u_in.head * 2.0 + 1.0;
  u_out.m = middle(u_in.m);
  u_out.pair = Pair(u_in.pair.a * 2.0 + 1.0, u_in.pair.b * 2.0 + 1.0);
  u_out.z = u_in.z * 2 + 1;
  u_out.deep[0] = middle(u_in.deep[0]);
  u_out.deep[1] = middle(u_in.deep[1]);
  u_out.w = u_in.w * 2u + 1u;
}
