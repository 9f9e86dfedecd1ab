// Overrides: a literal default, a required one, an @id, and defaults that are
// override-expressions, which get a flag specialization constant (flagId).
override scale: f32 = 2.0;
@id(7) override count: u32;
override doubled: u32 = count * 2u;
@id(20) override gain: f32 = scale * 1.5;
override folded: i32 = 3 + 4;

struct Out { a: f32, b: u32, c: u32, d: f32, e: i32 }
@group(0) @binding(0) var<storage, read_write> out: Out;

@compute @workgroup_size(1)
fn main() {
  out = Out(scale, count, doubled, gain, folded);
}
