// Every texel format for storage textures, and the channel type textureLoad and
// textureStore use with it (spec "Texel Formats").

@group(0) @binding(0) var t0: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(1) var t1: texture_storage_2d<rgba8snorm, write>;
@group(0) @binding(2) var t2: texture_storage_2d<rgba8uint, write>;
@group(0) @binding(3) var t3: texture_storage_2d<rgba8sint, write>;
@group(0) @binding(4) var t4: texture_storage_2d<rgba16uint, write>;
@group(0) @binding(5) var t5: texture_storage_2d<rgba16sint, write>;
@group(0) @binding(6) var t6: texture_storage_2d<rgba16float, write>;
@group(0) @binding(7) var t7: texture_storage_2d<r32uint, write>;
@group(0) @binding(8) var t8: texture_storage_2d<r32sint, write>;
@group(0) @binding(9) var t9: texture_storage_2d<r32float, write>;
@group(0) @binding(10) var t10: texture_storage_2d<rg32uint, write>;
@group(0) @binding(11) var t11: texture_storage_2d<rg32sint, write>;
@group(0) @binding(12) var t12: texture_storage_2d<rg32float, write>;
@group(0) @binding(13) var t13: texture_storage_2d<rgba32uint, write>;
@group(0) @binding(14) var t14: texture_storage_2d<rgba32sint, write>;
@group(0) @binding(15) var t15: texture_storage_2d<rgba32float, write>;
@group(0) @binding(16) var t16: texture_storage_2d<bgra8unorm, write>;
@group(1) @binding(0) var u0: texture_storage_2d<rgba16unorm, write>;
@group(1) @binding(1) var u1: texture_storage_2d<rgba16snorm, write>;
@group(1) @binding(2) var u2: texture_storage_2d<rg8unorm, write>;
@group(1) @binding(3) var u3: texture_storage_2d<rg8snorm, write>;
@group(1) @binding(4) var u4: texture_storage_2d<rg8uint, write>;
@group(1) @binding(5) var u5: texture_storage_2d<rg8sint, write>;
@group(1) @binding(6) var u6: texture_storage_2d<rg16unorm, write>;
@group(1) @binding(7) var u7: texture_storage_2d<rg16snorm, write>;
@group(1) @binding(8) var u8: texture_storage_2d<rg16uint, write>;
@group(1) @binding(9) var u9: texture_storage_2d<rg16sint, write>;
@group(1) @binding(10) var u10: texture_storage_2d<rg16float, write>;
@group(1) @binding(11) var u11: texture_storage_2d<r8unorm, write>;
@group(1) @binding(12) var u12: texture_storage_2d<r8snorm, write>;
@group(1) @binding(13) var u13: texture_storage_2d<r8uint, write>;
@group(1) @binding(14) var u14: texture_storage_2d<r8sint, write>;
@group(1) @binding(15) var u15: texture_storage_2d<r16unorm, write>;
@group(1) @binding(16) var u16_: texture_storage_2d<r16snorm, write>;
@group(1) @binding(17) var u17: texture_storage_2d<r16uint, write>;
@group(1) @binding(18) var u18: texture_storage_2d<r16sint, write>;
@group(1) @binding(19) var u19: texture_storage_2d<r16float, write>;
@group(1) @binding(20) var u20: texture_storage_2d<rgb10a2unorm, write>;
@group(1) @binding(21) var u21: texture_storage_2d<rgb10a2uint, write>;
@group(1) @binding(22) var u22: texture_storage_2d<rg11b10ufloat, write>;

@compute @workgroup_size(1)
fn main() {
	let c = vec2u();
	textureStore(t0, c, vec4f()); textureStore(t1, c, vec4f()); textureStore(t2, c, vec4u()); textureStore(t3, c, vec4i());
	textureStore(t4, c, vec4u()); textureStore(t5, c, vec4i()); textureStore(t6, c, vec4f()); textureStore(t7, c, vec4u());
	textureStore(t8, c, vec4i()); textureStore(t9, c, vec4f()); textureStore(t10, c, vec4u()); textureStore(t11, c, vec4i());
	textureStore(t12, c, vec4f()); textureStore(t13, c, vec4u()); textureStore(t14, c, vec4i()); textureStore(t15, c, vec4f());
	textureStore(t16, c, vec4f());
	textureStore(u0, c, vec4f()); textureStore(u1, c, vec4f()); textureStore(u2, c, vec4f()); textureStore(u3, c, vec4f());
	textureStore(u4, c, vec4u()); textureStore(u5, c, vec4i()); textureStore(u6, c, vec4f()); textureStore(u7, c, vec4f());
	textureStore(u8, c, vec4u()); textureStore(u9, c, vec4i()); textureStore(u10, c, vec4f()); textureStore(u11, c, vec4f());
	textureStore(u12, c, vec4f()); textureStore(u13, c, vec4u()); textureStore(u14, c, vec4i()); textureStore(u15, c, vec4f());
	textureStore(u16_, c, vec4f()); textureStore(u17, c, vec4u()); textureStore(u18, c, vec4i()); textureStore(u19, c, vec4f());
	textureStore(u20, c, vec4f()); textureStore(u21, c, vec4u()); textureStore(u22, c, vec4f());
	textureStore(t2, c, vec4f()); // ERROR "no matching overload for textureStore(texture_storage_2d<rgba8uint, write>, vec2<u32>, vec4<f32>)"
	textureStore(t9, c, vec4u()); // ERROR "no matching overload for textureStore(texture_storage_2d<r32float, write>, vec2<u32>, vec4<u32>)"
	textureStore(t14, c, vec4u()); // ERROR "no matching overload for textureStore(texture_storage_2d<rgba32sint, write>, vec2<u32>, vec4<u32>)"
	textureStore(u22, c, vec4i()); // ERROR "no matching overload for textureStore(texture_storage_2d<rg11b10ufloat, write>, vec2<u32>, vec4<i32>)"
}
