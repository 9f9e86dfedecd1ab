// Overrides, which naga 0.19 and gogpu/naga read only once the host has made them consts:
// in a workgroup size, in a workgroup array's count, in expressions and in the defaults of
// other overrides.
@id(3) override width: u32 = 4u;
override height = 2u;
override area = width * height;
override gain: f32 = 1.5;
override enabled = true;

var<workgroup> tile: array<f32, area - 1u>;

@group(0) @binding(0) var<storage, read_write> out: array<f32, 16>;

@compute @workgroup_size(width, height)
fn main(@builtin(local_invocation_index) i: u32) {
  if i < area - 1u {
    tile[i] = f32(i) * gain;
  }
  workgroupBarrier();
  if i == 0u && enabled {
    for (var k = 0u; k < area - 1u; k++) {
      out[k] = tile[k] + f32(area);
    }
  }
}
