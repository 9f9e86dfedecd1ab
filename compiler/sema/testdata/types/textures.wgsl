// Texture types: sampled (f32, i32, u32), multisampled, external, storage (texel
// format, access) and depth (spec "Texture and Sampler Types").

@group(0) @binding(0) var t1d: texture_1d<f32>;
@group(0) @binding(1) var t2d: texture_2d<i32>;
@group(0) @binding(2) var t2da: texture_2d_array<u32>;
@group(0) @binding(3) var t3d: texture_3d<f32>;
@group(0) @binding(4) var tcube: texture_cube<f32>;
@group(0) @binding(5) var tcubea: texture_cube_array<i32>;
@group(0) @binding(6) var tms: texture_multisampled_2d<f32>;
@group(0) @binding(7) var text: texture_external;
@group(0) @binding(8) var td2d: texture_depth_2d;
@group(0) @binding(9) var td2da: texture_depth_2d_array;
@group(0) @binding(10) var tdcube: texture_depth_cube;
@group(0) @binding(11) var tdcubea: texture_depth_cube_array;
@group(0) @binding(12) var tdms: texture_depth_multisampled_2d;
@group(0) @binding(13) var ts1d: texture_storage_1d<rgba8unorm, write>;
@group(0) @binding(14) var ts2d: texture_storage_2d<rgba32float, read>;
@group(0) @binding(15) var ts2da: texture_storage_2d_array<r32uint, read_write>;
@group(0) @binding(16) var ts3d: texture_storage_3d<rgba16sint, write>;
@group(0) @binding(17) var tsf: texture_storage_2d<bgra8unorm, write>;
@group(0) @binding(18) var tsi: texture_storage_2d<r32sint, read_write>;
@group(0) @binding(19) var tsrg: texture_storage_2d<rg32float, write>;
@group(0) @binding(20) var tms_i: texture_multisampled_2d<i32>;

@group(1) @binding(0) var bad_sampled_bool: texture_2d<bool>; // ERROR "the sampled type of texture_2d must be f32, i32 or u32, not bool"
@group(1) @binding(1) var bad_sampled_vec: texture_2d<vec4f>; // ERROR "the sampled type of texture_2d must be f32, i32 or u32, not vec4<f32>"
@group(1) @binding(2) var bad_sampled_none: texture_2d; // ERROR "type generator 'texture_2d' needs template arguments, e.g. texture_2d<f32>"
@group(1) @binding(3) var bad_ms_u: texture_multisampled_2d<bool>; // ERROR "the sampled type of texture_multisampled_2d must be f32, i32 or u32, not bool"
@group(1) @binding(4) var bad_format: texture_storage_2d<rgb8unorm, write>; // ERROR "unknown texel format 'rgb8unorm'"
@group(1) @binding(5) var bad_storage_cube: texture_storage_cube<rgba8unorm, write>; // ERROR "unresolved type 'texture_storage_cube'"
@group(1) @binding(6) var no_access: texture_storage_2d<rgba8unorm>; // ERROR "'texture_storage_2d' takes two template arguments: texture_storage_2d<format, access>"
@group(1) @binding(7) var format_not_enum: texture_storage_2d<f32, write>; // ERROR "unknown texel format 'f32'"
@group(1) @binding(8) var access_not_enum: texture_storage_2d<rgba8unorm, function>; // ERROR "unknown access mode 'function' (want read, write or read_write)"
@group(1) @binding(9) var depth_templated: texture_depth_2d<f32>; // ERROR "type 'texture_depth_2d' does not take template arguments"
@group(1) @binding(10) var external_templated: texture_external<f32>; // ERROR "type 'texture_external' does not take template arguments"
@group(1) @binding(11) var sampled_f16: texture_2d<f16>; // ERROR "type 'f16' requires 'enable f16;'" ERROR "the sampled type of texture_2d must be f32, i32 or u32, not f16"
var<private> private_texture: texture_2d<f32>; // ERROR "texture and sampler variables are declared without an address space" ERROR "resource variable 'private_texture' needs both @group and @binding"

fn f() {
	var tex_var: texture_2d<f32>; // ERROR "texture_2d<f32> can only be declared as a module-scope variable without an address space"
}
