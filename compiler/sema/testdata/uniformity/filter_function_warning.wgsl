// A warning filter on a function applies to derivatives whose uniformity depends on
// the function's parameters; the diagnostic is a warning (spec "Diagnostic Filtering",
// "Uniformity Rules for Function Calls").

@diagnostic(warning, derivative_uniformity)
fn warning_on_function(x: f32) -> f32 {
	if x > 0.0 { return dpdx(x); } // WARNING "'dpdx' must only be called from uniform control flow"
	return 0.0;
}

@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
	return vec4(warning_on_function(x));
}
