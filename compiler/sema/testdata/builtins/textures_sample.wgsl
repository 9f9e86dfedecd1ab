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

	let int_texture = textureSample(ti, s, uv); // ERROR "no matching overload for textureSample(texture_2d<i32>, sampler, vec2<f32>)"
	let wrong_coords = textureSample(t2d, s, vec3(uv, 1.0)); // ERROR "no matching overload for textureSample(texture_2d<f32>, sampler, vec3<f32>)"
	let no_layer = textureSample(t2da, s, uv); // ERROR "no matching overload for textureSample(texture_2d_array<f32>, sampler, vec2<f32>)"
	let float_layer = textureSample(t2da, s, uv, 1.0); // ERROR "no matching overload for textureSample(texture_2d_array<f32>, sampler, vec2<f32>, AbstractFloat)"
	let runtime_offset = textureSample(t2d, s, uv, vec2i(layer)); // ERROR "argument 'offset' of textureSample must be a const-expression"
	let offset_range = textureSample(t2d, s, uv, vec2i(8, 0)); // ERROR "textureSample: each component of the offset must be in -8..7"
	let offset_range_neg = textureSampleLevel(t2d, s, uv, 0.0, vec2i(0, -9)); // ERROR "textureSampleLevel: each component of the offset must be in -8..7"
	let cube_offset = textureSample(tcube, s, vec3(uv, 1.0), vec3i()); // ERROR "no matching overload for textureSample(texture_cube<f32>, sampler, vec3<f32>, vec3<i32>)"
	let gather_runtime_component = textureGather(layer, t2d, s, uv); // ERROR "argument 'component' of textureGather must be a const-expression"
	let gather_component_range = textureGather(4, t2d, s, uv); // ERROR "textureGather: component must be in 0..3, not 4"
	let external_sample = textureSample(text, s, uv); // ERROR "no matching overload for textureSample(texture_external, sampler, vec2<f32>)"
	let no_sampler = textureSample(t2d, uv); // ERROR "no matching overload for textureSample(texture_2d<f32>, vec2<f32>)"
	let level_int_for_color = textureSampleLevel(t2d, s, uv, 0i); // ERROR "no matching overload for textureSampleLevel(texture_2d<f32>, sampler, vec2<f32>, i32)"
	return r;
}
