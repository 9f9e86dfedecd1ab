// Texture built-ins over every texture type they accept (spec "Texture Built-in
// Functions").

@group(0) @binding(0) var t1: texture_1d<f32>;
@group(0) @binding(1) var t2: texture_2d<i32>;
@group(0) @binding(2) var t2a: texture_2d_array<u32>;
@group(0) @binding(3) var t3: texture_3d<f32>;
@group(0) @binding(4) var tc: texture_cube<f32>;
@group(0) @binding(5) var tca: texture_cube_array<f32>;
@group(0) @binding(6) var tms: texture_multisampled_2d<u32>;
@group(0) @binding(7) var td: texture_depth_2d;
@group(0) @binding(8) var tda: texture_depth_2d_array;
@group(0) @binding(9) var tdc: texture_depth_cube;
@group(0) @binding(10) var tdca: texture_depth_cube_array;
@group(0) @binding(11) var tdms: texture_depth_multisampled_2d;
@group(0) @binding(12) var te: texture_external;
@group(0) @binding(13) var s: sampler;
@group(0) @binding(14) var sc: sampler_comparison;
@group(0) @binding(15) var tf2: texture_2d<f32>;
@group(0) @binding(16) var tf2a: texture_2d_array<f32>;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
	let c3 = vec3(uv, 1.0);
	let d1: u32 = textureDimensions(t1) + textureDimensions(t1, 0u);
	let d2: vec2u = textureDimensions(t2) + textureDimensions(t2a, 1) + textureDimensions(tms) + textureDimensions(td) + textureDimensions(tda, 0) + textureDimensions(tdms) + textureDimensions(te) + textureDimensions(tc) + textureDimensions(tdca);
	let d3: vec3u = textureDimensions(t3) + textureDimensions(t3, 2);
	let layers: u32 = textureNumLayers(t2a) + textureNumLayers(tca) + textureNumLayers(tda) + textureNumLayers(tdca);
	let levels: u32 = textureNumLevels(t1) + textureNumLevels(t3) + textureNumLevels(tc) + textureNumLevels(tda) + textureNumLevels(tdc);
	let samples: u32 = textureNumSamples(tms) + textureNumSamples(tdms);
	var f = textureSample(t1, s, uv.x) + textureSample(t3, s, c3) + textureSample(tca, s, c3, 1) + textureSample(tf2a, s, uv, 2u);
	f += textureSampleBias(tc, s, c3, 0.5) + textureSampleBias(tca, s, c3, 1u, 0.5) + textureSampleBias(tf2, s, uv, 1.0, vec2i(1));
	f += textureSampleGrad(tc, s, c3, c3, c3) + textureSampleGrad(t3, s, c3, c3, c3, vec3i()) + textureSampleGrad(tf2a, s, uv, 0, uv, uv);
	f += textureSampleLevel(t1, s, uv.x, 0.0) + textureSampleLevel(tc, s, c3, 1.0) + textureSampleLevel(tca, s, c3, 0i, 1.0);
	f += textureGather(0u, tf2a, s, uv, 1) + textureGather(tda, s, uv, 0) + textureGather(tdc, s, c3) + textureGather(tdca, s, c3, 1u);
	f += textureGatherCompare(tda, sc, uv, 1, 0.5) + textureGatherCompare(tdc, sc, c3, 0.5) + textureGatherCompare(tdca, sc, c3, 1, 0.5);
	var depth: f32 = textureSample(tda, s, uv, 1) + textureSample(tdc, s, c3) + textureSample(tdca, s, c3, 0);
	depth += textureSampleCompare(tda, sc, uv, 1, 0.5) + textureSampleCompare(tdc, sc, c3, 0.5) + textureSampleCompare(tdca, sc, c3, 2, 0.5);
	depth += textureSampleCompareLevel(tda, sc, uv, 1, 0.5) + textureSampleCompareLevel(tdc, sc, c3, 0.5) + textureSampleCompareLevel(td, sc, uv, 0.5, vec2i(-1));
	depth += textureSampleLevel(tda, s, uv, 1, 0) + textureSampleLevel(tdc, s, c3, 0) + textureSampleLevel(tdca, s, c3, 1, 0u);
	depth += textureLoad(tda, vec2i(), 0, 0) + textureLoad(tdms, vec2u(), 0);
	let li: vec4i = textureLoad(t2, vec2i(), 0);
	let lu: vec4u = textureLoad(t2a, vec2u(), 1u, 0) + textureLoad(tms, vec2i(), 1);
	let lf: vec4f = textureLoad(t1, 0, 0) + textureLoad(t3, vec3u(), 0) + textureLoad(te, vec2u());
	let gi: vec4i = textureGather(1, t2, s, uv);
	let gu: vec4u = textureGather(2, t2a, s, uv, 0);
	_ = d1; _ = d2; _ = d3; _ = layers; _ = levels; _ = samples; _ = li; _ = lu; _ = gi; _ = gu;
	return f + vec4(depth) + lf;
}
