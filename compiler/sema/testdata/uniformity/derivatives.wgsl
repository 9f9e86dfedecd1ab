// Derivatives and implicit-LOD sampling must be in uniform control flow, under the
// derivative_uniformity rule (spec "Uniformity", "Filterable Triggering Rules",
// example "Invalid textureSample Function Call").

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<uniform> u: f32;
@group(0) @binding(3) var td: texture_depth_2d;
@group(0) @binding(4) var sc: sampler_comparison;
@group(0) @binding(5) var<storage, read_write> rw: f32;

@fragment
fn example1(@builtin(position) pos: vec4f) {
	if (pos.x < 0.5) {
		_ = textureSample(t, s, pos.xy); // ERROR "'textureSample' must only be called from uniform control flow"
	}
}

fn scale(in1: f32, in2: f32) -> f32 {
	let v = in1 / in2;
	return v;
}

@fragment
fn example5(@builtin(position) pos: vec4f) {
	let tmp = scale(pos.x, 0.5);
	if tmp > 1.0 {
		_ = textureSample(t, s, pos.xy); // ERROR "'textureSample' must only be called from uniform control flow"
	}
}

@fragment
fn uniform_ok(@location(0) uv: vec2f) -> @location(0) vec4f {
	var c = textureSample(t, s, uv);
	if u > 0.5 {
		c += textureSampleBias(t, s, uv, 1.0) + vec4(dpdx(uv.x) + fwidth(uv.y));
	}
	if uv.x > 0.5 {
		c += textureSampleLevel(t, s, uv, 0.0) + textureSampleGrad(t, s, uv, uv, uv) + textureLoad(t, vec2u(), 0);
	}
	return c;
}

@fragment
fn nonuniform(@location(0) uv: vec2f, @builtin(front_facing) ff: bool) {
	if uv.x > 0.5 { _ = dpdx(uv.x); } // ERROR "'dpdx' must only be called from uniform control flow"
	if ff { _ = fwidthCoarse(uv); } // ERROR "'fwidthCoarse' must only be called from uniform control flow"
	if rw > 0.0 { _ = textureSampleCompare(td, sc, uv, 0.5); } // ERROR "'textureSampleCompare' must only be called from uniform control flow"
	for (var i = 0; f32(i) < uv.y; i++) { _ = dpdyFine(uv.y); } // ERROR "'dpdyFine' must only be called from uniform control flow"
	if uv.y > 0.0 { _ = textureSampleBias(t, s, uv, 0.0); } // ERROR "'textureSampleBias' must only be called from uniform control flow"
}

@fragment
fn discard_keeps_uniformity(@location(0) uv: vec2f) -> @location(0) vec4f {
	if uv.x < 0.0 { discard; }
	return textureSample(t, s, uv);
}
