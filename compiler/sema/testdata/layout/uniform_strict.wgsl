// Without uniform_buffer_standard_layout, uniform buffers need 16-byte array strides,
// 16-byte alignment of structure members, and 16 bytes after a structure member
// (spec "Address Space Layout Constraints"). This compiler applies these rules unless
// the module requires uniform_buffer_standard_layout or the checker's
// UniformStandardLayout option is set; Tint supports the language extension, so it
// accepts this fixture (a language extension is available whenever the implementation
// supports it, spec "Language Extensions").

struct S { x: f32 }
struct Valid { a: S, @align(16) b: f32 }
struct wrapped_f32 { @size(16) elem: f32 }

struct Invalid { a: S, b: f32 } @group(0) @binding(0) var<uniform> invalid: Invalid; // ERROR "uniform buffer member 'b' of struct 'Invalid' at offset 4 is 4 bytes after member 'a' of structure type 'S', but must be at least 16 bytes after it (uniform address space: roundUp(16, SizeOf(S))); add @align(16) to 'b' or @size(16) to 'a', or require uniform_buffer_standard_layout"
@group(0) @binding(1) var<uniform> valid: Valid;
struct small_stride { a: array<f32, 8> } @group(0) @binding(2) var<uniform> small: small_stride; // ERROR "uniform buffer member 'a' of struct 'small_stride' at offset 0 has array type array<f32, 8> whose stride 4 is not a multiple of 16 (uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout"
struct big_stride { a: array<wrapped_f32, 8> } @group(0) @binding(3) var<uniform> big: big_stride;
struct vec2_array { a: array<vec2f, 4> } @group(0) @binding(4) var<uniform> v2: vec2_array; // ERROR "uniform buffer member 'a' of struct 'vec2_array' at offset 0 has array type array<vec2<f32>, 4> whose stride 8 is not a multiple of 16 (uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout"
struct vec3_array { a: array<vec3f, 4> } @group(0) @binding(5) var<uniform> v3: vec3_array;
struct mat3x2_array { a: array<mat3x2f, 2> } @group(0) @binding(6) var<uniform> m32: mat3x2_array; // ERROR "uniform buffer member 'a' of struct 'mat3x2_array' at offset 0 has array type array<mat3x2<f32>, 2> whose stride 24 is not a multiple of 16 (uniform address space); use an array of a struct with a member of type mat3x2<f32> and @size(32), or require uniform_buffer_standard_layout"
struct mat4x2_array { a: array<mat4x2f, 2> } @group(0) @binding(7) var<uniform> m42: mat4x2_array;
struct unaligned_struct_member { a: f32, s: S } @group(0) @binding(8) var<uniform> unaligned: unaligned_struct_member; // ERROR "uniform buffer member 's' of struct 'unaligned_struct_member' at offset 4 has structure type S, which must be at an offset that is a multiple of 16 (uniform address space: roundUp(16, AlignOf(S))); add @align(16) to 's', or require uniform_buffer_standard_layout"
struct aligned_struct_member { a: f32, @align(16) s: S } @group(0) @binding(9) var<uniform> aligned: aligned_struct_member;
struct nested_ok { a: vec4f, v: Valid, b: vec4f } @group(0) @binding(10) var<uniform> nested: nested_ok;
struct padded_ok { @size(16) s: S, pad: f32 } @group(0) @binding(11) var<uniform> padded: padded_ok;
@group(0) @binding(12) var<uniform> top_level_array: array<f32, 4>; // ERROR "uniform buffer has array type array<f32, 4> whose stride 4 is not a multiple of 16 (uniform address space); use an array of vec4<f32> or a struct with @size(16), or require uniform_buffer_standard_layout"
@group(0) @binding(13) var<uniform> top_level_vec4_array: array<vec4f, 4>;
@group(0) @binding(14) var<uniform> scalar: f32;

// The same types are fine in storage buffers.
@group(1) @binding(0) var<storage> s_invalid: Invalid;
@group(1) @binding(1) var<storage> s_small: small_stride;
@group(1) @binding(2) var<storage> s_v2: vec2_array;
@group(1) @binding(3) var<storage> s_m32: mat3x2_array;
@group(1) @binding(4) var<storage> s_unaligned: unaligned_struct_member;
