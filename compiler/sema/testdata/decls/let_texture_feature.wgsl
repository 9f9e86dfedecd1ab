// texture_and_sampler_let lets a let hold a texture or sampler (spec "Language
// Extensions"); documenting it with requires is fine.
requires texture_and_sampler_let;

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment
fn main(@location(0) uv: vec2f) -> @location(0) vec4f {
	let tex = t;
	let smp = s;
	return textureSample(tex, smp, uv);
}
