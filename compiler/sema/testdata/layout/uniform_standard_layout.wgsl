// With uniform_buffer_standard_layout required, uniform buffers follow the storage
// layout constraints (spec "Language Extensions", "Address Space Layout Constraints").
requires uniform_buffer_standard_layout;

struct S { x: f32 }
struct Invalid { a: S, b: f32 }
struct small_stride { a: array<f32, 8> }
struct vec2_array { a: array<vec2f, 4> }
struct unaligned_struct_member { a: f32, s: S }

@group(0) @binding(0) var<uniform> invalid: Invalid;
@group(0) @binding(1) var<uniform> small: small_stride;
@group(0) @binding(2) var<uniform> v2: vec2_array;
@group(0) @binding(3) var<uniform> unaligned: unaligned_struct_member;
@group(0) @binding(4) var<uniform> top_level_array: array<f32, 4>;
