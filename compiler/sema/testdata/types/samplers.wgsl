// Sampler types (spec "Sampler Type").

@group(0) @binding(0) var s: sampler;
@group(0) @binding(1) var sc: sampler_comparison;
@group(0) @binding(2) var t: texture_depth_2d;
@group(0) @binding(3) var tf: texture_2d<f32>;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
	let d = textureSampleCompare(t, sc, uv, 0.5);
	let c = textureSample(tf, s, uv);
	let wrong = textureSample(tf, sc, uv); // ERROR "no matching overload for textureSample(texture_2d<f32>, sampler_comparison, vec2<f32>)"
	let wrong2 = textureSampleCompare(t, s, uv, 0.5); // ERROR "no matching overload for textureSampleCompare(texture_depth_2d, sampler, vec2<f32>, AbstractFloat)"
	return c * d;
}

@group(1) @binding(0) var templated: sampler<f32>; // ERROR "type 'sampler' does not take template arguments"
var<private> private_sampler: sampler; // ERROR "texture and sampler variables are declared without an address space" ERROR "resource variable 'private_sampler' needs both @group and @binding"
struct Holder { s: sampler } // ERROR "member 's' has type sampler, which cannot be a structure member"
