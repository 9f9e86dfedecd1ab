// @diagnostic filters on functions, statements and blocks change the severity of
// derivative_uniformity diagnostics in their range (spec "Diagnostic Filtering").

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
var<private> d: f32;

fn helper() -> vec4f {
	if (d < 0.5) @diagnostic(off, derivative_uniformity) {
		return textureSample(t, s, vec2(0, 0));
	}
	return vec4(0.0);
}

@diagnostic(off, derivative_uniformity)
fn off_on_function(x: f32) -> f32 {
	if x > 0.0 { return dpdx(x); }
	return 0.0;
}

fn on_if(x: f32) -> f32 {
	@diagnostic(off, derivative_uniformity) if x > 0.0 { return dpdy(x); }
	return 0.0;
}

fn on_block(x: f32) -> f32 {
	if x > 0.0 {
		@diagnostic(warning, derivative_uniformity) {
			return fwidth(x); // WARNING "'fwidth' must only be called from uniform control flow"
		}
	}
	return 0.0;
}

fn on_loop(x: f32) {
	@diagnostic(off, derivative_uniformity) loop { if x > 0.0 { _ = dpdx(x); break; } }
	for (var i = 0.0; i < x; i += 1.0) @diagnostic(off, derivative_uniformity) { _ = dpdx(x); }
	while x > 1.0 @diagnostic(info, derivative_uniformity) { _ = dpdx(x); break; }
	@diagnostic(off, derivative_uniformity) switch i32(x) { default { _ = dpdx(x); } }
}

@diagnostic(off, derivative_uniformity)
fn nested_override(x: f32) -> f32 {
	if x > 0.0 {
		@diagnostic(error, derivative_uniformity) {
			return dpdx(x); // ERROR "'dpdx' must only be called from uniform control flow"
		}
	}
	return 0.0;
}

fn still_error(x: f32) -> f32 {
	if x > 0.0 { return dpdx(x); } // ERROR "'dpdx' must only be called from uniform control flow"
	return 0.0;
}

@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
	return helper() + vec4(off_on_function(x) + on_if(x) + on_block(x) + nested_override(x) + still_error(x));
}
