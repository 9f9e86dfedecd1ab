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
	let depth_component = textureGather(0, td, s, uv); // ERRORx "no matching|overload|textureGather"
	let color_without_component = textureGather(t, s, uv); // ERRORx "no matching|overload|textureGather"
	let float_level = textureLoad(t, vec2i(), 0.5); // ERRORx "no matching|overload|textureLoad"
	let ms_no_sample = textureLoad(tms, vec2i()); // ERRORx "no matching|overload|textureLoad"
	let external_level = textureLoad(te, vec2i(), 0); // ERRORx "no matching|overload|textureLoad"
	let clamp_offset = textureSampleBaseClampToEdge(t, s, uv, vec2i()); // ERRORx "no matching|overload|textureSampleBaseClampToEdge"
	let compare_with_sampler = textureGatherCompare(td, s, uv, 0.5); // ERRORx "no matching|overload|textureGatherCompare"
	let sample_ms = textureSample(tms, s, uv); // ERRORx "no matching|overload|textureSample"
	let gather_offset_range = textureGather(0, t, s, uv, vec2i(0, 8)); // ERRORx "offset|-8|7|range"
	return r;
}
