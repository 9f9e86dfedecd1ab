// More texture built-in rules: no component for depth gathers, integer-only levels and
// indices, sampler kinds, external textures (spec "textureGather", "textureLoad",
// "textureSampleBaseClampToEdge").

@group(0) @binding(0) var td: texture_depth_2d;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var te: texture_external;
@group(0) @binding(3) var s: sampler;
@group(0) @binding(4) var sc: sampler_comparison;
@group(0) @binding(5) var tms: texture_multisampled_2d<f32>;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
	var r = textureGather(td, s, uv) + textureGather(3, t, s, uv, vec2i(7, -8));
	r += textureSampleBaseClampToEdge(te, s, uv) + textureLoad(tms, vec2i(), 0);
	let depth_component = textureGather(0, td, s, uv); // ERROR "no matching overload for textureGather(AbstractInt, texture_depth_2d, sampler, vec2<f32>)"
	let color_without_component = textureGather(t, s, uv); // ERROR "no matching overload for textureGather(texture_2d<f32>, sampler, vec2<f32>)"
	let float_level = textureLoad(t, vec2i(), 0.5); // ERROR "no matching overload for textureLoad(texture_2d<f32>, vec2<i32>, AbstractFloat)"
	let ms_no_sample = textureLoad(tms, vec2i()); // ERROR "no matching overload for textureLoad(texture_multisampled_2d<f32>, vec2<i32>)"
	let external_level = textureLoad(te, vec2i(), 0); // ERROR "no matching overload for textureLoad(texture_external, vec2<i32>, AbstractInt)"
	let clamp_offset = textureSampleBaseClampToEdge(t, s, uv, vec2i()); // ERROR "no matching overload for textureSampleBaseClampToEdge(texture_2d<f32>, sampler, vec2<f32>, vec2<i32>)"
	let compare_with_sampler = textureGatherCompare(td, s, uv, 0.5); // ERROR "no matching overload for textureGatherCompare(texture_depth_2d, sampler, vec2<f32>, AbstractFloat)"
	let sample_ms = textureSample(tms, s, uv); // ERROR "no matching overload for textureSample(texture_multisampled_2d<f32>, sampler, vec2<f32>)"
	let gather_offset_range = textureGather(0, t, s, uv, vec2i(0, 8)); // ERROR "textureGather: each component of the offset must be in -8..7"
	return r;
}
