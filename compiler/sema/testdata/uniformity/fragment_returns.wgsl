// A non-uniform early return makes the rest of the function non-uniform; discard does
// not (spec "Uniformity Rules for Statements").

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment fn early_return(@location(0) uv: vec2f) -> @location(0) vec4f { if uv.x > 0.5 { return vec4f(); } return textureSample(t, s, uv); } // ERROR "'textureSample' must only be called from uniform control flow"

@fragment
fn early_discard(@location(0) uv: vec2f) -> @location(0) vec4f {
	if uv.x > 0.5 { discard; }
	return textureSample(t, s, uv);
}

fn maybe_return(x: f32) -> f32 { if x > 0.5 { return 1.0; } return dpdx(x); } @fragment fn calls_maybe_return(@location(0) x: f32) -> @location(0) vec4f { return vec4(maybe_return(x)); } // ERROR "'dpdx' must only be called from uniform control flow"
