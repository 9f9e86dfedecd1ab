// Sampler types (spec "Sampler Type").

@group(0) @binding(0) var s: sampler;
@group(0) @binding(1) var sc: sampler_comparison;
@group(0) @binding(2) var t: texture_depth_2d;
@group(0) @binding(3) var tf: texture_2d<f32>;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
	let d = textureSampleCompare(t, sc, uv, 0.5);
	let c = textureSample(tf, s, uv);
	let wrong = textureSample(tf, sc, uv); // ERRORx "no matching|overload|sampler|argument"
	let wrong2 = textureSampleCompare(t, s, uv, 0.5); // ERRORx "no matching|overload|sampler|argument"
	return c * d;
}

@group(1) @binding(0) var templated: sampler<f32>; // ERRORx "template|not a type-generator|type generator"
var<private> private_sampler: sampler; // ERRORx "sampler|private|handle|address space"
struct Holder { s: sampler } // ERRORx "sampler|member|plain"
