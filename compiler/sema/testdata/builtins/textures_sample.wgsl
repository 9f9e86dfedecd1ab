// Texture sampling built-ins: texture/sampler/coordinate types, array index, offsets
// that are const-expressions in [-8, 7] (spec "Texture Built-in Functions").

@group(0) @binding(0) var t2d: texture_2d<f32>;
@group(0) @binding(1) var t2da: texture_2d_array<f32>;
@group(0) @binding(2) var tcube: texture_cube<f32>;
@group(0) @binding(3) var t3d: texture_3d<f32>;
@group(0) @binding(4) var td: texture_depth_2d;
@group(0) @binding(5) var ti: texture_2d<i32>;
@group(0) @binding(6) var s: sampler;
@group(0) @binding(7) var sc: sampler_comparison;
@group(0) @binding(8) var text: texture_external;

@fragment
fn main(@location(0) uv: vec2f, @location(1) @interpolate(flat) layer: i32) -> @location(0) vec4f {
	var r = textureSample(t2d, s, uv);
	r += textureSample(t2d, s, uv, vec2i(-8, 7));
	r += textureSample(t2da, s, uv, layer);
	r += textureSample(t2da, s, uv, 1u, vec2(1, 2));
	r += textureSample(tcube, s, vec3(uv, 1.0));
	r += textureSample(t3d, s, vec3(uv, 0.5), vec3i());
	r += textureSampleBias(t2d, s, uv, 0.5);
	r += textureSampleLevel(t2d, s, uv, 0.0);
	r += textureSampleGrad(t2d, s, uv, uv, uv);
	r += textureSampleBaseClampToEdge(text, s, uv);
	r += textureSampleBaseClampToEdge(t2d, s, uv);
	r.x += textureSample(td, s, uv);
	r.x += textureSampleLevel(td, s, uv, 0i);
	r.x += textureSampleCompare(td, sc, uv, 0.5);
	r.x += textureSampleCompareLevel(td, sc, uv, 0.5);
	r += textureGather(1, t2d, s, uv);
	r += textureGather(td, s, uv);
	r += textureGatherCompare(td, sc, uv, 0.5);

	let int_texture = textureSample(ti, s, uv); // ERRORx "no matching|overload|textureSample"
	let wrong_coords = textureSample(t2d, s, vec3(uv, 1.0)); // ERRORx "no matching|overload|textureSample"
	let no_layer = textureSample(t2da, s, uv); // ERRORx "no matching|overload|textureSample"
	let float_layer = textureSample(t2da, s, uv, 1.0); // ERRORx "no matching|overload|textureSample"
	let runtime_offset = textureSample(t2d, s, uv, vec2i(layer)); // ERRORx "offset|const"
	let offset_range = textureSample(t2d, s, uv, vec2i(8, 0)); // ERRORx "offset|-8|7|range"
	let offset_range_neg = textureSampleLevel(t2d, s, uv, 0.0, vec2i(0, -9)); // ERRORx "offset|-8|7|range"
	let cube_offset = textureSample(tcube, s, vec3(uv, 1.0), vec3i()); // ERRORx "no matching|overload|textureSample"
	let gather_runtime_component = textureGather(layer, t2d, s, uv); // ERRORx "component|const"
	let gather_component_range = textureGather(4, t2d, s, uv); // ERRORx "component|0|3|range"
	let external_sample = textureSample(text, s, uv); // ERRORx "no matching|overload|textureSample"
	let no_sampler = textureSample(t2d, uv); // ERRORx "no matching|overload|textureSample|argument"
	let level_int_for_color = textureSampleLevel(t2d, s, uv, 0i); // ERRORx "no matching|overload|textureSampleLevel"
	return r;
}
