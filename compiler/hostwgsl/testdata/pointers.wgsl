// Pointers: members and elements reached through a pointer without `*`
// (pointer_composite_access), and compound assignments through pointer parameters, which
// gogpu/naga writes no SPIR-V for.
struct Acc {
  sum: f32,
  items: array<u32, 4>,
}

@group(0) @binding(0) var<storage, read_write> out: array<u32, 16>;
@group(0) @binding(1) var<storage, read> input: array<u32, 8>;

fn add(p: ptr<function, Acc>, x: u32) {
  p.sum += f32(x);
  p.items[x % 4u] += x;
}

fn bump(p: ptr<function, u32>, q: ptr<private, i32>) {
  *p += 3u;
  (*p)++;
  *q -= 2;
  (*q)--;
}

var<private> g = 10;

@compute @workgroup_size(1)
fn main() {
  var acc: Acc;
  for (var i = 0u; i < 8u; i++) {
    add(&acc, input[i]);
  }
  var n = input[0];
  bump(&n, &g);
  let pa = &acc;
  out[0] = bitcast<u32>(pa.sum);
  out[1] = pa.items[0] + pa.items[1] + pa.items[2] + pa.items[3];
  out[2] = n;
  out[3] = bitcast<u32>(g);
}
