// A read-modify-write of structures with padding: every member is read, changed and written
// back in place, and the padding bytes between and after them must keep what the host put
// there.

struct Item {
  position: vec3<f32>,      // offset 0
  flags: u32,               // offset 12, in the tail of position
  transform: mat3x3<f32>,   // offset 16: three columns of 12 bytes, each padded to 16
  scale: vec2<f32>,         // offset 64; 8 bytes of padding follow (size 80)
}

struct Items {
  count: u32,               // offset 0; 12 bytes of padding follow
  items: array<Item>,       // offset 16, stride 80
}

@group(0) @binding(0) var<storage, read_write> data: Items;

@compute @workgroup_size(8)
fn update(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  let n = arrayLength(&data.items);
  if (i >= n) {
    return;
  }
  var item = data.items[i];
  item.position = item.position * 2.0 + vec3<f32>(1.0, 2.0, 3.0);
  item.flags = item.flags ^ 0xffu;
  item.transform = transpose(item.transform);
  item.scale = item.scale.yx;
  data.items[i] = item;
  if (i == 0u) {
    data.count = n;
  }
}
