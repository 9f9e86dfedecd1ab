// Immediate data (push constants in native APIs) that a draw reads in its vertex and fragment
// stages: where the square goes, how big, its color. A compute entry point reads it too, which
// cogentcore/webgpu cannot serve: it has no way to set push constants in a compute pass.

requires immediate_address_space;

struct Push {
  offset: vec2<f32>,
  scale: f32,          // offset 8
  color: vec4<f32>,    // offset 16
}

var<immediate> push: Push;

@group(0) @binding(0) var<storage, read_write> colors: array<vec4<f32>>;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
  var corners = array<vec2<f32>, 6>(
    vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0),
    vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0),
  );
  return vec4<f32>(push.offset + corners[i] * push.scale, 0.0, 1.0);
}

@fragment
fn fs() -> @location(0) vec4<f32> {
  return push.color;
}

@compute @workgroup_size(1)
fn copy() {
  colors[0] = push.color;
}
