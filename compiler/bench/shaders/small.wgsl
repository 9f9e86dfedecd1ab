// Small: one storage buffer scaled in place.
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
    if id.x < arrayLength(&data) {
        data[id.x] = data[id.x] * 2.0 + 1.0;
    }
}
