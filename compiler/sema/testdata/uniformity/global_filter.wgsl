// A global diagnostic filter affects the whole module; range filters nest inside it
// (spec "Global Diagnostic Filter", "Diagnostic Filtering").
diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
var<private> d: f32;

fn helper() -> vec4f {
	if (d < 0.5) {
		return textureSample(t, s, vec2(0, 0));
	} else {
		@diagnostic(warning, derivative_uniformity) {
			return textureSample(t, s, vec2(0, 0)); // WARNING "'textureSample' must only be called from uniform control flow"
		}
	}
	return vec4(0.0); // WARNING "code is unreachable"
}

@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
	if x > 0.0 { return helper() * dpdx(x); }
	return vec4f();
}
