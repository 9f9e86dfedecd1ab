// Uniform and storage buffer store types are host-shareable: no bool, no atomics in
// uniform buffers, no runtime-sized arrays in uniform buffers (spec "Host-shareable
// Types", "var Declarations").

struct Ok { a: f32, b: u32, c: vec3f, d: mat2x2f, e: array<vec4i, 2> }
var<private> private_bool: array<bool, 2>;
var<workgroup> workgroup_bool: array<bool, 4>;
@group(0) @binding(0) var<storage> ok_storage: Ok;
@group(0) @binding(1) var<uniform> ok_uniform: Ok;

@group(1) @binding(0) var<storage> bool_storage: bool; // ERROR "a storage buffer's type must be host-shareable, not bool"
@group(1) @binding(1) var<uniform> bool_uniform: vec2<bool>; // ERROR "a uniform buffer's type must be host-shareable and constructible, not vec2<bool>"
struct WithBool { a: f32, b: bool } @group(1) @binding(2) var<storage, read_write> struct_bool: WithBool; // ERROR "a storage buffer's type must be host-shareable, not WithBool"
@group(1) @binding(3) var<storage> array_bool: array<bool>; // ERROR "a storage buffer's type must be host-shareable, not array<bool>"
@group(1) @binding(4) var<uniform> uniform_runtime: array<vec4f>; // ERROR "a uniform buffer cannot hold a runtime-sized array like array<vec4<f32>>: declare var<storage, read> uniform_runtime"
@group(1) @binding(5) var<storage> storage_sampler: sampler; // ERROR "texture and sampler variables are declared without an address space"
