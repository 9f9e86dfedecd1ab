// Runtime-sized arrays of structures: after a header (the last member of a structure) and as
// a whole binding; one invocation per element, as many as arrayLength counts in the bound
// range.

struct Item {
  pos: vec3<f32>,     // offset 0
  id: u32,            // 12
  vel: vec3<f32>,     // 16
  m: mat2x2<f32>,     // 32; size 48
}

struct Bag {
  count: u32,         // offset 0
  scale: vec3<f32>,   // 16
  items: array<Item>, // 32, stride 48
}

@group(0) @binding(0) var<storage, read> bag_in: Bag;
@group(0) @binding(1) var<storage, read_write> bag_out: Bag;
@group(0) @binding(2) var<storage, read> items_in: array<Item>;
@group(0) @binding(3) var<storage, read_write> items_out: array<Item>;

fn item(it: Item) -> Item {
  return Item(it.pos * 2.0 + 1.0, it.id * 2u + 1u, it.vel * 2.0 + 1.0, it.m * 2.0 + mat2x2<f32>(1.0, 1.0, 1.0, 1.0));
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i == 0u) {
    bag_out.count = bag_in.count * 2u + 1u;
    bag_out.scale = bag_in.scale * 2.0 + 1.0;
  }
  if (i < arrayLength(&bag_out.items)) {
    bag_out.items[i] = item(bag_in.items[i]);
  }
  if (i < arrayLength(&items_out)) {
    items_out[i] = item(items_in[i]);
  }
}
