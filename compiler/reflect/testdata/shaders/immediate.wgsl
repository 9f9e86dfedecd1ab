// Immediate data: a structure in a compute shader, a vector shared by a vertex and a
// fragment shader.
requires immediate_address_space;

struct Push { scale: f32, offset: vec3f, count: u32 }
var<immediate> push: Push;
var<immediate> tint: vec4f;

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1) fn main() { out[push.count] = push.scale + push.offset.z; }

@vertex fn vs() -> @builtin(position) vec4f { return tint; }
@fragment fn fs() -> @location(0) vec4f { return tint * 2.0; }
